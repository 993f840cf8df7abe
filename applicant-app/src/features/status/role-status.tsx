import { Flex, Tag } from 'antd';
import type { MyApplication } from '@portal/shared/domain';
import { Link } from '@portal/shared/router';
import { OFFER_LABELS, OUTCOME_VIEW, outcomeOf } from '../../lib/application-status';
import { RoleBadge } from '@portal/shared/ui';

type RoleEntry = MyApplication['roles'][number];

/** One role applied for: "In review" until release; afterwards its outcome and a link to the decision. */
export function RoleStatus({ item, entry }: { item: MyApplication; entry: RoleEntry }) {
  const outcome = item.form.decisionsReleased ? outcomeOf(entry.decision) : null;
  return (
    <Flex component="li" justify="space-between" align="center" gap={8} wrap>
      <RoleBadge role={entry.role} />
      <Flex align="center" gap={8} wrap>
        {outcome ? (
          <>
            <Tag color={OUTCOME_VIEW[outcome].color}>{OUTCOME_VIEW[outcome].label}</Tag>
            {entry.offer && <Tag>{OFFER_LABELS[entry.offer]}</Tag>}
            <Link to={`/apply/decision/${encodeURIComponent(item.response.id)}/${encodeURIComponent(entry.role)}`}>
              See your decision
            </Link>
          </>
        ) : (
          <Tag color="gold">In review</Tag>
        )}
      </Flex>
    </Flex>
  );
}

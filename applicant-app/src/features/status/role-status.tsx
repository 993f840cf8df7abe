import { Flex, Tag } from 'antd';
import type { MyApplication } from '@portal/shared/domain/schemas/responses';
import { Link } from '@portal/shared/router';
import { OFFER_LABELS, OUTCOME_VIEW, outcomeOf } from '../../lib/application-status';
import { RoleBadge } from '@portal/shared/ui';

type RoleEntry = MyApplication['roles'][number];

/**
 * A role's row: two columns, the badge's (as wide as the widest badge, 14em, and its padding) and
 * the status's, side by side when the card has room for both, else the status under the badge.
 * The card's width decides, not the row's words, so every row of a card breaks the same way and
 * the statuses line up (at 390 px: each under its badge; wider: one column of statuses).
 */
export const ROLE_ROW_STYLE = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16em), 1fr))',
  alignItems: 'center',
  gap: 8,
} as const;

/** One role applied for: "In review" until release; afterwards its outcome and a link to the decision. */
export function RoleStatus({ item, entry }: { item: MyApplication; entry: RoleEntry }) {
  const outcome = item.form.decisionsReleased ? outcomeOf(entry.decision) : null;
  return (
    <li style={ROLE_ROW_STYLE}>
      <div style={{ minWidth: 0 }}>
        <RoleBadge role={entry.role} />
      </div>
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
    </li>
  );
}

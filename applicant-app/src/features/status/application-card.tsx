import { Card, Flex, Tag, Typography } from 'antd';
import { formTeamRoles } from '@portal/shared/domain/ids/team-role-defaults';
import type { MyApplication } from '@portal/shared/domain/schemas/responses';
import { Link } from '@portal/shared/router';
import { applicantStatus, editorPath } from '../../lib/application-status';
import { DateTime, RoleBadge, TeamRolesProvider } from '@portal/shared/ui';
import { InterviewSummary } from './interview-summary';
import { RoleStatus } from './role-status';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

function InProgress({ item }: { item: MyApplication }) {
  const { response } = item;
  return (
    <Flex vertical gap={12}>
      <Typography.Text>You have not submitted this application yet.</Typography.Text>
      {response.rolesApplied.length > 0 && (
        <Flex gap={8} wrap aria-label="Roles chosen so far">
          {response.rolesApplied.map((role) => (
            <RoleBadge key={role} role={role} />
          ))}
        </Flex>
      )}
      <Link to={editorPath(item.form.id, response.sectionResponses[0]?.sectionId)}>Continue</Link>
    </Flex>
  );
}

function Submitted({ item }: { item: MyApplication }) {
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        Submitted <DateTime value={item.response.dateSubmitted} dateOnly />
      </Typography.Text>
      {!item.form.decisionsReleased && <InterviewSummary formId={item.form.id} />}
      <Flex vertical gap={8} component="ul" style={LIST_STYLE}>
        {item.roles.map((entry) => (
          <RoleStatus key={entry.role} item={item} entry={entry} />
        ))}
      </Flex>
      <Link to={`/apply/revisit/${encodeURIComponent(item.form.id)}`}>View your answers</Link>
    </Flex>
  );
}

export function ApplicationCard({ item }: { item: MyApplication }) {
  const status = applicantStatus(item);
  return (
    <Card
      title={`${item.form.semester} application`}
      extra={<Tag color={status.color}>{status.label}</Tag>}
      role="region"
      aria-label={`${item.form.semester} application`}
    >
      <TeamRolesProvider roles={formTeamRoles(item.form)}>
        {item.response.status === 'in-progress' ? <InProgress item={item} /> : <Submitted item={item} />}
      </TeamRolesProvider>
    </Card>
  );
}

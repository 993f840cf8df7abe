import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { REVIEW_DECISION_LABELS } from '@portal/shared/domain/ids/constants';
import type { ApplicationRowView } from '@portal/shared/domain/rules/application-row';
import { visibleSections } from '@portal/shared/domain/rules/form-rules';
import { Link, useParams } from '@portal/shared/router';
import { PageSkeleton, PageTitle, ApplicationAnswers, LoadError, RoleBadge, useRoleLabel } from '@portal/shared/ui';
import { DECISION_COLORS, scoreText } from '../../lib/labels';
import { dorPaths } from '../../lib/paths';
import { useStaffApplication } from '../../api/applications';
import { FormRoles } from '../../lib/form-roles';
import { NotesPanel } from '../notes';

function RowCard({ row }: { row: ApplicationRowView }) {
  const roleLabel = useRoleLabel();
  return (
    <Card title={<RoleBadge role={row.role} />} role="region" aria-label={`${roleLabel(row.role)} application`}>
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label="Status">
          <Tag color={DECISION_COLORS[row.decision]}>{REVIEW_DECISION_LABELS[row.decision]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Qualified">{row.qualified ? 'Yes' : 'No'}</Descriptions.Item>
        <Descriptions.Item label="Reviews">
          <Link to={dorPaths.assignments('review', row.responseId)}>{`${row.reviewsDone}/${row.reviewsAssigned}`}</Link>
        </Descriptions.Item>
        <Descriptions.Item label="Average score">{scoreText(row.reviewScore)}</Descriptions.Item>
        <Descriptions.Item label="Interviews">
          <Link to={dorPaths.assignments('interview', row.responseId)}>
            {`${row.interviewsDone}/${row.interviewsAssigned}`}
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label="Interview score">{scoreText(row.interviewScore)}</Descriptions.Item>
        <Descriptions.Item label="Decision">
          {row.final ? REVIEW_DECISION_LABELS[row.decision] : 'Not decided'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** `/admin/dor/application/{formId}/{responseId}`: the applicant, each role's row and every answer. */
export function ApplicationPage() {
  const { responseId = '' } = useParams();
  const application = useStaffApplication(responseId);

  if (application.isError) {
    return (
      <LoadError
        title="The application could not be loaded."
        error={application.error}
        onRetry={() => void application.refetch()}
      />
    );
  }
  if (application.isPending) return <PageSkeleton label="Loading the application" />;

  const { applicant, form, response, rows } = application.data;
  return (
    <FormRoles form={form}>
      <Flex vertical gap={16}>
        <Flex vertical>
          <PageTitle>{`${applicant.firstName} ${applicant.lastName}`.trim()}</PageTitle>
          <Typography.Text type="secondary">{`${applicant.email} · ${form.semester}`}</Typography.Text>
        </Flex>
        <Flex gap={16} wrap>
          <Link to={dorPaths.assignments('review', response.id)}>See reviews</Link>
          <Link to={dorPaths.assignments('interview', response.id)}>See interviews</Link>
          <Link to={dorPaths.response(response.id)}>The response and its status</Link>
          <Link to={dorPaths.dashboard(form.id)}>Back to the dashboard</Link>
        </Flex>
        {rows.map((row) => (
          <RowCard key={row.id} row={row} />
        ))}
        <NotesPanel responseId={response.id} />
        <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
          Answers
        </Typography.Title>
        <ApplicationAnswers sections={visibleSections(form, response.rolesApplied)} response={response} />
      </Flex>
    </FormRoles>
  );
}

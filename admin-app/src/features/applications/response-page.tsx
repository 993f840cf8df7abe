import { APPLICATION_STATUS_LABELS } from '@portal/shared/domain/ids/constants';
import { visibleSections } from '@portal/shared/domain/rules/form-rules';
import { Flex, Tag, Typography } from 'antd';
import { Link, useParams } from '@portal/shared/router';
import { PageSkeleton, PageTitle, ApplicationAnswers, DateTime, LoadError, RoleBadge } from '@portal/shared/ui';
import { dorPaths } from '../../lib/paths';
import { useStaffApplication } from '../../api/applications';
import { FormRoles } from '../../lib/form-roles';

/** `/admin/dor/response/{responseId}`: a response, read-only, with its status. */
export function ResponsePage() {
  const { responseId = '' } = useParams();
  const application = useStaffApplication(responseId);

  if (application.isError) {
    return (
      <LoadError
        title="The response could not be loaded."
        error={application.error}
        onRetry={() => void application.refetch()}
      />
    );
  }
  if (application.isPending) return <PageSkeleton label="Loading the response" />;

  const { applicant, form, response } = application.data;
  return (
    <FormRoles form={form}>
      <Flex vertical gap={16}>
        <PageTitle>{`Response of ${applicant.firstName} ${applicant.lastName}`.trim()}</PageTitle>
        <Flex gap={8} align="center" wrap>
          <Typography.Text type="secondary">{`${form.semester} · ${applicant.email}`}</Typography.Text>
          <Tag>{APPLICATION_STATUS_LABELS[response.status]}</Tag>
          {response.rolesApplied.map((role) => (
            <RoleBadge key={role} role={role} />
          ))}
        </Flex>
        <Typography.Text type="secondary">
          Last saved <DateTime value={response.dateSubmitted} />
        </Typography.Text>
        <Link to={dorPaths.application(form.id, response.id)}>Reviews and decisions</Link>
        <ApplicationAnswers sections={visibleSections(form, response.rolesApplied)} response={response} />
      </Flex>
    </FormRoles>
  );
}

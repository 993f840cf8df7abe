import { Alert, Flex, Result } from 'antd';
import { useQuery } from '@portal/shared/query';
import { formQueryOptions, myApplicationsQueryOptions, usePortal } from '@portal/shared/client';
import { formTeamRoles } from '@portal/shared/domain/ids/team-role-defaults';
import { visibleSections } from '@portal/shared/domain/rules/form-rules';
import { Link, useParams } from '@portal/shared/router';
import { editorPath } from '../../lib/application-status';
import { PageSkeleton, PageTitle, TeamRolesProvider, ApplicationAnswers, LoadError } from '@portal/shared/ui';

/** `/apply/revisit/{formId}`: the applicant's answers for that form, read-only, visible sections only. */
export default function RevisitPage() {
  const { formId = '' } = useParams();
  const { api } = usePortal();
  const form = useQuery(formQueryOptions(api, formId));
  const mine = useQuery(myApplicationsQueryOptions(api));

  const renderBody = () => {
    const error = form.error ?? mine.error;
    if (error) {
      return (
        <LoadError
          title="Your application could not be loaded."
          error={error}
          onRetry={() => void Promise.all([form.refetch(), mine.refetch()])}
        />
      );
    }
    if (!form.data || !mine.data) return <PageSkeleton label="Loading your answers" />;
    const response = mine.data.find((item) => item.form.id === formId)?.response;
    if (!response) {
      return (
        <Result
          status="info"
          title="You have no application for this form."
          extra={<Link to="/apply">Go to the application overview</Link>}
        />
      );
    }
    return (
      <>
        {response.status === 'in-progress' && (
          <Alert
            type="info"
            showIcon
            title="This application has not been submitted yet."
            action={<Link to={editorPath(formId, response.sectionResponses[0]?.sectionId)}>Continue</Link>}
          />
        )}
        <TeamRolesProvider roles={formTeamRoles(form.data)}>
          <ApplicationAnswers sections={visibleSections(form.data, response.rolesApplied)} response={response} />
        </TeamRolesProvider>
      </>
    );
  };

  return (
    <Flex vertical gap={16}>
      <PageTitle>{form.data ? `Your ${form.data.semester} application` : 'Your application'}</PageTitle>
      {renderBody()}
      <Link to="/apply/status">Back to your application status</Link>
    </Flex>
  );
}

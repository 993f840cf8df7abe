import { Flex } from 'antd';
import { useQuery } from '@portal/shared/query';
import {
  activeFormQueryOptions,
  isApiRefusal,
  myApplicationsQueryOptions,
  useCurrentUser,
  usePortal,
  useRetryUnlessAnswered,
} from '@portal/shared/client';
import { RESPONSE_MESSAGES } from '@portal/shared/domain/messages/response-messages';
import { PageSkeleton, PageTitle, LoadError, StatusResult } from '@portal/shared/ui';
import { ActiveFormCard } from './active-form-card';
import { MyApplications } from './my-applications';

/**
 * `/apply`: the active form and one's applications. Any signed-in role may look; staff cannot
 * apply, but one promoted after applying still finds their application here.
 */
export default function OverviewPage() {
  const { api } = usePortal();
  const user = useCurrentUser();
  const isApplicant = user.data?.role === 'applicant';
  const retry = useRetryUnlessAnswered();
  const activeForm = useQuery({ ...activeFormQueryOptions(api), retry });
  // Asked for at once (the route asks as it is entered): staff who applied before being promoted find theirs too.
  const mine = useQuery(myApplicationsQueryOptions(api));
  const showMine = isApplicant || (mine.data?.length ?? 0) > 0;

  const renderForm = () => {
    if (user.isError) {
      return (
        <LoadError title="Your account could not be loaded." error={user.error} onRetry={() => void user.refetch()} />
      );
    }
    if (isApiRefusal(activeForm.error, 'no-active-form')) {
      return (
        <StatusResult
          status="info"
          title={RESPONSE_MESSAGES.noActiveForm}
          subTitle="Applications are closed right now. Check back when the next cycle opens."
        />
      );
    }
    if (activeForm.isError) {
      return (
        <LoadError
          title="The application form could not be loaded."
          error={activeForm.error}
          onRetry={() => void activeForm.refetch()}
        />
      );
    }
    if (user.isPending || activeForm.isPending) return <PageSkeleton label="Loading the application form" />;
    const form = activeForm.data;
    const existing = mine.isPending ? undefined : (mine.data?.find((item) => item.form.id === form.id) ?? null);
    return <ActiveFormCard form={form} canApply={isApplicant} existing={existing} />;
  };

  return (
    <Flex vertical gap={16}>
      <PageTitle>Apply</PageTitle>
      {renderForm()}
      {showMine && <MyApplications mine={mine} />}
    </Flex>
  );
}

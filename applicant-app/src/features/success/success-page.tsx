import { Flex, Result } from 'antd';
import { useQuery } from '@portal/shared/query';
import { myApplicationsQueryOptions, usePortal } from '@portal/shared/client';
import { Link, useLocation } from '@portal/shared/router';
import { LoadError, PageSkeleton, ResultTitle } from '@portal/shared/ui';
import type { SuccessLocationState } from '../../lib/application-status';

const LINKS = (
  <Flex gap={16} justify="center" wrap>
    <Link to="/apply/status">View your application status</Link>
    <Link to="/apply">Back to the overview</Link>
  </Flex>
);

/**
 * `/apply/success`: shown once an application has been submitted. Opened any other way (a
 * bookmark, a typed address), it says so only when one of the applicant's applications is
 * submitted, and otherwise tells them where things stand.
 */
export default function SuccessPage() {
  const { api } = usePortal();
  const location = useLocation();
  const justSubmitted = (location.state as SuccessLocationState | null)?.submitted === true;
  const mine = useQuery({ ...myApplicationsQueryOptions(api), enabled: !justSubmitted });
  const anySubmitted = mine.data?.some((item) => item.response.status !== 'in-progress') ?? false;

  if (!justSubmitted && mine.isPending) return <PageSkeleton label="Loading your applications" />;
  if (!justSubmitted && mine.isError) {
    return (
      <LoadError
        title="Your applications could not be loaded."
        error={mine.error}
        onRetry={() => void mine.refetch()}
      />
    );
  }
  if (justSubmitted || anySubmitted) {
    return (
      <Result
        status="success"
        title={<ResultTitle>Your application has been submitted!</ResultTitle>}
        subTitle="Thank you for applying. We will review your application and let you know when decisions are released."
        extra={LINKS}
      />
    );
  }
  const draft = (mine.data?.length ?? 0) > 0;
  return (
    <Result
      status="info"
      title={<ResultTitle>You have not submitted an application.</ResultTitle>}
      subTitle={
        draft
          ? 'Your application is still a draft: finish it, review it and submit it from the overview.'
          : 'You have not started an application yet. Start one from the overview.'
      }
      extra={LINKS}
    />
  );
}

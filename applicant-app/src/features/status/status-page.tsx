import { Empty, Flex } from 'antd';
import { useQuery } from '@portal/shared/query';
import { myApplicationsQueryOptions, usePortal } from '@portal/shared/client';
import { Link } from '@portal/shared/router';
import { PageSkeleton, PageTitle, LoadError } from '@portal/shared/ui';
import { ApplicationCard } from './application-card';

/** `/apply/status`: every application and each role applied for; outcomes only once released. */
export default function StatusPage() {
  const { api } = usePortal();
  const mine = useQuery(myApplicationsQueryOptions(api));

  const renderBody = () => {
    if (mine.isPending) return <PageSkeleton label="Loading your applications" />;
    if (mine.isError) {
      return (
        <LoadError
          title="Your applications could not be loaded."
          error={mine.error}
          onRetry={() => void mine.refetch()}
        />
      );
    }
    if (mine.data.length === 0) {
      return (
        <Empty description="You have no applications yet.">
          <Link to="/apply">Go to the application overview</Link>
        </Empty>
      );
    }
    return mine.data.map((item) => <ApplicationCard key={item.response.id} item={item} />);
  };

  return (
    <Flex vertical gap={16}>
      <PageTitle>Application status</PageTitle>
      {renderBody()}
    </Flex>
  );
}

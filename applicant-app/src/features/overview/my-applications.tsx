import { Alert, Button, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import type { UseQueryResult } from '@portal/shared/query';
import type { MyApplication } from '@portal/shared/domain/schemas/responses';
import { Link } from '@portal/shared/router';
import { applicantStatus } from '../../lib/application-status';

export function MyApplications({ mine }: { mine: UseQueryResult<MyApplication[]> }) {
  return (
    <Card title="Your applications" extra={mine.data?.length ? <Link to="/apply/status">See status</Link> : null}>
      {mine.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {mine.isError && (
        <Alert
          type="error"
          showIcon
          title="Your applications could not be loaded."
          description={mine.error.message}
          action={<Button onClick={() => void mine.refetch()}>Try again</Button>}
        />
      )}
      {mine.data?.length === 0 && <Empty description="You have not started an application yet." />}
      {mine.data && mine.data.length > 0 && (
        <Flex
          vertical
          gap={8}
          component="ul"
          aria-label="Your applications"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {mine.data.map((item) => {
            const status = applicantStatus(item);
            return (
              <Flex component="li" key={item.response.id} justify="space-between" align="center" gap={8} wrap>
                <Typography.Text>{item.form.semester}</Typography.Text>
                <Tag color={status.color}>{status.label}</Tag>
              </Flex>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}

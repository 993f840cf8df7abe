import type { ReactNode } from 'react';
import { Alert, Button, Flex, List, Spin, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { UserImpact } from '@portal/shared/domain';

/** The impact query's states: a spinner while counting, the error with a retry, else `children`. */
export function ImpactState({
  impact,
  children,
}: {
  impact: UseQueryResult<UserImpact[]>;
  children: (items: UserImpact[]) => ReactNode;
}) {
  if (impact.isPending) {
    return (
      <Flex justify="center" style={{ padding: 16 }}>
        <Spin description="Checking what this affects" />
      </Flex>
    );
  }
  if (impact.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="What this affects could not be checked."
        description={impact.error.message}
        action={<Button onClick={() => void impact.refetch()}>Try again</Button>}
      />
    );
  }
  return children(impact.data);
}

/** One line per user: their name and email, then `describe`'s lines. */
export function ImpactList({ items, describe }: { items: UserImpact[]; describe: (item: UserImpact) => string[] }) {
  return (
    <List
      size="small"
      dataSource={items}
      renderItem={(item) => (
        <List.Item key={item.id}>
          <Flex vertical gap={2}>
            <Typography.Text strong>
              {item.name || item.email} <Typography.Text type="secondary">({item.email})</Typography.Text>
            </Typography.Text>
            {describe(item).map((line) => (
              <Typography.Text key={line}>{line}</Typography.Text>
            ))}
          </Flex>
        </List.Item>
      )}
    />
  );
}

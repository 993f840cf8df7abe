import type { ReactNode } from 'react';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import type { UseQueryResult } from '@portal/shared/query';
import type { UserImpact } from '@portal/shared/domain/rules/staff';

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

/** A list without bullets: `ul` and `li`, each item separated by a line. */
export function PlainList<T>({
  items,
  label,
  render,
}: {
  items: T[];
  label?: string;
  render: (item: T) => { key: string; node: ReactNode };
}) {
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 320, overflowY: 'auto' }}>
      {items.map((item) => {
        const { key, node } = render(item);
        return (
          <li key={key} style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
            {node}
          </li>
        );
      })}
    </ul>
  );
}

/** One entry per user: their name and email, then `describe`'s lines. */
export function ImpactList({ items, describe }: { items: UserImpact[]; describe: (item: UserImpact) => string[] }) {
  return (
    <PlainList
      items={items}
      render={(item) => ({
        key: item.id,
        node: (
          <Flex vertical gap={2}>
            <Typography.Text strong>
              {item.name || item.email} <Typography.Text type="secondary">({item.email})</Typography.Text>
            </Typography.Text>
            {describe(item).map((line) => (
              <Typography.Text key={line}>{line}</Typography.Text>
            ))}
          </Flex>
        ),
      })}
    />
  );
}

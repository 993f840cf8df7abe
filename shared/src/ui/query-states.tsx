import { Alert, Button, Skeleton } from 'antd';

export function PageSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <Skeleton active title paragraph={{ rows: 4 }} />
    </div>
  );
}

/**
 * A failed load, with its reason and a way to try again. An alert, not antd's Result: it shows
 * when the network fails, so it must not need code of its own (it is in the chunk every page loads).
 */
export function LoadError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={error.message}
      action={
        <Button type="primary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

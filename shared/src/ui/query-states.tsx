import { Button, Result, Skeleton } from 'antd';

export function PageSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <Skeleton active title paragraph={{ rows: 4 }} />
    </div>
  );
}

/** A failed load, with its reason and a way to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title={title}
      subTitle={error.message}
      extra={
        <Button type="primary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

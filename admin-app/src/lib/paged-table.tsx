import { Button, Flex, Table, type TableProps, Typography } from 'antd';
import type { UseQueryResult } from '@portal/shared/query';
import type { Page } from '@portal/shared/domain/rules/staff';
import { LoadError, PageSkeleton } from '@portal/shared/ui';
import type { CursorPages } from './use-cursor-pages';

/** "Previous page" / "Next page" over a cursor stack, and how many match in all. */
export function Pager({
  summary,
  hasPrevious,
  nextCursor,
  onPrevious,
  onNext,
}: {
  /** What the list holds in all, e.g. "12 applications". */
  summary: string;
  hasPrevious: boolean;
  nextCursor: string | null;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}) {
  return (
    <Flex justify="space-between" align="center" gap={8} wrap>
      <Typography.Text type="secondary">{summary}</Typography.Text>
      <Flex gap={8}>
        <Button disabled={!hasPrevious} onClick={onPrevious}>
          Previous page
        </Button>
        <Button disabled={!nextCursor} onClick={() => nextCursor && onNext(nextCursor)}>
          Next page
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * One server page of a list as a table with its pager: an error with Retry, a skeleton while the
 * first page loads, then the rows (the previous page stays while the next one loads).
 */
export function PagedTable<T extends object>({
  query,
  pages,
  errorTitle,
  loadingLabel,
  countText,
  emptyText,
  scrollX = 'max-content',
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading' | 'locale'> & {
  query: UseQueryResult<Page<T>>;
  pages: CursorPages;
  errorTitle: string;
  loadingLabel: string;
  /** What the list holds in all, from the total: "12 applications". */
  countText: (total: number) => string;
  emptyText: string;
  /**
   * The narrowest the table gets before it scrolls sideways (a phone). A number lets cells wrap to
   * fit a wider screen (the table takes the full width); 'max-content' never wraps.
   */
  scrollX?: number | 'max-content';
}) {
  if (query.isError) return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <PageSkeleton label={loadingLabel} />;
  return (
    <>
      <Table<T>
        {...table}
        dataSource={query.data.items}
        pagination={false}
        loading={query.isFetching}
        scroll={{ x: scrollX }}
        locale={{ emptyText }}
      />
      <Pager
        summary={countText(query.data.total)}
        hasPrevious={pages.hasPrevious}
        nextCursor={query.data.nextCursor}
        onPrevious={pages.previous}
        onNext={pages.next}
      />
    </>
  );
}

import type { ReactNode } from 'react';
import { Button, Flex, Table, type TableProps, Typography } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { UseQueryResult } from '@portal/shared/query';
import type { Page } from '@portal/shared/domain/rules/staff';
import { LoadError, PageSkeleton, useScreens } from '@portal/shared/ui';
import type { CursorPages } from './use-cursor-pages';
import { type TableWidth, wideTable } from './wide-table';

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

/** A cell's content as its column draws it (its `render`, else the record's `dataIndex` field). */
function cellOf<T extends object>(column: ColumnType<T>, record: T, index: number): ReactNode {
  const path = column.dataIndex;
  const value =
    typeof path === 'string' || typeof path === 'number'
      ? (record as Record<string | number, unknown>)[path]
      : undefined;
  return column.render ? (column.render(value, record, index) as ReactNode) : (value as ReactNode);
}

/** The columns as one: each row a list of "title, value" pairs, one under the other (a phone). */
function stackedColumns<T extends object>(columns: ColumnsType<T>, title: string): ColumnsType<T> {
  const shown = columns.filter((column): column is ColumnType<T> => !('children' in column));
  return [
    {
      title,
      key: 'stacked',
      render: (_: unknown, record, index) => (
        <dl style={{ margin: 0 }}>
          {shown.map((column, at) => (
            <div key={String(column.key ?? at)} style={{ marginBottom: 4 }}>
              <dt>
                <Typography.Text type="secondary" strong>
                  {typeof column.title === 'function' ? null : column.title}
                </Typography.Text>
              </dt>
              <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{cellOf(column, record, index)}</dd>
            </div>
          ))}
        </dl>
      ),
    },
  ];
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
  stackOnPhone,
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
  scrollX?: TableWidth;
  /**
   * On a phone (under antd's `sm`, 576 px) the columns stacked in one, titled so, instead of a
   * table wider than the screen that shows one or two columns at a time.
   */
  stackOnPhone?: string;
}) {
  const screens = useScreens();
  const stacked = stackOnPhone !== undefined && screens.xs === true && table.columns !== undefined;
  if (query.isError) return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <PageSkeleton label={loadingLabel} />;
  return (
    <>
      <Table<T>
        {...table}
        {...(stacked && { columns: stackedColumns(table.columns!, stackOnPhone) })}
        dataSource={query.data.items}
        pagination={false}
        loading={query.isFetching}
        {...(!stacked && wideTable(scrollX))}
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

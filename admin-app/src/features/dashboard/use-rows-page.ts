import { useState } from 'react';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import {
  DEFAULT_PAGE_SIZE,
  type ApplicationRowView,
  type RowFilter,
  type RowSort,
  type RowTab,
} from '@portal/shared/domain';
import { useRows } from '../../api/rows';
import { useCursorPages } from '../../lib/use-cursor-pages';

type Sort = { sort: RowSort; dir: 'asc' | 'desc' };
const DEFAULT_SORT: Sort = { sort: 'submittedAt', dir: 'desc' };

/** One page of a dashboard tab's rows, sorted and paged on the server. */
export function useRowsPage(formId: string, tab: RowTab, search: string, filter?: RowFilter) {
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const text = search.trim();
  const pages = useCursorPages(`${text}|${sort.sort}|${sort.dir}|${filter ?? ''}`);
  const rows = useRows(formId, {
    tab,
    search: text,
    sort: sort.sort,
    dir: sort.dir,
    ...(filter ? { filter } : {}),
    cursor: pages.cursor ?? undefined,
    limit: DEFAULT_PAGE_SIZE,
  });

  /** A column's controlled sort order. */
  const sortOrder = (key: RowSort): SortOrder =>
    sort.sort === key ? (sort.dir === 'asc' ? 'ascend' : 'descend') : null;

  /** antd Table's onChange: a header click sorts by that column; a third click goes back to the default. */
  const onSort = (sorter: SorterResult<ApplicationRowView> | SorterResult<ApplicationRowView>[]) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    if (!single?.order || !single.columnKey) setSort(DEFAULT_SORT);
    else setSort({ sort: single.columnKey as RowSort, dir: single.order === 'ascend' ? 'asc' : 'desc' });
  };

  return { rows, pages, sortOrder, onSort };
}

import { useState } from 'react';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePortal } from '@portal/shared/client';
import type { ApplicationRowView, RowSort, RowTab } from '@portal/shared/domain';
import { rowsQueryOptions } from '../../api/dashboard';
import { useCursorPages } from '../../lib/use-cursor-pages';

type Sort = { sort: RowSort; dir: 'asc' | 'desc' };
const DEFAULT_SORT: Sort = { sort: 'submittedAt', dir: 'desc' };

/** One page of a dashboard tab's rows, sorted and paged on the server. */
export function useRowsPage(formId: string, tab: RowTab, search: string) {
  const { api } = usePortal();
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const pages = useCursorPages(`${search.trim()}|${sort.sort}|${sort.dir}`);
  const rows = useQuery({
    ...rowsQueryOptions(api, formId, { tab, search, ...sort, cursor: pages.cursor }),
    placeholderData: keepPreviousData,
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

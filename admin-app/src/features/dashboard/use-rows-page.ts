import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import type { DashboardRowView } from '@portal/shared/domain/rules/fair-review';
import {
  DEFAULT_PAGE_SIZE,
  ROW_SORTS,
  type RowFilter,
  type RowSort,
  type RowTab,
} from '@portal/shared/domain/schemas/staff-api';
import { useUrlParams } from '@portal/shared/router';
import { useRows } from '../../api/rows';
import { useCursorPages } from '../../lib/use-cursor-pages';

type Sort = { sort: RowSort; dir: 'asc' | 'desc' };
const DEFAULT_SORT: Sort = { sort: 'submittedAt', dir: 'desc' };

/** The sort in the URL (`?sort=name&dir=asc`, like the search's `?q=`), so a reload or Back keeps it; absent: the default. */
function useUrlSort() {
  const { params, update } = useUrlParams();
  const key = ROW_SORTS.find((known) => known === params.get('sort'));
  const dir = params.get('dir');
  const sort: Sort = key ? { sort: key, dir: dir === 'asc' ? 'asc' : 'desc' } : DEFAULT_SORT;
  const setSort = (next: Sort) =>
    update((updated) => {
      const isDefault = next.sort === DEFAULT_SORT.sort && next.dir === DEFAULT_SORT.dir;
      if (isDefault) {
        updated.delete('sort');
        updated.delete('dir');
      } else {
        updated.set('sort', next.sort);
        updated.set('dir', next.dir);
      }
    });
  return [sort, setSort] as const;
}

/** One page of a dashboard tab's rows, sorted and paged on the server. */
export function useRowsPage(formId: string, tab: RowTab, search: string, filter?: RowFilter, tag?: string) {
  const [sort, setSort] = useUrlSort();
  const text = search.trim();
  const pages = useCursorPages(`${text}|${sort.sort}|${sort.dir}|${filter ?? ''}|${tag ?? ''}`);
  const rows = useRows(formId, {
    tab,
    search: text,
    sort: sort.sort,
    dir: sort.dir,
    ...(filter ? { filter } : {}),
    ...(tag ? { tag } : {}),
    cursor: pages.cursor ?? undefined,
    limit: DEFAULT_PAGE_SIZE,
  });

  /** A column's controlled sort order. */
  const sortOrder = (key: RowSort): SortOrder =>
    sort.sort === key ? (sort.dir === 'asc' ? 'ascend' : 'descend') : null;

  /** antd Table's onChange: a header click sorts by that column; a third click goes back to the default. */
  const onSort = (sorter: SorterResult<DashboardRowView> | SorterResult<DashboardRowView>[]) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    if (!single?.order || !single.columnKey) setSort(DEFAULT_SORT);
    else setSort({ sort: single.columnKey as RowSort, dir: single.order === 'ascend' ? 'asc' : 'desc' });
  };

  return { rows, pages, sortOrder, onSort };
}

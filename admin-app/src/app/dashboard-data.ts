import { formQueryOptions } from '@portal/shared/client';
import { DEFAULT_PAGE_SIZE, type RowTab } from '@portal/shared/domain/schemas/staff-api';
import type { PageData } from '@portal/shared/ui';
import { releaseScheduleQueryOptions } from '../api/release-schedule';
import { offersQueryOptions, rowsQueryOptions } from '../api/rows';
import { staffSummariesQueryOptions } from '../api/staff';
import { savedViewsQueryOptions, tagsQueryOptions } from '../api/tags';

const ROW_TABS: Record<string, RowTab> = { '': 'all', all: 'all', qualified: 'qualified' };

/**
 * What the super-reviewer's dashboard first asks for, asked as its route is entered (see
 * `Prefetched`): the form, the offers and the release schedule of its header, and on the All and
 * Qualified tabs the first page of rows, the staff the bulk actions offer, the form's tags and its
 * saved views (asked by the rows' toolbar once drawn, they were a second wait). The rows only for the
 * address as it opens by default (no search, filter or sort in it), the page the link from Admin
 * Home opens; any other the tab asks for itself.
 */
export const dashboardData: PageData = (client, api, params, query) => {
  const formId = params.formId ?? '';
  const tab = ROW_TABS[(params['*'] ?? '').split('/')[0]!];
  const asks = [
    client.prefetchQuery(formQueryOptions(api, formId)),
    client.prefetchQuery(offersQueryOptions(api, formId)),
    client.prefetchQuery(releaseScheduleQueryOptions(api, formId)),
  ];
  if (!tab) return asks;
  asks.push(
    client.prefetchQuery(staffSummariesQueryOptions(api, formId, { kind: tab === 'all' ? 'review' : 'interview' })),
    client.prefetchQuery(tagsQueryOptions(api, formId)),
    client.prefetchQuery(savedViewsQueryOptions(api, formId)),
  );
  if (!['q', 'filter', 'sort', 'dir'].some((name) => query.has(name)))
    asks.push(
      client.prefetchQuery(
        rowsQueryOptions(api, formId, { tab, search: '', sort: 'submittedAt', dir: 'desc', limit: DEFAULT_PAGE_SIZE }),
      ),
    );
  return asks;
};

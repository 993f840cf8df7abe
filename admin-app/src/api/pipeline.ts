import { keepPreviousData, useQuery } from '@portal/shared/query';
import { usePortal } from '@portal/shared/client';
import type { ApplicationRowView } from '@portal/shared/domain/rules/application-row';
import type { PipelinePage } from '@portal/shared/domain/rules/pipeline';
import type { Page } from '@portal/shared/domain/rules/staff';
import { staffKeys } from './keys';

const id = encodeURIComponent;

/**
 * The pipeline's query keys, under `staffKeys.all` (every staff mutation refreshes them), kept here
 * rather than in keys.ts: that module is part of the staff home's first download, this one only of
 * the Pipeline tab's chunk (docs/performance.md#pipeline-at-a-glance).
 */
const pipelineKeys = {
  page: (formId: string) => [...staffKeys.all, 'pipeline', formId] as const,
  rows: (formId: string, query: Record<string, string>) =>
    [...staffKeys.all, 'pipeline', formId, 'rows', query] as const,
};

/** GET /admin/forms/{formId}/pipeline: the funnel per role, submissions per day, reviews per reviewer per day. */
export function usePipeline(formId: string) {
  const { api } = usePortal();
  return useQuery({
    queryKey: pipelineKeys.page(formId),
    queryFn: () => api.request<PipelinePage>('GET', `/admin/forms/${id(formId)}/pipeline`),
  });
}

/** What a chart's rows are: a role's stage of the funnel, or a day's submissions (and the page's cursor). */
export type PipelineRowsSelection = { role: string; stage: string } | { day: string };

/** GET …/pipeline/rows: one page of the rows a chart counts. */
export function usePipelineRows(formId: string, selection: PipelineRowsSelection | null, cursor: string | null) {
  const { api } = usePortal();
  const query: Record<string, string> = { ...selection, ...(cursor ? { cursor } : {}) };
  return useQuery({
    queryKey: pipelineKeys.rows(formId, query),
    queryFn: () =>
      api.request<Page<ApplicationRowView>>(
        'GET',
        `/admin/forms/${id(formId)}/pipeline/rows?${new URLSearchParams(query).toString()}`,
      ),
    enabled: selection !== null,
    placeholderData: keepPreviousData,
  });
}

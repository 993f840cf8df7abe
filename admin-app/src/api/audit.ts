import { keepPreviousData, queryOptions, useQuery } from '@portal/shared/query';
import { saveBlob, usePortal, type ApiClient } from '@portal/shared/client';
import type { Page } from '@portal/shared/domain/rules/staff';
import type { AuditEntry, AuditExportQuery, AuditQuery } from '@portal/shared/domain/schemas/audit';
import { apiPath } from './api-path';
import { staffKeys } from './keys';

/** GET /admin/audit: one page of the audit log, newest first, filtered on the server. */
export const auditQueryOptions = (api: ApiClient, query: AuditQuery) =>
  queryOptions({
    queryKey: staffKeys.audit(query),
    queryFn: () => api.request<Page<AuditEntry>>('GET', apiPath('/admin/audit', query)),
  });

export function useAuditLog(query: AuditQuery) {
  const { api } = usePortal();
  return useQuery({ ...auditQueryOptions(api, query), placeholderData: keepPreviousData });
}

/**
 * GET /admin/audit/export.csv: every entry the filters match, fetched with the caller's tokens and
 * handed to the browser as "audit log 2026-03-01.csv".
 */
export async function downloadAuditLog(api: ApiClient, query: AuditExportQuery, now = new Date()): Promise<void> {
  saveBlob(
    await api.download(apiPath('/admin/audit/export.csv', query)),
    `audit log ${now.toISOString().slice(0, 10)}.csv`,
  );
}

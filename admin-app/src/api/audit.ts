import { keepPreviousData, queryOptions, useQuery } from '@portal/shared/query';
import { usePortal, type ApiClient } from '@portal/shared/client';
import type { Page } from '@portal/shared/domain/rules/staff';
import type { AuditEntry, AuditQuery } from '@portal/shared/domain/schemas/audit';
import { apiPath } from './api-path';
import { staffKeys } from './keys';

/** GET /admin/audit: one page of the audit log, newest first. */
export const auditQueryOptions = (api: ApiClient, query: AuditQuery) =>
  queryOptions({
    queryKey: staffKeys.audit(query),
    queryFn: () => api.request<Page<AuditEntry>>('GET', apiPath('/admin/audit', query)),
  });

export function useAuditLog(query: AuditQuery) {
  const { api } = usePortal();
  return useQuery({ ...auditQueryOptions(api, query), placeholderData: keepPreviousData });
}

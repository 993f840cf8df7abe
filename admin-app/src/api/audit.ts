import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@portal/shared/client';
import type { AuditAction, AuditEntry, Page } from '@portal/shared/domain';
import { staffKeys } from './keys';

export interface AuditLogQuery {
  action: AuditAction | '';
  cursor: string | null;
}

/** Under `staffKeys.all`: any staff change that invalidates everything refreshes the log too. */
export const auditKeys = {
  all: [...staffKeys.all, 'audit'] as const,
  list: (query: AuditLogQuery) => [...auditKeys.all, query] as const,
};

/** The audit path with its query in a fixed order (action, cursor), empty values left out. */
export function auditPath({ action, cursor }: AuditLogQuery): string {
  const params = new URLSearchParams();
  if (action) params.set('action', action);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/admin/audit?${query}` : '/admin/audit';
}

/** GET /admin/audit: one page of the audit log, newest first. */
export function auditQueryOptions(api: ApiClient, query: AuditLogQuery) {
  return queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: () => api.request<Page<AuditEntry>>('GET', auditPath(query)),
  });
}

import { type AuditEntry, type auditQuerySchema, type Page } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { z } from 'zod';
import type { DocumentStore, EqualityFilter } from '../store/document-store';
import { queryPage } from '../store/query-pages';

export type AuditListQuery = z.output<typeof auditQuerySchema>;

/** Reads the audit log. There is deliberately nothing here that writes it: entries are appended by the changes they record. */
export function createAuditService(deps: { store: DocumentStore }) {
  return {
    /** Newest first (then by id), optionally one action only; needs the index (action ASC, at DESC). */
    async list(query: AuditListQuery): Promise<Page<AuditEntry>> {
      const where: EqualityFilter[] = query.action ? [{ field: 'action', value: query.action }] : [];
      return queryPage<AuditEntry & Record<string, unknown>>(deps.store, COLLECTIONS.audit, {
        where,
        orderBy: { field: 'at', direction: 'desc' },
        limit: query.limit,
        after: query.cursor,
      });
    },
  };
}

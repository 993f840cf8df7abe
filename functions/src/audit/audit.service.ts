import {
  displayName,
  TEAM_ROLE_DISPLAY,
  type ApplicationForm,
  type ApplicationRow,
  type AuditEntry,
  type auditQuerySchema,
  type Page,
  type TeamRole,
  type User,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { z } from 'zod';
import type { DocumentStore, EqualityFilter } from '../store/document-store';
import { queryPage } from '../store/query-pages';

export type AuditListQuery = z.output<typeof auditQuerySchema>;

/** Reads the audit log. There is deliberately nothing here that writes it: entries are appended by the changes they record. */
const roleText = (role: unknown) => TEAM_ROLE_DISPLAY[role as TeamRole]?.label ?? String(role);

/** A person's name from a stored record or a kept snapshot (before/after of the entry). */
const nameOf = (value: unknown): string | undefined => {
  const person = value as Partial<User> | null | undefined;
  return person?.firstName !== undefined && person.lastName !== undefined
    ? displayName({ firstName: person.firstName, lastName: person.lastName })
    : undefined;
};

/** The target of an entry in words, from the entry itself where it keeps them, else from the store now. */
async function targetLabel(store: DocumentStore, entry: AuditEntry): Promise<string | undefined> {
  const { collection, id } = entry.target;
  if (collection === COLLECTIONS.users) {
    return nameOf(await store.get<User>(COLLECTIONS.users, id)) ?? nameOf(entry.before) ?? 'a deleted user';
  }
  if (collection === COLLECTIONS.reviewStatuses) {
    const row = await store.get<ApplicationRow>(COLLECTIONS.reviewStatuses, id);
    const role = row?.role ?? id.split('__')[1];
    return `${row?.applicantName || 'a deleted applicant'} · ${roleText(role)}`;
  }
  if (collection === COLLECTIONS.reviews || collection === COLLECTIONS.interviews) {
    const ref = (entry.after ?? entry.before) as { applicantName?: string; role?: string; staffName?: string } | null;
    if (!ref?.applicantName) return undefined;
    const kind = collection === COLLECTIONS.reviews ? 'Review' : 'Interview';
    return `${kind} of ${ref.applicantName} · ${roleText(ref.role)}${ref.staffName ? ` by ${ref.staffName}` : ''}`;
  }
  if (collection === COLLECTIONS.forms) {
    return (await store.get<ApplicationForm>(COLLECTIONS.forms, id))?.semester;
  }
  return undefined;
}

export function createAuditService(deps: { store: DocumentStore }) {
  return {
    /** Newest first (then by id), optionally one action only; needs the index (action ASC, at DESC). */
    async list(query: AuditListQuery): Promise<Page<AuditEntry>> {
      const where: EqualityFilter[] = query.action ? [{ field: 'action', value: query.action }] : [];
      const page = await queryPage<AuditEntry & Record<string, unknown>>(deps.store, COLLECTIONS.audit, {
        where,
        orderBy: { field: 'at', direction: 'desc' },
        limit: query.limit,
        after: query.cursor,
      });
      const labels = await Promise.all(page.items.map((entry) => targetLabel(deps.store, entry)));
      return {
        ...page,
        items: page.items.map((entry, index) => (labels[index] ? { ...entry, targetLabel: labels[index] } : entry)),
      };
    },
  };
}

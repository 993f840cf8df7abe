import {
  displayName,
  formTeamRoles,
  teamRoleLabel,
  type ApplicationForm,
  type ApplicationRow,
  type AuditEntry,
  type auditQuerySchema,
  type Page,
  type User,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { z } from 'zod/mini';
import type { DocumentStore, EqualityFilter } from '../store/document-store';
import { queryPage } from '../store/query-pages';

export type AuditListQuery = z.output<typeof auditQuerySchema>;

/** Reads the audit log. There is deliberately nothing here that writes it: entries are appended by the changes they record. */
/** A role's label in the form it belongs to (a form without roles of its own: the default roles). */
async function roleText(store: DocumentStore, formId: unknown, role: unknown): Promise<string> {
  const form = typeof formId === 'string' ? await store.get<ApplicationForm>(COLLECTIONS.forms, formId) : null;
  return teamRoleLabel(formTeamRoles(form ?? {}), String(role));
}

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
    return `${row?.applicantName || 'a deleted applicant'} · ${await roleText(store, row?.applicationFormId, role)}`;
  }
  if (collection === COLLECTIONS.reviews || collection === COLLECTIONS.interviews) {
    const ref = (entry.after ?? entry.before) as {
      applicantName?: string;
      role?: string;
      staffName?: string;
      applicationFormId?: string;
    } | null;
    if (!ref?.applicantName) return undefined;
    const kind = collection === COLLECTIONS.reviews ? 'Review' : 'Interview';
    const role = await roleText(store, ref.applicationFormId, ref.role);
    return `${kind} of ${ref.applicantName} · ${role}${ref.staffName ? ` by ${ref.staffName}` : ''}`;
  }
  if (collection === COLLECTIONS.forms) {
    return (await store.get<ApplicationForm>(COLLECTIONS.forms, id))?.semester;
  }
  if (collection === COLLECTIONS.releaseSchedules) {
    const semester = (await store.get<ApplicationForm>(COLLECTIONS.forms, id))?.semester;
    return semester && `Release of ${semester}`;
  }
  if (collection === COLLECTIONS.outbox) {
    const message = await store.get<{ to: string; subject: string }>(COLLECTIONS.outbox, id);
    return message ? `Email to ${message.to}: ${message.subject}` : undefined;
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

import {
  AUDIT_ACTION_LABELS,
  auditWhoText,
  displayName,
  formatDateTime,
  formTeamRoles,
  fromZonedWallTime,
  teamRoleLabel,
  type ApplicationForm,
  type ApplicationRow,
  type AuditEntry,
  type auditExportQuerySchema,
  type auditQuerySchema,
  type AuditTargetKind,
  type Page,
  type User,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { z } from 'zod/mini';
import { InvalidCursorError, type DocumentStore, type EqualityFilter } from '../store/document-store';
import { queryPage } from '../store/query-pages';

export type AuditListQuery = z.output<typeof auditQuerySchema>;
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;

/** Each target kind of the filter, by the collection its entries name. */
const TARGET_COLLECTIONS: Record<AuditTargetKind, string> = {
  application: COLLECTIONS.reviewStatuses,
  review: COLLECTIONS.reviews,
  interview: COLLECTIONS.interviews,
  person: COLLECTIONS.users,
  form: COLLECTIONS.forms,
  release: COLLECTIONS.releaseSchedules,
  conflict: COLLECTIONS.conflicts,
  email: COLLECTIONS.outbox,
  slot: COLLECTIONS.interviewSlots,
  note: COLLECTIONS.notes,
  tag: COLLECTIONS.rowTags,
};

type StoredEntry = AuditEntry & Record<string, unknown>;

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

interface AssessmentNames {
  applicantName?: string;
  role?: string;
  staffName?: string;
  applicationFormId?: string;
}

/** The target of an entry in words, from the entry itself where it keeps them, else from the store now. */
async function targetLabel(store: DocumentStore, entry: AuditEntry, timeZone: string): Promise<string | undefined> {
  const { collection, id } = entry.target;
  const kept = (entry.after ?? entry.before) as Record<string, unknown> | null;
  if (collection === COLLECTIONS.users) {
    return nameOf(await store.get<User>(COLLECTIONS.users, id)) ?? nameOf(entry.before) ?? 'a deleted user';
  }
  if (collection === COLLECTIONS.reviewStatuses) {
    const row = await store.get<ApplicationRow>(COLLECTIONS.reviewStatuses, id);
    const role = row?.role ?? id.split('__')[1];
    return `${row?.applicantName || 'a deleted applicant'} · ${await roleText(store, row?.applicationFormId ?? entry.formId, role)}`;
  }
  if (collection === COLLECTIONS.reviews || collection === COLLECTIONS.interviews) {
    // The entry's own names, else the assessment's as stored now (a reopened review keeps only its state).
    const ref = (
      (kept as AssessmentNames | null)?.applicantName ? kept : await store.get<Record<string, unknown>>(collection, id)
    ) as AssessmentNames | null;
    const kind = collection === COLLECTIONS.reviews ? 'Review' : 'Interview';
    if (!ref?.applicantName) return `${kind} (since deleted)`;
    const role = await roleText(store, ref.applicationFormId ?? entry.formId, ref.role);
    return `${kind} of ${ref.applicantName} · ${role}${ref.staffName ? ` by ${ref.staffName}` : ''}`;
  }
  if (collection === COLLECTIONS.forms) {
    return (await store.get<ApplicationForm>(COLLECTIONS.forms, id))?.semester ?? 'a deleted form';
  }
  if (collection === COLLECTIONS.releaseSchedules) {
    const semester = (await store.get<ApplicationForm>(COLLECTIONS.forms, id))?.semester;
    return semester && `Release of ${semester}`;
  }
  if (collection === COLLECTIONS.outbox) {
    const message = await store.get<{ to: string; subject: string }>(COLLECTIONS.outbox, id);
    return message ? `Email to ${message.to}: ${message.subject}` : 'an email';
  }
  if (collection === COLLECTIONS.conflicts) {
    const conflict = kept as { staff?: string; applicant?: string } | null;
    return conflict?.staff
      ? `Conflict of interest: ${conflict.staff} with ${conflict.applicant}`
      : 'a conflict of interest';
  }
  if (collection === COLLECTIONS.interviewSlots) {
    const slot = kept as { startsAt?: string } | null;
    const stored = await store.get<{ startsAt: string }>(COLLECTIONS.interviewSlots, id);
    const startsAt = slot?.startsAt ?? stored?.startsAt;
    return startsAt ? `Interview slot of ${formatDateTime(startsAt, timeZone)}` : 'an interview slot';
  }
  if (collection === COLLECTIONS.notes) {
    // The entry keeps the application (its response), not whose it is: named as it is stored now.
    const responseId = (kept as { responseId?: unknown } | null)?.responseId;
    const response =
      typeof responseId === 'string' ? await store.get<{ userId: string }>(COLLECTIONS.responses, responseId) : null;
    const applicant = response ? nameOf(await store.get<User>(COLLECTIONS.users, response.userId)) : undefined;
    return applicant ? `Note on the application of ${applicant}` : 'a note (its application since deleted)';
  }
  return undefined;
}

/** A day in the chapter's zone as the instants it spans: [its start, the next day's start). */
function dayRange(from: string | undefined, to: string | undefined, timeZone: string) {
  const start = from ? fromZonedWallTime(`${from}T00:00`, timeZone)!.getTime() : -Infinity;
  const next = to ? new Date(`${to}T00:00:00.000Z`) : null;
  next?.setUTCDate(next.getUTCDate() + 1);
  const end = next ? fromZonedWallTime(next.toISOString().slice(0, 16), timeZone)!.getTime() : Infinity;
  return { start, end };
}

/** Newest first, then by id (as the store orders `at` descending). */
const newestFirst = (a: AuditEntry, b: AuditEntry) =>
  a.at === b.at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.at < b.at ? 1 : -1;

/** A dated page's cursor: the last entry given (its time and id). */
const datedCursor = (entry: AuditEntry) => `d|${entry.at}|${entry.id}`;

export function createAuditService(deps: { store: DocumentStore; timeZone: string }) {
  const { store, timeZone } = deps;

  const filtersOf = (query: AuditExportQuery): EqualityFilter[] => [
    ...(query.action ? [{ field: 'action', value: query.action }] : []),
    ...(query.actorId ? [{ field: 'actorId', value: query.actorId }] : []),
    ...(query.target ? [{ field: 'target.collection', value: TARGET_COLLECTIONS[query.target] }] : []),
  ];

  /**
   * Every entry matching the equality filters within the dates, newest first: read page by page
   * from the newest, stopping at the first entry before the first day.
   */
  async function* dated(query: AuditExportQuery): AsyncGenerator<AuditEntry> {
    const { start, end } = dayRange(query.from, query.to, timeZone);
    let after: string | undefined;
    do {
      const page = await store.query<StoredEntry>(COLLECTIONS.audit, {
        where: filtersOf(query),
        orderBy: { field: 'at', direction: 'desc' },
        limit: 200,
        after,
      });
      for (const { data } of page.items) {
        const at = Date.parse(data.at);
        if (at < start) return;
        if (at < end) yield data;
      }
      after = page.nextCursor ?? undefined;
    } while (after);
  }

  /** The entries with their target in words and their form's role labels (read now, never stored). */
  async function described(entries: AuditEntry[]): Promise<AuditEntry[]> {
    const forms = new Map<string, Promise<ApplicationForm | null>>();
    const formOf = (id: string) => {
      if (!forms.has(id)) forms.set(id, store.get<ApplicationForm>(COLLECTIONS.forms, id));
      return forms.get(id)!;
    };
    return Promise.all(
      entries.map(async (entry) => {
        const label = await targetLabel(store, entry, timeZone);
        const form = entry.formId ? await formOf(entry.formId) : null;
        const roleLabels = form ? Object.fromEntries(formTeamRoles(form).map((role) => [role.id, role.label])) : null;
        return { ...entry, ...(label ? { targetLabel: label } : {}), ...(roleLabels ? { roleLabels } : {}) };
      }),
    );
  }

  async function datedPage(query: AuditListQuery): Promise<Page<AuditEntry>> {
    const all: AuditEntry[] = [];
    for await (const entry of dated(query)) all.push(entry);
    all.sort(newestFirst);
    let from = 0;
    if (query.cursor) {
      const [tag, at, id] = query.cursor.split('|');
      if (tag !== 'd' || !at || !id) throw new InvalidCursorError();
      from = all.findIndex((entry) => newestFirst(entry, { at, id } as AuditEntry) > 0);
      if (from < 0) from = all.length;
    }
    const items = all.slice(from, from + query.limit);
    const more = from + query.limit < all.length;
    return { items, nextCursor: more ? datedCursor(items[items.length - 1]!) : null, total: all.length };
  }

  return {
    /**
     * Newest first (then by id), filtered by action, person and target kind (each pair of them
     * has its index, with `at` descending) and by days in the chapter's zone.
     */
    async list(query: AuditListQuery): Promise<Page<AuditEntry>> {
      if (query.from || query.to) {
        const page = await datedPage(query);
        return { ...page, items: await described(page.items) };
      }
      if (query.cursor?.startsWith('d|')) throw new InvalidCursorError();
      const page = await queryPage<StoredEntry>(store, COLLECTIONS.audit, {
        where: filtersOf(query),
        orderBy: { field: 'at', direction: 'desc' },
        limit: query.limit,
        after: query.cursor,
      });
      return { ...page, items: await described(page.items) };
    },

    /** The CSV export's records, the header first: every entry the filters match, newest first, read a page at a time. */
    async *csv(query: AuditExportQuery): AsyncGenerator<string[]> {
      yield ['When', 'Who', 'Action', 'Target', 'Form', 'Before', 'After'];
      let batch: AuditEntry[] = [];
      const flush = async function* (entries: AuditEntry[]) {
        for (const entry of await described(entries)) {
          yield [
            formatDateTime(entry.at, timeZone),
            auditWhoText(entry),
            AUDIT_ACTION_LABELS[entry.action] ?? entry.action,
            entry.targetLabel ?? `${entry.target.collection}/${entry.target.id}`,
            entry.formId ?? '',
            changeText(entry.before, entry.roleLabels),
            changeText(entry.after, entry.roleLabels),
          ];
        }
      };
      for await (const entry of dated(query)) {
        batch.push(entry);
        if (batch.length === 100) {
          yield* flush(batch);
          batch = [];
        }
      }
      yield* flush(batch);
    },
  };
}

/** Before or after of an entry as one line of text for the CSV ("Decision: accepted; Final: true"). */
function changeText(value: unknown, roles: Record<string, string> | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .filter(([key]) => !/Id$/.test(key) && key !== 'searchTokens')
    .map(([key, field]) => {
      const text = Array.isArray(field)
        ? field.map(String).join(', ')
        : typeof field === 'object' && field
          ? JSON.stringify(field)
          : String(field ?? '');
      return `${key}: ${key === 'role' && roles?.[text] ? roles[text] : text}`;
    })
    .join('; ');
}

import { isPastDue, type ApplicationForm } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { queryAll } from '../store/query-pages';
import { DRAFT_REMINDER_BEFORE_MS } from './draft-reminders';

/**
 * Which forms a scheduler minute reads for its reminders (the 48 h draft reminders, the overdue
 * reviewers'): those whose next work has come, by the `nextWorkAt` of their status documents
 * (forms/form-status.ts), in one range query. A form released, waiting for a date of its own or with
 * nothing left to do costs no read, active or not (docs/performance.md#reads-and-writes-what-firestore-bills).
 */

type FormDates = Pick<ApplicationForm, 'decisionsReleased' | 'dueDate' | 'reviewDueDate'>;

/** What a form's status document (forms/form-status.ts `FormStatus`) holds for the scheduler. */
interface StatusWork {
  [field: string]: unknown;
  formId: string;
  nextWorkAt?: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * When the scheduler may first have work for the form, from its dates alone (what its status
 * document is written with): the start of its draft reminders or its review due date, whichever
 * comes first; none once it is released.
 */
export function workFrom(form: FormDates): string | null {
  if (form.decisionsReleased) return null;
  const drafts = Date.parse(form.dueDate) - DRAFT_REMINDER_BEFORE_MS;
  return iso(form.reviewDueDate ? Math.min(drafts, Date.parse(form.reviewDueDate)) : drafts);
}

/**
 * When the scheduler next has work for the form after its run at `at`: its draft reminders until
 * the due date (every minute once they have begun), and `overdueAt`, when its overdue reviewers are
 * looked for next (reviewer-progress.service.ts `remindOverdue`); none once nothing is left.
 */
export function workAfter(form: FormDates, at: Date, overdueAt: string | null): string | null {
  if (form.decisionsReleased) return null;
  const times = overdueAt === null ? [] : [Date.parse(overdueAt)];
  if (!isPastDue(form, at)) times.push(Math.max(Date.parse(form.dueDate) - DRAFT_REMINDER_BEFORE_MS, at.getTime()));
  return times.length === 0 ? null : iso(Math.min(...times));
}

/** The forms not released whose next work has come at `at`. */
export async function formsWithWork(store: DocumentStore, at: Date): Promise<ApplicationForm[]> {
  const due = await queryAll<StatusWork>(
    store,
    COLLECTIONS.formStatus,
    [{ field: 'nextWorkAt', op: '<=', value: at.toISOString() }],
    { field: 'nextWorkAt', direction: 'asc' },
  );
  const forms = await Promise.all(due.map((status) => store.get<ApplicationForm>(COLLECTIONS.forms, status.formId)));
  return forms.filter((form): form is ApplicationForm => form !== null && !form.decisionsReleased);
}

/**
 * After the run at `at` has done the form's work: its `nextWorkAt` moved on to `workAfter`'s time
 * when that is later than the next minute (none: it is read again only once its dates change). Not
 * when its dates changed since it was read: that change wrote its status afresh.
 */
export async function deferWork(
  store: DocumentStore,
  form: ApplicationForm,
  at: Date,
  overdueAt: string | null,
): Promise<void> {
  const next = workAfter(form, at, overdueAt);
  if (next !== null && Date.parse(next) <= at.getTime()) return;
  await store.transaction(async (tx) => {
    const status = await tx.get<StatusWork>(COLLECTIONS.formStatus, form.id);
    const current = await tx.get<ApplicationForm>(COLLECTIONS.forms, form.id);
    if (!status || !current || (status.nextWorkAt ?? null) === next) return;
    const dates = ({ decisionsReleased, dueDate, reviewDueDate }: FormDates) => [
      decisionsReleased,
      dueDate,
      reviewDueDate,
    ];
    if (JSON.stringify(dates(current)) !== JSON.stringify(dates(form))) return;
    tx.update(COLLECTIONS.formStatus, form.id, { nextWorkAt: next });
  });
}

import {
  countOf,
  displayName,
  formatDateTime,
  isPastDue,
  REVIEWER_PROGRESS_TEXTS,
  reviewerProgress,
  type ApplicationForm,
  type Assessment,
  type ReviewerProgressPage,
  type User,
} from '@portal/shared/domain';
import { auditEntry, SCHEDULER_ACTOR, type AuditActor } from '../../audit/audit-entry';
import { ApiError } from '../../http/api-error';
import { COLLECTIONS } from '../../store/collections';
import { composeMessage, outboxEvents, outboxId, type MailSettings } from '../../outbox/outbox';
import { formOrNotFound } from './dashboard.service';
import type { ReviewsRepository, ReviewsTransaction, TransactionsOf } from '../reviews.repository';
import { assertNotReleased } from '../staff-errors';

/** Where a reviewer finds their reviews of the form. */
const dashboardPath = (formId: string) => `/admin/reviewer/dashboard/${encodeURIComponent(formId)}/apps`;

/**
 * How often the scheduler looks again, once a form's review due date has passed, for reviewers
 * with open reviews who were not reminded yet (those assigned since): in between, a scheduler
 * minute reads one mark per form instead of every staff load (docs/performance.md).
 */
export const OVERDUE_RESCAN_MS = 60 * 60 * 1000;

/** When the scheduler last looked for a form's overdue reviewers (`COLLECTIONS.schedulerMarks`). */
export interface OverdueMark {
  [field: string]: unknown;
  formId: string;
  scannedAt: string;
}

/** The reads of the progress page, and what a reminder writes. */
export type ReviewerProgressRepository = Pick<
  ReviewsRepository,
  'formReviews' | 'getForm' | 'loadsOf' | 'getOverdueMark' | 'setOverdueMark'
> &
  TransactionsOf<Pick<ReviewsTransaction, 'getOutboxMessage' | 'getUser' | 'queueMessage' | 'record'>>;

/** The super-reviewer's reviewer progress page and its "Remind" action. */
export function createReviewerProgressService(deps: {
  reviews: ReviewerProgressRepository;
  now: () => Date;
  mail: MailSettings;
}) {
  const { reviews, now, mail } = deps;

  return {
    async progress(formId: string): Promise<ReviewerProgressPage> {
      const form = await formOrNotFound(reviews, formId);
      const items = reviewerProgress(await reviews.formReviews(formId), now(), form.reviewDueDate);
      return {
        reviewDueDate: form.reviewDueDate ?? null,
        ...(form.timeZone ? { timeZone: form.timeZone } : {}),
        decisionsReleased: form.decisionsReleased,
        items,
      };
    },

    /**
     * Queues a reminder to the reviewer in the outbox: how many of their reviews are open and
     * when they are due. One a day per reviewer and form (the outbox id is the idempotency key);
     * none once the form's decisions are released (409, as every change to its review work).
     */
    async remind(formId: string, staffId: string, actor: AuditActor): Promise<{ queued: true; open: number }> {
      const form = await formOrNotFound(reviews, formId);
      assertNotReleased(form);
      const open = openReviews(await reviews.formReviews(formId)).get(staffId) ?? 0;
      if (open === 0) throw new ApiError('conflict', REVIEWER_PROGRESS_TEXTS.nothingToRemind);
      const at = now();
      const event = outboxEvents.reminded(formId, at);
      await reviews.transaction(async (tx) => {
        const reviewer: User | null = await tx.getUser(staffId);
        if (!reviewer) throw new ApiError('not-found', 'No user with this ID');
        if (await tx.getOutboxMessage(outboxId(event, staffId))) {
          throw new ApiError('conflict', REVIEWER_PROGRESS_TEXTS.remindedToday);
        }
        tx.queueMessage(reminder(form, reviewer, open, event, at));
        tx.record(reminderEntry(actor, form, reviewer, open, at));
      });
      return { queued: true, open };
    },

    /**
     * The scheduler's part: once a form's review due date has passed (and its decisions are not
     * released), every reviewer with open reviews of it gets one reminder, once per form. Their
     * open reviews are read from the staff loads (one per staff member), at the first run past
     * the due date and then once per OVERDUE_RESCAN_MS. `nextAt`: when this has something to do
     * next (none: never, unless the form's dates change), the scheduler's cue to read the form again
     * (scheduler/form-work.ts).
     */
    async remindOverdue(form: ApplicationForm): Promise<{ queued: number; nextAt: string | null }> {
      const at = now();
      if (form.decisionsReleased || !form.reviewDueDate) return { queued: 0, nextAt: null };
      if (!isPastDue(form.reviewDueDate, at)) return { queued: 0, nextAt: form.reviewDueDate };
      const rescanAfter = (scannedAt: string) => new Date(Date.parse(scannedAt) + OVERDUE_RESCAN_MS).toISOString();
      const mark = await reviews.getOverdueMark(form.id);
      if (mark && at.getTime() - Date.parse(mark.scannedAt) < OVERDUE_RESCAN_MS) {
        return { queued: 0, nextAt: rescanAfter(mark.scannedAt) };
      }
      const event = outboxEvents.overdue(form.id);
      let queued = 0;
      const open = (await reviews.loadsOf(form.id))
        .map((load) => [load.staffId, load.reviewsAssigned - load.reviewsDone] as const)
        .filter(([, count]) => count > 0)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      for (const [staffId, count] of open) {
        queued += await reviews.transaction(async (tx) => {
          const reviewer: User | null = await tx.getUser(staffId);
          if (!reviewer || (await tx.getOutboxMessage(outboxId(event, staffId)))) return 0;
          tx.queueMessage(reminder(form, reviewer, count, event, at));
          tx.record(reminderEntry(SCHEDULER_ACTOR, form, reviewer, count, at));
          return 1;
        });
      }
      await reviews.setOverdueMark({ formId: form.id, scannedAt: at.toISOString() });
      return { queued, nextAt: rescanAfter(at.toISOString()) };
    },
  };

  function reminder(form: ApplicationForm, reviewer: User, open: number, event: string, at: Date) {
    const timeZone = form.timeZone ?? mail.timeZone;
    return composeMessage({
      kind: 'reviewerReminder',
      form,
      event,
      recipient: reviewer,
      values: {
        firstName: reviewer.firstName,
        semester: form.semester,
        role: '',
        open: String(open),
        openReviews: countOf(open, 'review'),
        dueDate: form.reviewDueDate ? formatDateTime(form.reviewDueDate, timeZone) : 'as soon as you can',
        dashboardLink: `${mail.portalUrl}${dashboardPath(form.id)}`,
      },
      settings: mail,
      at: at.toISOString(),
    });
  }
}

/** Each reviewer's count of reviews not yet submitted. */
function openReviews(assessments: readonly Assessment[]): Map<string, number> {
  const open = new Map<string, number>();
  for (const review of assessments) {
    if (review.state !== 'submitted') open.set(review.staffId, (open.get(review.staffId) ?? 0) + 1);
  }
  return open;
}

/** Who sends the reminders once the review due date has passed. */

/** A reminder for the audit log: to whom, and how many of their reviews were open. */
const reminderEntry = (actor: AuditActor, form: ApplicationForm, reviewer: User, open: number, at: Date) =>
  auditEntry({
    actor,
    action: 'reviewer.reminded',
    target: { collection: COLLECTIONS.users, id: reviewer.id },
    formId: form.id,
    before: null,
    after: { reviewer: displayName(reviewer), openReviews: open },
    at: at.toISOString(),
  });

import {
  countOf,
  formatDateTime,
  retentionDaysOf,
  retentionTimes,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type RetentionCounts,
  type RetentionDryRun,
  type User,
} from '@portal/shared/domain';
import { auditEntry, SCHEDULER_ACTOR } from '../audit/audit-entry';
import { fileIdsOf } from '../exports/applications-csv';
import { noFormError } from '../forms/forms.service';
import { composeMessage, type MailSettings } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import type { AccountFacts, RetentionRecord, RetentionRepository } from './retention.repository';

/**
 * A form's data retention (docs/product.md#data-retention). A form keeps the personal data of its
 * applicants who were not accepted for its `retentionDays` after the release; a week before, every
 * super-reviewer is emailed (once, through the outbox); then the data is erased: for each such
 * applicant this form's application, rows (kept anonymous: the counts per role and decision),
 * files and their bytes, reviews of them, booking, emails, search keys and audit mentions, and their
 * whole account (identity included) when nothing else of theirs is accepted or still open
 * (`keepsAccount`). The erasure itself is the user deletion's (staff/user-erasure.ts).
 *
 * Each released form has a record (COLLECTIONS.retention) whose `nextAt` says when there is next
 * something to do; the scheduler looks at the earliest one (one read) at most once an hour
 * (scheduler.ts), so an idle minute reads nothing for it. Every step is recorded on the record in
 * the transaction that does it, so nothing is done twice: the notice's messages have ids per form
 * and erasure time, an applicant erased has no row left to find, and the audit entry of the
 * erasure is written with the record that says it is done.
 */

/** How long one look erases before it leaves the rest to the next minute (the scheduled run's time is 5 minutes). */
export const ERASURE_BUDGET_MS = 60_000;
/** Applicants erased between two records of the progress. */
const ERASURES_PER_STEP = 20;

const HOUR_MS = 60 * 60 * 1000;
/** How often the scheduler looks at the retention when nothing is under way. */
export const RETENTION_LOOK_MS = HOUR_MS;

/** One applicant a form's erasure concerns, with what of theirs goes. */
interface Target {
  user: User;
  keepAccount: boolean;
  applications: number;
  uploadedFiles: number;
  interviewBookings: number;
  rows: ApplicationRow[];
}

/** The form's builder: its Form tab holds the retention and its dry run. */
export const retentionPath = (formId: string) => `/admin/dor/forms/${encodeURIComponent(formId)}/edit`;

const emptyCounts = (): RetentionCounts => ({
  applicants: 0,
  accountsDeleted: 0,
  accountsKept: 0,
  applications: 0,
  uploadedFiles: 0,
  interviewBookings: 0,
  keptAnonymously: {},
});

function countsOf(targets: Target[], form: ApplicationForm | null, into = emptyCounts()): RetentionCounts {
  const counts: RetentionCounts = structuredClone(into);
  for (const target of targets) {
    counts.applicants += 1;
    counts[target.keepAccount ? 'accountsKept' : 'accountsDeleted'] += 1;
    counts.applications += target.applications;
    counts.uploadedFiles += target.uploadedFiles;
    counts.interviewBookings += target.interviewBookings;
    // Only a released form keeps rows; before the release nothing is erased.
    if (form?.decisionsReleased === false) continue;
    for (const row of target.rows) {
      const byDecision = (counts.keptAnonymously[row.role] ??= {});
      byDecision[row.decision] = (byDecision[row.decision] ?? 0) + 1;
    }
  }
  return counts;
}

/**
 * Whether an applicant not accepted on `formId` keeps their account, and loses only that form's
 * data: staff do, and so does anyone with an accepted role application anywhere, or an application
 * to a form whose decisions are not released (a live one).
 */
export function keepsAccount(facts: AccountFacts, formId: string, released: (formId: string) => boolean): boolean {
  if (facts.user && facts.user.role !== 'applicant') return true;
  if (facts.rows.some((row) => row.decision === 'accepted')) return true;
  return facts.responses.some(
    (response) => response.applicationFormId !== formId && !released(response.applicationFormId),
  );
}

export interface RetentionErasure {
  eraseForRetention(
    formId: string,
    targets: { user: User; keepAccount: boolean }[],
    actor: typeof SCHEDULER_ACTOR,
  ): Promise<{ failedAccounts: string[] }>;
  deleteAccounts(uids: string[]): Promise<string[]>;
}

export function createRetentionService(deps: {
  retention: RetentionRepository;
  /** The erasure (staff/admin-users.service.ts); absent where nothing is erased (the dry run's routes). */
  erasure?: RetentionErasure;
  now: () => Date;
  mail: MailSettings;
}) {
  const { retention: repo, now, mail } = deps;

  /** Everyone whose data of the form an erasure now would remove, with what goes. */
  async function targetsOf(form: ApplicationForm): Promise<Target[]> {
    const { responses, rows } = await repo.formApplicants(form.id);
    const accepted = new Set(rows.filter((row) => row.decision === 'accepted').map((row) => row.userId));
    const byUser = new Map<string, ApplicationResponse[]>();
    for (const response of responses) {
      if (!response.userId || accepted.has(response.userId)) continue;
      byUser.set(response.userId, [...(byUser.get(response.userId) ?? []), response]);
    }
    const booked = new Map<string, number>();
    if (byUser.size > 0) {
      for (const slot of await repo.slotsOf(form.id)) {
        for (const booking of slot.bookings) booked.set(booking.userId, (booked.get(booking.userId) ?? 0) + 1);
      }
    }
    const targets: Target[] = [];
    const ids = [...byUser.keys()];
    for (let start = 0; start < ids.length; start += ERASURES_PER_STEP) {
      const chunk = ids.slice(start, start + ERASURES_PER_STEP);
      targets.push(
        ...(await Promise.all(
          chunk.map(async (userId) => {
            const facts = await repo.accountFacts(userId);
            const released = await releasedOf(facts);
            const theirs = byUser.get(userId)!;
            return {
              user: facts.user ?? standIn(userId, rows),
              keepAccount: keepsAccount(facts, form.id, released),
              applications: theirs.length,
              uploadedFiles: theirs.reduce((sum, response) => sum + fileIdsOf(form, response).length, 0),
              interviewBookings: booked.get(userId) ?? 0,
              rows: rows.filter((row) => row.userId === userId),
            };
          }),
        )),
      );
    }
    return targets;
  }

  async function releasedOf(facts: AccountFacts): Promise<(formId: string) => boolean> {
    const forms = await repo.getForms([...new Set(facts.responses.map((response) => response.applicationFormId))]);
    return (formId) => forms.get(formId)?.decisionsReleased === true;
  }

  /** The record of a released form, created as the scheduler would (from its release job's time, else now). */
  async function recordOf(form: ApplicationForm): Promise<RetentionRecord | null> {
    if (!form.decisionsReleased) return null;
    const stored = await repo.getRecord(form.id);
    if (stored) return stored;
    const releasedAt = (await repo.releaseTime(form.id)) ?? now().toISOString();
    return { formId: form.id, releasedAt, nextAt: now().toISOString() };
  }

  const setRecord = (record: RetentionRecord) =>
    repo.transaction(async (tx) => {
      tx.setRecord(record);
    });

  /** The record with `nextAt` moved to `at` (absent: nothing left to do). */
  const withNext = (record: RetentionRecord, at: string | null): RetentionRecord => {
    const { nextAt: _next, ...rest } = record;
    return at === null ? rest : { ...rest, nextAt: at };
  };

  /** Queues the notice to every super-reviewer (once per form and erasure time) and records it. */
  async function sendNotice(form: ApplicationForm, record: RetentionRecord, dueAt: string): Promise<number> {
    const targets = await targetsOf(form);
    const directors = await repo.superReviewers();
    const at = now().toISOString();
    const days = retentionDaysOf(form);
    const erasureAt = retentionTimes(record.releasedAt, days, at).erasureAt!;
    const event = `retention-notice.${form.id}.${Date.parse(dueAt)}`;
    return repo.transaction(async (tx) => {
      const current = await tx.getRecord(form.id);
      if (current?.noticeDueAt === dueAt) return 0;
      const fresh: User[] = [];
      for (const director of directors) {
        if (!(await tx.getOutboxMessage(`${event}~${director.id}`))) fresh.push(director);
      }
      for (const director of fresh) {
        tx.queueMessage(
          composeMessage({
            kind: 'retentionNotice',
            form,
            event,
            recipient: director,
            values: {
              firstName: director.firstName,
              semester: form.semester,
              erasureAt: formatDateTime(erasureAt, form.timeZone ?? mail.timeZone),
              applicants: countOf(targets.length, 'applicant'),
              days: String(days),
              retentionLink: `${mail.portalUrl}${retentionPath(form.id)}`,
            },
            settings: mail,
            at,
          }),
        );
      }
      tx.record(
        auditEntry({
          actor: SCHEDULER_ACTOR,
          action: 'retention.notice-sent',
          target: { collection: COLLECTIONS.forms, id: form.id },
          formId: form.id,
          before: null,
          after: { erasureAt, days, applicants: targets.length, superReviewers: directors.length },
          at,
        }),
      );
      tx.setRecord(withNext({ ...(current ?? record), noticeDueAt: dueAt, noticeSentAt: at }, erasureAt));
      return fresh.length;
    });
  }

  /**
   * Erases, until the budget is spent, the applicants an erasure now concerns (each checked again
   * just before: one who applied elsewhere since keeps their account), recording the progress
   * after each step; once none is left, the audit entry and the record say it is done. Answers
   * the applicants erased, and whether some are left for the next look.
   */
  async function erase(form: ApplicationForm, record: RetentionRecord): Promise<{ erased: number; more: boolean }> {
    const erasure = deps.erasure;
    if (!erasure) throw new Error('The retention needs the erasure (the identity accounts and the file store)');
    const until = Date.now() + ERASURE_BUDGET_MS;
    let current = record;
    let erased = 0;
    // Identity accounts a previous run could not delete.
    if (current.pendingAccounts?.length) {
      const pendingAccounts = await erasure.deleteAccounts(current.pendingAccounts);
      current = { ...current, pendingAccounts };
      await setRecord(current);
    }
    const targets = await targetsOf(form);
    for (let start = 0; start < targets.length; start += ERASURES_PER_STEP) {
      if (Date.now() >= until) return { erased, more: true };
      const step = await Promise.all(
        targets.slice(start, start + ERASURES_PER_STEP).map(async (target) => {
          const facts = await repo.accountFacts(target.user.id);
          return { ...target, keepAccount: keepsAccount(facts, form.id, await releasedOf(facts)) };
        }),
      );
      const { failedAccounts } = await erasure.eraseForRetention(form.id, step, SCHEDULER_ACTOR);
      erased += step.length;
      current = {
        ...current,
        progress: countsOf(step, form, current.progress),
        pendingAccounts: [...(current.pendingAccounts ?? []), ...failedAccounts],
      };
      await setRecord(current);
    }
    if (current.pendingAccounts?.length) {
      // The records are gone; the provider's accounts are tried again at the next look.
      await setRecord(withNext(current, now().toISOString()));
      return { erased, more: false };
    }
    const at = now().toISOString();
    await repo.transaction(async (tx) => {
      const stored = await tx.getRecord(form.id);
      if (stored?.erasedAt) return;
      const done = withNext({ ...current, erasedAt: at }, null);
      tx.record(
        auditEntry({
          actor: SCHEDULER_ACTOR,
          action: 'retention.erased',
          target: { collection: COLLECTIONS.forms, id: form.id },
          formId: form.id,
          before: null,
          after: { days: retentionDaysOf(form), ...(done.progress ?? emptyCounts()) },
          at,
        }),
      );
      tx.setRecord(done);
    });
    return { erased, more: false };
  }

  /**
   * What the form's retention does next, and does it if its time has come: the notice a week before
   * the erasure (again if the days changed since), then the erasure. Answers what it did.
   */
  async function step(formId: string): Promise<{ notices: number; erased: number; more: boolean }> {
    const nothing = { notices: 0, erased: 0, more: false };
    const [form, record] = await Promise.all([repo.getForm(formId), repo.getRecord(formId)]);
    if (!record) return nothing;
    if (!form?.decisionsReleased || record.erasedAt) {
      await setRecord(withNext(record, null));
      return nothing;
    }
    const at = now();
    const { dueAt, noticeAt } = retentionTimes(record.releasedAt, retentionDaysOf(form));
    if (record.noticeDueAt !== dueAt || !record.noticeSentAt) {
      if (at.getTime() < Date.parse(noticeAt)) {
        await setRecord(withNext(record, noticeAt));
        return nothing;
      }
      return { ...nothing, notices: await sendNotice(form, record, dueAt) };
    }
    const { erasureAt } = retentionTimes(record.releasedAt, retentionDaysOf(form), record.noticeSentAt);
    if (at.getTime() < Date.parse(erasureAt!)) {
      await setRecord(withNext(record, erasureAt));
      return nothing;
    }
    const { erased, more } = await erase(form, record);
    return { notices: 0, erased, more };
  }

  return {
    /**
     * The scheduler's look: gives each released form without a record one (from its release's
     * time), then takes each record whose time has come, earliest first. Answers what it did, and
     * whether an erasure is left half done (the scheduler looks again at its next run).
     */
    async runDue(): Promise<{ notices: number; erased: number; more: boolean }> {
      if (await repo.recordsMissing()) {
        for (const form of await repo.releasedForms()) {
          if (await repo.getRecord(form.id)) continue;
          const releasedAt = (await repo.releaseTime(form.id)) ?? now().toISOString();
          await repo.createRecord({ formId: form.id, releasedAt, nextAt: now().toISOString() });
        }
      }
      const done = { notices: 0, erased: 0, more: false };
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (;;) {
        const next = await repo.earliest(cursor);
        if (!next || !next.record.nextAt || Date.parse(next.record.nextAt) > now().getTime()) break;
        if (!seen.has(next.record.formId)) {
          seen.add(next.record.formId);
          const did = await step(next.record.formId);
          done.notices += did.notices;
          done.erased += did.erased;
          done.more ||= did.more;
        }
        if (!next.cursor) break;
        cursor = next.cursor;
      }
      return done;
    },

    /** The form's retention and what an erasure now would remove (writes nothing). */
    async dryRun(formId: string): Promise<RetentionDryRun> {
      const form = await repo.getForm(formId);
      if (!form) throw noFormError();
      const days = retentionDaysOf(form);
      const record = await recordOf(form);
      const wouldErase = countsOf(await targetsOf(form), form);
      if (!record) {
        return {
          formId,
          days,
          state: 'not-released',
          releasedAt: null,
          noticeAt: null,
          erasureAt: null,
          wouldErase,
          erased: null,
        };
      }
      const times = retentionTimes(record.releasedAt, days);
      const noticed = record.noticeDueAt === times.dueAt && record.noticeSentAt ? record.noticeSentAt : undefined;
      const erasureAt = noticed
        ? retentionTimes(record.releasedAt, days, noticed).erasureAt!
        : new Date(Math.max(Date.parse(times.dueAt), now().getTime() + 7 * 24 * HOUR_MS)).toISOString();
      return {
        formId,
        days,
        state: record.erasedAt ? 'erased' : noticed ? 'notice-sent' : 'scheduled',
        releasedAt: record.releasedAt,
        noticeAt: noticed ?? times.noticeAt,
        erasureAt: record.erasedAt ?? erasureAt,
        wouldErase,
        erased: record.erasedAt ? { ...(record.progress ?? emptyCounts()), at: record.erasedAt } : null,
      };
    },

    /**
     * The form's retention days changed: its record's next step is worked out again at the next
     * look (sooner, if the erasure comes earlier now). Nothing for a form not released.
     */
    async reconsider(formId: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const record = await tx.getRecord(formId);
        if (record && !record.erasedAt) tx.setRecord(withNext(record, now().toISOString()));
      });
    },
  };
}
export type RetentionService = ReturnType<typeof createRetentionService>;

/** For a row left by an applicant whose record is gone: who they were, for the erasure. */
function standIn(userId: string, rows: ApplicationRow[]): User {
  const row = rows.find((each) => each.userId === userId);
  return {
    id: userId,
    firstName: row?.applicantName ?? '',
    lastName: '',
    email: row?.applicantEmail ?? '',
    role: 'applicant',
    activeApplications: [],
  };
}

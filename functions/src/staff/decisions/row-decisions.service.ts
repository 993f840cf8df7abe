import {
  applicantLetter,
  applicationRowId,
  denialHolds,
  fairReviewFields,
  formTeamRoles,
  GENERIC_LETTERS,
  isFinalDecision,
  teamRoleLabel,
  rowWithDecision,
  STAFF_MESSAGES,
  toRowView,
  type ApplicationForm,
  type ApplicationRow,
  type ApplicationRowView,
  type DenialCandidate,
  type FinalDecision,
  type ReleaseDryRun,
  type ReleaseProgress,
  type TeamRole,
  type UndecidedCounts,
  type User,
} from '@portal/shared/domain';
import { auditEntry, type AuditActor } from '../../audit/audit-entry';
import { noFormError } from '../../forms/forms.service';
import { ApiError } from '../../http/api-error';
import {
  composeMessage,
  DECISION_PAGE_PATH,
  outboxEvents,
  outboxId,
  type MailSettings,
  type OutboxMessage,
} from '../../outbox/outbox';
import { interviewInvitations } from '../../interviews/invitations';
import { createBackgroundWork, JOB_INLINE_MS, yieldToRequests } from '../../jobs/job-runner';
import { COLLECTIONS } from '../../store/collections';
import type { CalibrationCache } from '../calibration-cache';
import { formOrNotFound } from '../dashboard/dashboard.service';
import type { ApplicationState, ReviewsRepository, ReviewsTransaction, TransactionsOf } from '../reviews.repository';
import { assertNotReleased, noRowError } from '../staff-errors';

type RowKey = { responseId: string; role: TeamRole };

/** What the decisions, qualified flags and a release read and write in their transactions. */
export type RowDecisionsTransaction = Pick<
  ReviewsTransaction,
  | 'countUndecided'
  | 'getForm'
  | 'getOutboxMessage'
  | 'getReleaseJob'
  | 'getRow'
  | 'getUser'
  | 'queueMessage'
  | 'readApplication'
  | 'record'
  | 'setForm'
  | 'setReleaseJob'
  | 'setRow'
  | 'writeApplication'
>;
export type RowDecisionsRepository = Pick<
  ReviewsRepository,
  'formRows' | 'getForm' | 'getOutboxMessage' | 'getReleaseJob' | 'undecidedRows'
> &
  TransactionsOf<RowDecisionsTransaction>;

/** Rows decided per transaction by the bulk denial: each writes the row, its response and an audit entry. */
const ROWS_PER_TRANSACTION = 100;

/**
 * Sets a final decision on rows inside one transaction, with an audit entry per row (each
 * response's status follows). Every read comes before the first write, as transactions require;
 * rows `skip` refuses (read fresh in the transaction) are left alone. Answers the rows decided.
 */
async function decideInTransaction(
  tx: RowDecisionsTransaction,
  items: RowKey[],
  decision: FinalDecision,
  actor: AuditActor,
  at: string,
  skip: (row: ApplicationRow) => boolean = () => false,
  /** Every row must be of this form (the bulk routes name it). */
  formId?: string,
): Promise<ApplicationRow[]> {
  const states = new Map<string, ApplicationState>();
  const forms = new Map<string, ApplicationForm>();
  const chosen = new Map<string, ApplicationRow[]>();
  for (const { responseId, role } of items) {
    const state = states.get(responseId) ?? (await tx.readApplication(responseId));
    const row = state?.rows.get(applicationRowId(responseId, role));
    if (!state || !row || (formId !== undefined && row.applicationFormId !== formId)) throw noRowError();
    states.set(responseId, state);
    const form = forms.get(row.applicationFormId) ?? (await tx.getForm(row.applicationFormId));
    if (!form) throw noFormError();
    assertNotReleased(form);
    forms.set(form.id, form);
    if (!skip(row)) chosen.set(responseId, [...(chosen.get(responseId) ?? []), row]);
  }
  const decided: ApplicationRow[] = [];
  for (const [responseId, rows] of chosen) {
    const next = rows.map((row) => rowWithDecision(row, decision));
    tx.writeApplication(states.get(responseId)!, next);
    rows.forEach((row, index) => {
      tx.record(
        auditEntry({
          actor,
          action: 'decision.set',
          target: { collection: COLLECTIONS.reviewStatuses, id: row.id },
          formId: row.applicationFormId,
          before: { decision: row.decision, final: row.final },
          after: { decision: next[index]!.decision, final: true },
          at,
        }),
      );
    });
    decided.push(...next);
  }
  return decided;
}

/** Sets the qualified flag on rows inside one transaction (every read before the first write), an audit entry per row. */
async function qualifyInTransaction(
  tx: RowDecisionsTransaction,
  items: RowKey[],
  qualified: boolean,
  actor: AuditActor,
  at: string,
  mail: MailSettings,
  formId?: string,
): Promise<ApplicationRow[]> {
  const rows: ApplicationRow[] = [];
  const forms = new Map<string, ApplicationForm>();
  for (const { responseId, role } of items) {
    const row = await tx.getRow(responseId, role);
    if (!row || (formId !== undefined && row.applicationFormId !== formId)) throw noRowError();
    const form = forms.get(row.applicationFormId) ?? (await tx.getForm(row.applicationFormId));
    if (!form) throw noFormError();
    assertNotReleased(form);
    forms.set(form.id, form);
    rows.push(row);
  }
  // A row qualified now invites its applicant to interview: the invitation commits with the flag.
  const invitations = qualified
    ? await interviewInvitations(
        tx,
        rows.filter((row) => !row.qualified),
        forms,
        mail,
        at,
      )
    : [];
  for (const message of invitations) tx.queueMessage(message);
  return rows.map((row) => {
    const next = { ...row, qualified };
    tx.setRow(next);
    tx.record(
      auditEntry({
        actor,
        action: 'qualified.set',
        target: { collection: COLLECTIONS.reviewStatuses, id: row.id },
        formId: row.applicationFormId,
        before: { qualified: row.qualified },
        after: { qualified },
        at,
      }),
    );
    return next;
  });
}

/**
 * Messages a release writes per transaction. The first batch commits with the release itself (a
 * release that fails writes none); the rest follow in transactions of their own by idempotent ids
 * (event and recipient), so a release of any size stays under Firestore's 500 writes per commit,
 * and a crash midway resumes (`writeReleaseMessages`, also run by the scheduler) without duplicates.
 */
export const RELEASE_MESSAGES_PER_TRANSACTION = 200;

/** Each decision in plain words, as the applicant's status page says it. */
export const DECISION_WORDS: Record<FinalDecision, string> = {
  accepted: 'Accepted',
  waitlist: 'Waitlisted',
  denied: 'Denied',
};

/**
 * An applicant's "decision released" message: for each role applied for, the decision in plain
 * words ("Engineer: Accepted") and its letter (the form's, filled in, else the generic text), and
 * the link to their status page.
 */
function decisionMessage(
  form: ApplicationForm,
  applicant: User,
  rows: ApplicationRow[],
  mail: MailSettings,
  at: string,
): OutboxMessage {
  const labels = formTeamRoles(form);
  const letters = rows
    .filter((row) => isFinalDecision(row.decision))
    .map((row) => {
      const body =
        applicantLetter(form, row.decision, row.role, applicant.firstName)?.body ??
        GENERIC_LETTERS[row.decision as FinalDecision];
      const decision = DECISION_WORDS[row.decision as FinalDecision];
      return `**${teamRoleLabel(labels, row.role)}: ${decision}**\n\n${body}`;
    });
  return composeMessage({
    kind: 'decisionReleased',
    form,
    event: outboxEvents.released(form.id),
    recipient: applicant,
    values: {
      firstName: applicant.firstName,
      semester: form.semester,
      role: rows.map((row) => teamRoleLabel(labels, row.role)).join(', '),
      letter: letters.join('\n\n'),
      decisionLink: `${mail.portalUrl}${DECISION_PAGE_PATH}`,
    },
    settings: mail,
    at,
  });
}

/**
 * Of `applicants`, those with rows and no message of this release yet, with their rows as the
 * transaction reads them; every applicant's reads at once, not one after another.
 */
async function unqueuedRecipients(
  tx: RowDecisionsTransaction,
  formId: string,
  known: Map<string, ApplicationRow[]>,
  applicants: string[],
): Promise<{ user: User; rows: ApplicationRow[] }[]> {
  const read = await Promise.all(
    applicants.map(async (userId) => {
      const [queued, user, rows] = await Promise.all([
        tx.getOutboxMessage(outboxId(outboxEvents.released(formId), userId)),
        tx.getUser(userId),
        Promise.all((known.get(userId) ?? []).map((row) => tx.getRow(row.responseId, row.role))),
      ]);
      const current = rows.filter((row): row is ApplicationRow => row !== null);
      return queued || !user || current.length === 0 ? null : { user, rows: current };
    }),
  );
  return read.filter((recipient) => recipient !== null);
}

/** The form's rows by applicant, and the applicants in user id order (the order a release job goes through them). */
function byApplicant(rows: ApplicationRow[]): { known: Map<string, ApplicationRow[]>; applicants: string[] } {
  const known = new Map<string, ApplicationRow[]>();
  for (const row of rows) known.set(row.userId, [...(known.get(row.userId) ?? []), row]);
  return { known, applicants: [...known.keys()].sort() };
}

/** A run of a release job: the messages it wrote, and whether the job is done. */
export interface ReleaseRun {
  written: number;
  done: boolean;
}

/** A release that committed: the released form, and whether its job finished within the request. */
export interface ReleaseOutcome {
  form: ApplicationForm;
  done: boolean;
}

/** The super-reviewer's calls on rows (qualified, decision, one or selected) and the release of a form's decisions, each audited. */
export function createRowDecisionsService(deps: {
  reviews: RowDecisionsRepository;
  now: () => Date;
  mail: MailSettings;
  /** Cancels the form's interviews still to come once its release committed (idempotent). */
  cancelInterviews?: (formId: string, releasedAt: string) => Promise<unknown>;
  /** Gives the release's offers the form's reply deadline once its release committed (idempotent). */
  dateOffers?: (formId: string, releasedAt: string) => Promise<unknown>;
  /** The dashboards' calibration (its disagreement flag holds rows back from the bulk denial). */
  calibration: CalibrationCache;
  /** A release job that failed after its request answered (the scheduler resumes it). */
  onBackgroundError?: (error: unknown) => void;
  /**
   * How long a release request writes messages itself before it answers 202 and leaves the rest to
   * its job (this process, then the scheduler every minute, from where it stopped); absent: JOB_INLINE_MS.
   */
  inlineMs?: number;
}) {
  const { reviews, now, mail, calibration } = deps;
  /** Releases whose messages this process writes after the request answered. */
  const background = createBackgroundWork(deps.onBackgroundError);
  const cancelInterviews = deps.cancelInterviews ?? (async () => undefined);
  const dateOffers = deps.dateOffers ?? (async () => undefined);

  /**
   * Writes the messages of a committed release that are not written yet, a batch per transaction,
   * recording its progress on the job after each; then cancels the interviews still to come, dates
   * the offers and marks the job done. Stops between batches once `until` (ms since the epoch) has
   * passed, and a later run goes on from there. Idempotent: a message already queued is skipped,
   * so running it again (after a crash, or by the scheduler) never duplicates one. Nothing to do
   * for a form not released.
   */
  async function writeReleaseMessages(
    formId: string,
    options: { until?: number; rows?: ReturnType<typeof byApplicant> } = {},
  ): Promise<ReleaseRun> {
    const job = await reviews.getReleaseJob(formId);
    if (!job || job.state === 'done') return { written: 0, done: true };
    // The release's own request passes the rows it read; a resumed job reads them again.
    const { known, applicants } = options.rows ?? byApplicant(await reviews.formRows(formId));
    const total = applicants.length;
    let written = 0;
    let processed = Math.min(job.processed ?? 0, total);
    while (processed < total) {
      if (options.until !== undefined && Date.now() >= options.until) return { written, done: false };
      await yieldToRequests();
      const chunk = applicants.slice(processed, processed + RELEASE_MESSAGES_PER_TRANSACTION);
      // The job as stored: another run of it (the scheduler's, this process's) may be further on, or done.
      const step = await reviews.transaction(async (tx) => {
        const [form, current] = await Promise.all([tx.getForm(formId), tx.getReleaseJob(formId)]);
        if (!form?.decisionsReleased || !current || current.state === 'done') return null;
        const from = Math.max(current.processed ?? 0, processed);
        if (from > processed) return { written: 0, processed: from };
        const recipients = await unqueuedRecipients(tx, formId, known, chunk);
        for (const { user, rows } of recipients) tx.queueMessage(decisionMessage(form, user, rows, mail, job.at));
        tx.setReleaseJob({ ...current, total, processed: processed + chunk.length });
        return { written: recipients.length, processed: processed + chunk.length };
      });
      if (!step) return { written, done: true };
      written += step.written;
      processed = step.processed;
    }
    await cancelInterviews(formId, job.at);
    await dateOffers(formId, job.at);
    await reviews.transaction(async (tx) => {
      const current = await tx.getReleaseJob(formId);
      if (current && current.state !== 'done') tx.setReleaseJob({ ...current, state: 'done', total, processed: total });
    });
    return { written, done: true };
  }

  async function undecided(formId: string): Promise<UndecidedCounts & { unqualified: ApplicationRow[] }> {
    await formOrNotFound(reviews, formId);
    const rows = await reviews.undecidedRows(formId);
    const unqualified = rows.filter((row) => !row.qualified);
    return {
      rows: rows.length,
      applicants: new Set(rows.map((row) => row.responseId)).size,
      unqualifiedRows: unqualified.length,
      unqualified,
    };
  }

  /** Every undecided, unqualified row, with what holds it back from the bulk denial (none: it is denied). */
  async function denialCandidates(formId: string): Promise<{ items: DenialCandidate[] }> {
    const form = await formOrNotFound(reviews, formId);
    const { unqualified } = await undecided(formId);
    const model = await calibration.of(form);
    const items = unqualified
      .map((row) => ({
        responseId: row.responseId,
        role: row.role,
        applicantName: row.applicantName,
        reviewsAssigned: row.reviewsAssigned,
        reviewsDone: row.reviewsDone,
        holds: denialHolds(row, fairReviewFields(form, model, row).disagreement),
      }))
      .sort((a, b) => a.applicantName.localeCompare(b.applicantName) || (a.role < b.role ? -1 : 1));
    return { items };
  }

  return {
    /** What holds up the release: undecided role applications, their applicants, and the unqualified ones. */
    async undecidedCounts(formId: string): Promise<UndecidedCounts> {
      const { unqualified: _rows, ...counts } = await undecided(formId);
      return counts;
    },

    denialCandidates,

    /**
     * Denies every row still undecided and not qualified, one audit entry per row; a row with
     * reviews still open or reviewers disagreeing (`denialHolds`) only when `include` names it. A
     * row decided, qualified or (unless named) given an open review meanwhile is left alone. Chunks
     * of rows per transaction; answers the rows denied and those held back.
     */
    async denyUndecidedUnqualified(
      formId: string,
      actor: AuditActor,
      include: RowKey[] = [],
    ): Promise<{ denied: number; held: number }> {
      assertNotReleased(await formOrNotFound(reviews, formId));
      const named = new Set(include.map((row) => applicationRowId(row.responseId, row.role)));
      const candidates = (await denialCandidates(formId)).items;
      const chosen = candidates.filter(
        (row) => row.holds.length === 0 || named.has(applicationRowId(row.responseId, row.role)),
      );
      const at = now().toISOString();
      let denied = 0;
      for (let start = 0; start < chosen.length; start += ROWS_PER_TRANSACTION) {
        const chunk = chosen.slice(start, start + ROWS_PER_TRANSACTION);
        const decided = await reviews.transaction((tx) =>
          decideInTransaction(
            tx,
            chunk,
            'denied',
            actor,
            at,
            (current) =>
              current.final || current.qualified || (denialHolds(current, false).length > 0 && !named.has(current.id)),
          ),
        );
        denied += decided.length;
      }
      return { denied, held: candidates.length - chosen.length };
    },

    async setQualified(
      responseId: string,
      role: TeamRole,
      qualified: boolean,
      actor: AuditActor,
    ): Promise<ApplicationRowView> {
      const at = now().toISOString();
      const [next] = await reviews.transaction((tx) =>
        qualifyInTransaction(tx, [{ responseId, role }], qualified, actor, at, mail),
      );
      return toRowView(next!);
    },

    /** Selected rows of one form marked qualified (or not) in one transaction, an audit entry per row. */
    async setQualifiedMany(
      formId: string,
      rows: RowKey[],
      qualified: boolean,
      actor: AuditActor,
    ): Promise<{ updated: number }> {
      const at = now().toISOString();
      const updated = await reviews.transaction((tx) =>
        qualifyInTransaction(tx, rows, qualified, actor, at, mail, formId),
      );
      return { updated: updated.length };
    },

    /** Selected rows of one form given one final decision in one transaction, an audit entry per row. */
    async decideMany(
      formId: string,
      rows: RowKey[],
      decision: FinalDecision,
      actor: AuditActor,
    ): Promise<{ updated: number }> {
      const at = now().toISOString();
      const decided = await reviews.transaction((tx) =>
        decideInTransaction(tx, rows, decision, actor, at, undefined, formId),
      );
      return { updated: decided.length };
    },

    async decide(
      responseId: string,
      role: TeamRole,
      decision: FinalDecision,
      actor: AuditActor,
    ): Promise<ApplicationRowView> {
      const at = now().toISOString();
      const [next] = await reviews.transaction((tx) =>
        decideInTransaction(tx, [{ responseId, role }], decision, actor, at),
      );
      return toRowView(next!);
    },

    /**
     * Refused (409) while rows are undecided: the message counts role applications and applicants,
     * `details` too. Each applicant's "decision released" message is queued in the release's own
     * transaction: a release that fails queues nothing, and a message reads the decisions it commits with.
     */
    async release(formId: string, actor: AuditActor): Promise<ReleaseOutcome> {
      const until = Date.now() + (deps.inlineMs ?? JOB_INLINE_MS);
      // The rows known now; the transaction reads each again, and a row added since is undecided (refused).
      const rows = byApplicant(await reviews.formRows(formId));
      const { known, applicants } = rows;
      const first = applicants.slice(0, RELEASE_MESSAGES_PER_TRANSACTION);
      const released = await reviews.transaction(async (tx) => {
        const current = await tx.getForm(formId);
        if (!current) throw noFormError();
        assertNotReleased(current);
        if ((await tx.countUndecided(formId)) > 0) return null;
        const at = now().toISOString();
        const recipients = await unqueuedRecipients(tx, formId, known, first);
        const released = { ...current, decisionsReleased: true };
        tx.setForm(released);
        tx.record(
          auditEntry({
            actor,
            action: 'decisions.released',
            target: { collection: COLLECTIONS.forms, id: formId },
            formId,
            before: { decisionsReleased: false },
            after: { decisionsReleased: true },
            at,
          }),
        );
        // Done once the rest is written and the interviews and offers are seen to (writeReleaseMessages).
        tx.setReleaseJob({ formId, at, state: 'writing', total: applicants.length, processed: first.length });
        for (const { user, rows } of recipients) tx.queueMessage(decisionMessage(current, user, rows, mail, at));
        return released;
      });
      if (released) {
        const { done } = await writeReleaseMessages(formId, { until, rows });
        // The rest in this process after the answer; the scheduler resumes it too.
        if (!done) background.start(formId, () => writeReleaseMessages(formId));
        return { form: released, done };
      }
      const { unqualified: _rows, ...counts } = await undecided(formId);
      throw ApiError.because('undecided', STAFF_MESSAGES.undecided(counts.rows, counts.applicants), counts);
    },

    /** Where the form's release job stands (null: never released since release jobs exist). */
    async releaseProgress(formId: string): Promise<ReleaseProgress | null> {
      await formOrNotFound(reviews, formId);
      const job = await reviews.getReleaseJob(formId);
      if (!job) return null;
      const total = job.total ?? 0;
      return { state: job.state, processed: job.state === 'done' ? total : (job.processed ?? 0), total };
    },

    writeReleaseMessages,

    /** What a release now would do: whether the guard passes, and the messages it would queue. */
    async dryRun(formId: string): Promise<ReleaseDryRun> {
      const form = await formOrNotFound(reviews, formId);
      const { unqualified: _rows, ...counts } = await undecided(formId);
      const applicants = new Set((await reviews.formRows(formId)).map((row) => row.userId));
      let queued = 0;
      for (const userId of applicants) {
        if (await reviews.getOutboxMessage(outboxId(outboxEvents.released(formId), userId))) queued += 1;
      }
      return {
        guardPasses: !form.decisionsReleased && counts.rows === 0,
        undecided: counts,
        released: form.decisionsReleased,
        messages: { decisionReleased: form.decisionsReleased ? 0 : applicants.size - queued },
      };
    },
  };
}

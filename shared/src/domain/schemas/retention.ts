import type { ReviewDecision, TeamRole } from '../ids/constants';

/**
 * How long a form keeps the personal data of its applicants who were not accepted
 * (docs/product.md#data-retention): the form's `retentionDays` after its release (absent:
 * DEFAULT_RETENTION_DAYS). A week before, every super-reviewer is emailed; then the scheduler
 * erases each such applicant's data of the form (their whole account when nothing else keeps it),
 * keeping only the form's anonymous counts per role and decision.
 */

export const DEFAULT_RETENTION_DAYS = 180;
/** At least the week's notice. */
export const MIN_RETENTION_DAYS = 7;
export const MAX_RETENTION_DAYS = 3650;
/** How long before the erasure the super-reviewers are told (and at least this long after they are told). */
export const RETENTION_NOTICE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The form's retention in days (its own, else the default). */
export const retentionDaysOf = (form: { retentionDays?: number }): number =>
  form.retentionDays ?? DEFAULT_RETENTION_DAYS;

/**
 * When a form released at `releasedAt` erases (`dueAt`) and tells the super-reviewers
 * (`noticeAt`, a week before). The erasure itself waits for a week after the notice was sent
 * (`erasureAt`), so a retention shortened at the last minute still gives the week's notice.
 */
export function retentionTimes(
  releasedAt: string,
  days: number,
  noticeSentAt?: string,
): { dueAt: string; noticeAt: string; erasureAt: string | null } {
  const due = Date.parse(releasedAt) + days * DAY_MS;
  const noticeAt = new Date(due - RETENTION_NOTICE_DAYS * DAY_MS).toISOString();
  const erasureAt =
    noticeSentAt === undefined
      ? null
      : new Date(Math.max(due, Date.parse(noticeSentAt) + RETENTION_NOTICE_DAYS * DAY_MS)).toISOString();
  return { dueAt: new Date(due).toISOString(), noticeAt, erasureAt };
}

/** Where a form's retention stands. */
export const RETENTION_STATES = ['not-released', 'scheduled', 'notice-sent', 'erased'] as const;
export type RetentionState = (typeof RETENTION_STATES)[number];

/** Role applications kept anonymously: how many per role and decision. */
export type RetainedCounts = Record<TeamRole, Partial<Record<ReviewDecision, number>>>;

/** What an erasure removes (the dry run's counts, or what a finished erasure removed). */
export interface RetentionCounts {
  /** Applicants not accepted whose data of the form goes. */
  applicants: number;
  /** Of them, those whose whole account goes (nothing else of theirs is accepted or live). */
  accountsDeleted: number;
  /** Of them, those who keep their account (an accepted or live application elsewhere, or staff): only this form's data goes. */
  accountsKept: number;
  /** Their applications to the form (answers), drafts included. */
  applications: number;
  uploadedFiles: number;
  interviewBookings: number;
  /** Their role applications, kept without name, email or id: per role and decision. */
  keptAnonymously: RetainedCounts;
}

/** GET /admin/forms/{formId}/retention: the form's retention, and what its erasure would remove now (writing nothing). */
export interface RetentionDryRun {
  formId: string;
  days: number;
  state: RetentionState;
  /** When the decisions were released; null before. */
  releasedAt: string | null;
  /** When the super-reviewers are (or were) told; null before the release. */
  noticeAt: string | null;
  /** When the erasure runs (not before a week after the notice); null before the release. */
  erasureAt: string | null;
  /** What an erasure now would remove (after it ran: nothing left, all zero). */
  wouldErase: RetentionCounts;
  /** What the erasure removed, once it ran. */
  erased: (RetentionCounts & { at: string }) | null;
}

export const RETENTION_TEXTS = {
  title: 'Data retention',
  field: 'Keep the personal data of applicants not accepted for (days after the release)',
  explain: (days: number) =>
    `${days} days after the decisions are released, the answers, files, bookings and emails of every applicant who was not accepted are erased (their whole account when they have no other accepted or open application). The form keeps only its anonymous counts per role and decision. Every super-reviewer is emailed a week before.`,
  dryRun: 'Dry run',
} as const;

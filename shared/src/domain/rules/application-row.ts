import type { ApplicationStatus, ReviewDecision, TeamRole } from '../ids/constants';
import type { ApplicationForm } from '../schemas/forms';
import type { ApplicationResponse, SectionResponse } from '../schemas/responses';
import { scoreSpread } from './calibration';
import { aggregateScore, rubricFor, type Scores } from './scoring';
import { answerWords, displayName, normalizeSearch, rowSearchTokens, searchTokens } from './search';
import { DELETED_APPLICANT } from '../ids/constants';
import type { AssessmentKind, AssessmentState, FinalDecision } from '../ids/constants';

/**
 * The application row (stored in `review-statuses`, one per submitted response and role applied
 * for): the super-reviewer dashboard's row AND the aggregate of the review work. It carries the
 * assignments with their state, the counts and the scores; the server updates it in the same
 * transaction as every assignment, review submit, reopen, qualified flag and decision. Every rule
 * about the row is here.
 */

/** An assignment as the row sees it; `scores` and `comments` only once submitted. */
export type AssignmentRef = {
  assessmentId: string;
  staffId: string;
  staffName: string;
  state: AssessmentState;
  scores?: Scores;
  comments?: string;
};

export type ApplicationRow = {
  id: string;
  responseId: string;
  applicationFormId: string;
  userId: string;
  role: TeamRole;
  /** Follows the work (not-reviewed, under-review, reviewed, interview) until a final decision is set. */
  decision: ReviewDecision;
  /** decision is accepted, denied or waitlist: what release checks. */
  final: boolean;
  qualified: boolean;
  applicantName: string;
  applicantEmail: string;
  /** Lower-cased "first last", the name sort key. */
  sortName: string;
  /**
   * What the super-reviewer's search matches: the prefixes of the applicant's name and email, then
   * the words of every answer (`rowSearchTokens`); empty once the applicant's data is erased.
   */
  searchTokens: string[];
  submittedAt: string;
  reviews: AssignmentRef[];
  reviewsAssigned: number;
  reviewsDone: number;
  reviewScore: number | null;
  interviews: AssignmentRef[];
  interviewsAssigned: number;
  interviewsDone: number;
  interviewScore: number | null;
  /** The applicant's reply to the offer; `expired`: not answered by `offerDeadline` (the scheduler marks it). */
  offer?: 'accepted' | 'declined' | 'expired';
  offerRepliedAt?: string;
  /** When the offer stops waiting for a reply (the form's `offerReplyDays` after it was made); absent: no deadline. */
  offerDeadline?: string;
  /** When a changed decision after release made this offer (a release's offers have none). */
  offerMadeAt?: string;
  /**
   * Stored for the "offer pending" filter (a query cannot ask for a missing `offer`): an accepted
   * row without a reply. Written with every row (`withFilterKeys`); not part of the API's view.
   */
  offerPending?: boolean;
  /**
   * Stored for the "disagreement" filter (a query cannot compute a spread): the spread of the
   * submitted reviews' calibrated scores is beyond the form's `disagreementThreshold`, as of the
   * form's calibration when its rows were last scored, with their calibrated keys
   * (docs/performance.md#the-sort-by-calibrated-score); cleared at once when fewer than two reviews
   * stay submitted (`disagreementFlagAfter`). Not part of the API's view: the dashboards compute
   * `disagreement` again from the row.
   */
  disagreementFlag?: boolean;
  /**
   * Stored for the dashboard's decision and offer filters (a query cannot tell an offer's state
   * from `decision` and a missing `offer`): `decisionStage`. Written with every row
   * (`withFilterKeys`); not part of the API's view.
   */
  decisionStage?: DecisionStage;
  /**
   * Stored for the sort by calibrated score, which a query cannot compute: the row's calibrated
   * review score (`calibratedKeys`) as of the calibration of the form when its rows were last scored
   * (docs/performance.md#the-sort-by-calibrated-score), and the key of the descending order. Not
   * part of the API's view: the dashboards compute the score again.
   */
  calibratedOrder?: number | null;
  calibratedOrderDesc?: number;
  /**
   * The ids of the form's tags on the row (`row-tags`, docs/product.md#tags-and-saved-views): set by
   * a super-reviewer, the field the tag filter queries. Not part of a reviewer's view (`withOnlyOwnScores`).
   */
  tags?: string[];
  /**
   * The applicant's data was erased (they deleted their account, or the form's retention ran) after
   * the release: the row stays for the form's counts per role and decision, without their name,
   * email or id (`anonymousRow`).
   */
  erased?: true;
};

/** The one id of the row for a response and role. */
export const applicationRowId = (responseId: string, role: TeamRole): string => `${responseId}__${role}`;

/** A row as the API sends it (no search keys). */
export type ApplicationRowView = Omit<
  ApplicationRow,
  | 'searchTokens'
  | 'sortName'
  | 'offerPending'
  | 'disagreementFlag'
  | 'decisionStage'
  | 'calibratedOrder'
  | 'calibratedOrderDesc'
>;

/** A row as a listing may read it: a search's page is read without the rows' search tokens. */
export type ListedRow = Omit<ApplicationRow, 'searchTokens'> & Partial<Pick<ApplicationRow, 'searchTokens'>>;

export function toRowView(row: ListedRow): ApplicationRowView {
  const {
    searchTokens: _tokens,
    sortName: _sortName,
    offerPending: _pending,
    disagreementFlag: _flag,
    decisionStage: _stage,
    calibratedOrder: _calibrated,
    calibratedOrderDesc: _calibratedDesc,
    ...view
  } = row;
  return view;
}

/** The form's settings that score a row and flag its reviewers' disagreement. */
export type RowScoring = Pick<ApplicationForm, 'reviewRubrics' | 'interviewRubrics' | 'disagreementThreshold'>;

/** Whether a spread of (calibrated) review scores is beyond the threshold (none set: nothing is flagged). */
export const beyondThreshold = (spread: number, threshold: number | undefined): boolean =>
  threshold !== undefined && spread > threshold;

/** The spread of the row's submitted reviews' scores (0 with fewer than two, or no review rubric for its role). */
export function reviewSpreadOf(
  form: Pick<ApplicationForm, 'reviewRubrics'>,
  row: Pick<ApplicationRow, 'reviews' | 'role'>,
) {
  const rubric = rubricFor({ reviewRubrics: form.reviewRubrics, interviewRubrics: [] }, 'review', row.role);
  if (!rubric) return 0;
  return scoreSpread(
    rubric,
    row.reviews.filter((ref) => ref.state === 'submitted' && ref.scores).map((ref) => ref.scores!),
  );
}

/**
 * The row's stored `disagreementFlag` once its reviews are `refs`: the flag compares calibrated
 * scores, which depend on every review of the form, so it is set when the form's rows are scored
 * under its calibration (staff/dashboard/calibrated-order.ts), which this change of reviews moves;
 * until then the row keeps its flag, except that fewer than two submitted reviews cannot disagree.
 */
export const disagreementFlagAfter = (
  row: Pick<ApplicationRow, 'disagreementFlag'>,
  refs: readonly Pick<AssignmentRef, 'state' | 'scores'>[],
): boolean =>
  refs.filter((ref) => ref.state === 'submitted' && ref.scores).length >= 2 && row.disagreementFlag === true;

/**
 * Where a row stands on the dashboard's decision and offer filters: `undecided` (no final decision),
 * `denied` or `waitlist`, or an offer by its state (`offer-pending`, `offer-accepted`, …). One
 * stored field for five filters: one composite index per sort instead of one per filter field
 * (docs/performance.md#index-budget).
 */
export type DecisionStage = 'undecided' | 'denied' | 'waitlist' | `offer-${OfferState}`;

export function decisionStage(row: Pick<ApplicationRow, 'final' | 'decision' | 'offer'>): DecisionStage {
  if (!row.final) return 'undecided';
  const offer = offerState(row);
  return offer ? `offer-${offer}` : row.decision === 'waitlist' ? 'waitlist' : 'denied';
}

/**
 * The stored keys of the sort by calibrated score: the score ascending (null, no score, first), and
 * for the descending order its negation, no score last; each read in ascending order, so ties go by
 * row id ascending in both directions (the order of the in-memory sort they replace).
 */
export const calibratedKeys = (
  score: number | null,
): Required<Pick<ApplicationRow, 'calibratedOrder' | 'calibratedOrderDesc'>> => ({
  calibratedOrder: score,
  calibratedOrderDesc: score === null ? Number.MAX_SAFE_INTEGER : -score,
});

/**
 * The row as it is stored: with the keys its filters query derived from its decision and reply
 * (`offerPending`, `decisionStage`); a row without calibrated keys gets those of no score (a new
 * row has no submitted review; older rows are scored with the form's next sort by calibrated score).
 */
export const withFilterKeys = <R extends Pick<ApplicationRow, 'final' | 'decision' | 'offer'>>(
  row: R & Partial<Pick<ApplicationRow, 'calibratedOrder' | 'calibratedOrderDesc'>>,
): R &
  Required<Pick<ApplicationRow, 'offerPending' | 'decisionStage' | 'calibratedOrder' | 'calibratedOrderDesc'>> => ({
  ...calibratedKeys(null),
  ...row,
  offerPending: row.decision === 'accepted' && !row.offer,
  decisionStage: decisionStage(row),
});

/** A row's assessment fields with nothing assigned: no reviews or interviews, no scores. */
const noAssessments = (): Pick<
  ApplicationRow,
  | 'reviews'
  | 'reviewsAssigned'
  | 'reviewsDone'
  | 'reviewScore'
  | 'interviews'
  | 'interviewsAssigned'
  | 'interviewsDone'
  | 'interviewScore'
> => ({
  reviews: [],
  reviewsAssigned: 0,
  reviewsDone: 0,
  reviewScore: null,
  interviews: [],
  interviewsAssigned: 0,
  interviewsDone: 0,
  interviewScore: null,
});

/**
 * What a released form keeps of a row whose applicant's data is erased (docs/product.md#data-retention):
 * its role, decision, qualified flag and offer reply, under `standIn` (a new random id standing for
 * the response, the same for every row of the application), the day it was submitted, and nothing
 * that names them: no name, email, user or response id, search key, review or comment. An offer not
 * answered counts as declined (the place is free).
 */
export function anonymousRow(row: ApplicationRow, standIn: string, at: string): ApplicationRow {
  const reply =
    row.offer !== undefined
      ? { offer: row.offer, ...(row.offerRepliedAt === undefined ? {} : { offerRepliedAt: row.offerRepliedAt }) }
      : row.decision === 'accepted'
        ? { offer: 'declined' as const, offerRepliedAt: at }
        : {};
  return {
    id: applicationRowId(standIn, row.role),
    responseId: standIn,
    applicationFormId: row.applicationFormId,
    userId: '',
    role: row.role,
    decision: row.decision,
    final: row.final,
    qualified: row.qualified,
    applicantName: DELETED_APPLICANT,
    applicantEmail: '',
    sortName: normalizeSearch(DELETED_APPLICANT),
    searchTokens: [],
    submittedAt: `${row.submittedAt.slice(0, 10)}T00:00:00.000Z`,
    ...noAssessments(),
    ...reply,
    erased: true,
  };
}

/**
 * The row for a response and role, as submit creates it; its search tokens hold the words of
 * `answers` (the submitted answers: none, no words), which the super-reviewer's search finds it by.
 */
export function newApplicationRow(input: {
  responseId: string;
  applicationFormId: string;
  role: TeamRole;
  applicant: { id: string; firstName: string; lastName: string; email: string };
  submittedAt: string;
  answers?: SectionResponse[];
}): ApplicationRow {
  const { applicant } = input;
  return {
    id: applicationRowId(input.responseId, input.role),
    responseId: input.responseId,
    applicationFormId: input.applicationFormId,
    userId: applicant.id,
    role: input.role,
    decision: 'not-reviewed',
    final: false,
    qualified: false,
    applicantName: displayName(applicant),
    applicantEmail: applicant.email,
    sortName: normalizeSearch(displayName(applicant)),
    searchTokens: rowSearchTokens(searchTokens(applicant), answerWords(input.answers ?? [])),
    submittedAt: input.submittedAt,
    ...noAssessments(),
  };
}

/**
 * The row with one kind's assignments replaced: recounts, rescores and moves the work decision
 * (not-reviewed → under-review → reviewed → interview); a final decision stays as it is.
 */
export function rowWithAssignments(
  row: ApplicationRow,
  kind: AssessmentKind,
  refs: AssignmentRef[],
  form: RowScoring,
): ApplicationRow {
  const rubric = rubricFor(form, kind, row.role);
  const done = refs.filter((ref) => ref.state === 'submitted');
  const score = rubric
    ? aggregateScore(
        rubric,
        done.map((ref) => ref.scores ?? {}),
      )
    : null;
  const next: ApplicationRow =
    kind === 'review'
      ? {
          ...row,
          reviews: refs,
          reviewsAssigned: refs.length,
          reviewsDone: done.length,
          reviewScore: score,
          disagreementFlag: disagreementFlagAfter(row, refs),
        }
      : {
          ...row,
          interviews: refs,
          interviewsAssigned: refs.length,
          interviewsDone: done.length,
          interviewScore: score,
        };
  return { ...next, decision: next.final ? next.decision : workDecision(next) };
}

function workDecision(row: ApplicationRow): ReviewDecision {
  if (row.interviewsAssigned > 0) return 'interview';
  if (row.reviewsAssigned === 0) return 'not-reviewed';
  return row.reviewsDone === row.reviewsAssigned ? 'reviewed' : 'under-review';
}

/** Where an offer stands: only an accepted row has one, pending until the applicant replies (or its deadline passes). */
export type OfferState = 'pending' | 'accepted' | 'declined' | 'expired';

export const offerState = (row: Pick<ApplicationRow, 'decision' | 'offer'>): OfferState | null =>
  row.decision === 'accepted' ? (row.offer ?? 'pending') : null;

/** The offers of one role: made (accepted rows), and how they were answered. */
export interface OfferCounts {
  role: TeamRole;
  offers: number;
  accepted: number;
  declined: number;
  pending: number;
  /** Not answered by their deadline. */
  expired: number;
}

/** Offer counts per role, in the order the roles first appear; roles without offers are left out. */
export function offerCountsByRole(rows: Pick<ApplicationRow, 'role' | 'decision' | 'offer'>[]): OfferCounts[] {
  const byRole = new Map<TeamRole, OfferCounts>();
  for (const row of rows) {
    const state = offerState(row);
    if (!state) continue;
    const counts = byRole.get(row.role) ?? {
      role: row.role,
      offers: 0,
      accepted: 0,
      declined: 0,
      pending: 0,
      expired: 0,
    };
    counts.offers += 1;
    counts[state] += 1;
    byRole.set(row.role, counts);
  }
  return [...byRole.values()];
}

/** The row with a final decision set. */
export const rowWithDecision = (row: ApplicationRow, decision: FinalDecision): ApplicationRow => ({
  ...row,
  decision,
  final: true,
});

/** The deadline of an offer made at `at` when the form gives `days` to reply; undefined without. */
export const offerDeadlineAfter = (at: string, days: number | undefined): string | undefined =>
  days === undefined ? undefined : new Date(Date.parse(at) + days * 24 * 60 * 60 * 1000).toISOString();

/**
 * The row with its released decision changed (after release, by a super-reviewer): the offer's
 * reply, deadline and time are cleared; a new offer (accepted) waits for a reply again, with its
 * own deadline (`days` after `at`) and `offerMadeAt`, so its reply is confirmed anew.
 */
export function rowWithChangedDecision(
  row: ApplicationRow,
  decision: FinalDecision,
  at: string,
  days: number | undefined,
): ApplicationRow {
  const { offer: _offer, offerRepliedAt: _repliedAt, offerDeadline: _deadline, offerMadeAt: _madeAt, ...rest } = row;
  const deadline = decision === 'accepted' ? offerDeadlineAfter(at, days) : undefined;
  return withFilterKeys({
    ...rest,
    decision,
    final: true,
    ...(decision === 'accepted' && { offerMadeAt: at }),
    ...(deadline && { offerDeadline: deadline }),
  });
}

/** Why "Deny undecided, unqualified…" leaves a row out unless it is named: reviews still open, reviewers disagreeing. */
export type DenialHold = 'open-reviews' | 'disagreement';

/** The holds on an undecided, unqualified row (`disagreement`: the dashboard's flag for the row). */
export function denialHolds(row: Pick<ApplicationRow, 'reviewsAssigned' | 'reviewsDone'>, disagreement: boolean) {
  const holds: DenialHold[] = [];
  if (row.reviewsDone < row.reviewsAssigned) holds.push('open-reviews');
  if (disagreement) holds.push('disagreement');
  return holds;
}

/** GET /admin/forms/{formId}/undecided/unqualified: one undecided, unqualified row as the bulk denial sees it. */
export interface DenialCandidate {
  responseId: string;
  role: TeamRole;
  applicantName: string;
  reviewsAssigned: number;
  reviewsDone: number;
  /** Empty: denied by the bulk denial; else left out unless named in its `include`. */
  holds: DenialHold[];
}

export const refsOf = <R extends Pick<ApplicationRow, 'reviews' | 'interviews'>>(row: R, kind: AssessmentKind) =>
  (kind === 'review' ? row.reviews : row.interviews) as R['reviews'];

const STAFF_STATUSES: readonly ApplicationStatus[] = ['submitted', 'in-review', 'interview', 'decided'];

/** The response status the rows imply: in review once assigned, interview once interviews are, decided when every role is. */
export function statusFromRows(response: ApplicationResponse, rows: ApplicationRow[]): ApplicationStatus {
  if (!STAFF_STATUSES.includes(response.status) || rows.length === 0) return response.status;
  if (rows.every((row) => row.final)) return 'decided';
  if (rows.some((row) => row.interviewsAssigned > 0)) return 'interview';
  if (rows.some((row) => row.reviewsAssigned > 0)) return 'in-review';
  return 'submitted';
}

/**
 * What an applicant may see of their response: until the form's decisions are released the review
 * stages (interview, decided) read 'in-review', so nothing tells them a decision exists.
 */
export function responseForApplicant(
  response: ApplicationResponse,
  form: { decisionsReleased: boolean },
): ApplicationResponse {
  if (form.decisionsReleased || (response.status !== 'interview' && response.status !== 'decided')) return response;
  return { ...response, status: 'in-review' };
}

/** What a reviewer sees of a row: who else is assigned, but not their scores (so as not to anchor their own), nor its tags. */
export function withOnlyOwnScores(row: ApplicationRowView, staffId: string): ApplicationRowView {
  const { tags: _tags, ...shown } = row;
  const strip = (refs: AssignmentRef[]) =>
    refs.map((ref) => {
      if (ref.staffId === staffId) return ref;
      const { scores: _scores, comments: _comments, ...rest } = ref;
      return rest;
    });
  return { ...shown, reviews: strip(row.reviews), interviews: strip(row.interviews) };
}

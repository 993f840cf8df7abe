import { createHash } from 'node:crypto';
import {
  applicationRowId,
  lookupTerm,
  ROW_FILTER_FIELDS,
  tabCounterKey,
  matchesSearch,
  normalizeEmail,
  searchTerms,
  STAFF_ROLES,
  statusFromRows,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type ListedRow,
  type Assessment,
  type AssessmentKind,
  type AuditEntry,
  type CalibrationSums,
  type ConflictOfInterest,
  type InterviewSlot,
  type Page,
  type RowFilter,
  type RowSort,
  type TeamRole,
  type User,
  withFilterKeys,
} from '@portal/shared/domain';
import { recordInTransaction } from '../audit/audit-entry';
import { writeFormStatus } from '../forms/form-status';
import { jobsInTransaction, type JobsTransaction, type StoredJob } from '../jobs/jobs.repository';
import { outboxInTransaction, type OutboxMessage, type OutboxTransaction } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, EqualityFilter, QuerySpec, StoreTransaction } from '../store/document-store';
import { countOf, readFormCounts } from '../store/form-counters';
import { memoryCursorAt, memoryCursorPosition, pageInMemory } from '../store/memory-pages';
import { queryAll, queryEvery, queryPage } from '../store/query-pages';
import {
  LISTED_ROW_FIELDS,
  POSTING_KEY_FIELDS,
  rowsById,
  rowsHolding,
  unindexRowsForSearch,
  type PostingKeys,
  type RowsHolding,
} from './search-postings';
import type { OverdueMark } from './dashboard/reviewer-progress.service';
import { emptyLoad, staffLoadId, type StaffLoad } from './staff-load';

/**
 * Every store access of the review workflow: application rows, reviews and interviews
 * (assessments), staff loads, and the forms, responses and users they point at. The services
 * hold the rules; this module knows the collections, ids, fields and indexes.
 */

/** A response and every row it has (one per role applied for), read inside a transaction. */
export interface ApplicationState {
  response: ApplicationResponse;
  rows: Map<string, ApplicationRow>;
}

/** Reads and writes inside one store transaction: every read before the first write. */
export interface ReviewsTransaction extends OutboxTransaction, JobsTransaction {
  getForm(id: string): Promise<ApplicationForm | null>;
  getUser(id: string): Promise<User | null>;
  getRow(responseId: string, role: TeamRole): Promise<ApplicationRow | null>;
  getAssessment(kind: AssessmentKind, id: string): Promise<Assessment | null>;
  /** The load of a staff member for a form; an empty one when none is stored yet. */
  getLoad(formId: string, staffId: string): Promise<StaffLoad>;
  readApplication(responseId: string): Promise<ApplicationState | null>;
  /**
   * The form's rows without a final decision, counted in the transaction: a submit that adds an
   * undecided row before the commit makes the transaction retry.
   */
  countUndecided(formId: string): Promise<number>;
  /** Writes the changed rows and, when the rows move it, the response status. */
  writeApplication(state: ApplicationState, changed: ApplicationRow[]): void;
  setRow(row: ApplicationRow): void;
  /** Writes the form whole, and its status document too if this changes its status (forms/form-status.ts). */
  setForm(form: ApplicationForm): void;
  createAssessment(assessment: Assessment): void;
  setAssessment(assessment: Assessment): void;
  deleteAssessment(kind: AssessmentKind, id: string): void;
  setLoad(load: StaffLoad): void;
  /** The form's calibration sums, if they are stored (calibration-cache.ts). */
  getCalibrationSums(formId: string): Promise<StoredCalibrationSums | null>;
  setCalibrationSums(stored: StoredCalibrationSums): void;
  /** Which calibration the form's rows' calibrated keys are of (dashboard/calibrated-order.ts). */
  getCalibratedOrderMark(formId: string): Promise<CalibratedOrderMark | null>;
  setCalibratedOrderMark(mark: CalibratedOrderMark): void;
  /** Writes a row's calibrated keys and disagreement flag alone (the row must exist). */
  setCalibratedKeys(rowId: string, keys: ScoredRowKeys): void;
  /** The staff member's declared conflict with the applicant of this email, if any (`conflictId`). */
  getConflict(staffId: string, email: string): Promise<ConflictOfInterest | null>;
  getConflictById(id: string): Promise<ConflictOfInterest | null>;
  setConflict(conflict: ConflictOfInterest): void;
  deleteConflict(id: string): void;
  /** Appends an audit entry in the same commit as the change it records. */
  record(entry: AuditEntry): void;
  /** A release whose messages are still being written (row-decisions.service.ts). */
  getReleaseJob(formId: string): Promise<ReleaseJob | null>;
  setReleaseJob(job: ReleaseJob): void;
}

/**
 * A repository's transactions as one service sees them: the work is handed only the transaction
 * methods `T` it uses (a `Pick` of `ReviewsTransaction`). A `ReviewsRepository` is one.
 */
export interface TransactionsOf<T> {
  transaction<R>(work: (tx: T) => Promise<R>): Promise<R>;
}

/**
 * Per form: the sums of its submitted reviews' scores that its calibration learns from
 * (`withReviewSums`), kept whole by every transaction that adds, changes or removes a submitted
 * review (calibration-cache.ts).
 */
export interface StoredCalibrationSums {
  [field: string]: unknown;
  formId: string;
  /** The maths they were learnt for (`CALIBRATION_MODEL`): another is learnt again. */
  model: string | null;
  /** How many submitted reviews they hold. */
  count: number;
  /** Null until learnt from every submitted review (a review was submitted before any page read them). */
  sums: CalibrationSums | null;
  /** Bumped by every change of the form's submitted reviews: sums learnt meanwhile are not stored. */
  changes: number;
}

/** A row's stored keys of the sort by calibrated score (`calibratedKeys`). */
export type CalibratedKeys = Required<Pick<ApplicationRow, 'calibratedOrder' | 'calibratedOrderDesc'>>;

/** What the form's calibration gives each row to store: its calibrated keys and its disagreement flag. */
export type ScoredRowKeys = CalibratedKeys & Required<Pick<ApplicationRow, 'disagreementFlag'>>;

/**
 * Per form: the calibration (`version`, calibration-cache.ts) its rows' calibrated keys were all
 * computed with, none while they are being computed; and the computation under way, if any (`claim`,
 * since `claimedAt`): dashboard/calibrated-order.ts.
 */
export interface CalibratedOrderMark {
  [field: string]: unknown;
  formId: string;
  version: string | null;
  claim: string | null;
  claimedAt: string | null;
}

/** The part of a release still to do after its commit: the messages past the first batch (a job without a kind). */
export interface ReleaseJob extends StoredJob {
  formId: string;
  /** When the release committed (the messages' time). */
  at: string;
  state: 'writing' | 'done';
  /** Applicants to write to (the form's, by user id). */
  total?: number;
  /** Of them, in user id order, those whose message is written: a resumed job goes on from there. */
  processed?: number;
}

/** The sorts the store orders by, by a field of the row (the calibrated score has keys of its own: `CALIBRATED_ORDER`). */
export type StoredRowSort = Exclude<RowSort, 'calibratedReviewScore'>;

export interface RowsQuery {
  qualifiedOnly: boolean;
  /** Only the rows matching the dashboard filter. */
  filter?: RowFilter;
  /** A search's text (`searchText`: every term of it must match, `searchTerms`); empty: no search. */
  token: string;
  /** Only the rows with this tag (`ApplicationRow.tags`). */
  tag?: string;
  sort: StoredRowSort;
  dir: 'asc' | 'desc';
  cursor?: string;
  limit: number;
  /**
   * What a write of the read (the recount of a form without counters) waits for besides the read:
   * the caller's own checks, when it reads beside them, so that a refused request writes nothing.
   */
  writesAfter?: Promise<unknown>;
}

export interface ReviewsRepository {
  getForm(id: string): Promise<ApplicationForm | null>;
  getResponse(id: string): Promise<ApplicationResponse | null>;
  getUser(id: string): Promise<User | null>;
  getAssessment(kind: AssessmentKind, id: string): Promise<Assessment | null>;
  /** The rows of a response, one per role applied for that has one. */
  rowsOf(response: ApplicationResponse): Promise<ApplicationRow[]>;
  /** Removes rows, as stored, from the search's postings (staff/search-postings.ts): before an erasure. */
  unindexForSearch(rows: ApplicationRow[]): Promise<unknown>;
  /** Its rows come without their search tokens (`ListedRow`). */
  rowsPage(formId: string, query: RowsQuery): Promise<Page<ListedRow>>;
  /**
   * A page of the form's rows on the tab and filter of `query` (no search) in a stored order, after a
   * position rather than a store cursor: its `nextCursor` is the one `pageInMemory` gives, so one
   * listing may be paged from the store and in memory alike (store/memory-pages.ts).
   */
  rowsPageAt(
    formId: string,
    query: Pick<RowsQuery, 'qualifiedOnly' | 'filter' | 'limit'> & {
      orderBy: { field: string; direction: 'asc' | 'desc' };
      cursor?: string;
    },
  ): Promise<Page<ListedRow>>;
  /**
   * Every row `rowsPage` would page through, unordered: one equality query on the form, its tab and
   * filter (no composite index: Firestore merges them), or for a search the form's rows holding the
   * token, filtered in memory.
   */
  allRows(
    formId: string,
    query: Omit<RowsQuery, 'sort' | 'dir' | 'cursor' | 'limit'> & {
      /** Equalities on the row's own fields (a group message's role or decision), asked of the store too. */
      also?: EqualityFilter[];
    },
  ): Promise<ApplicationRow[]>;
  /** The form's submitted reviews (what the calibration learns from). */
  submittedReviews(formId: string): Promise<Assessment[]>;
  /** Every review of the form, whatever its state (reviewer progress). */
  formReviews(formId: string): Promise<Assessment[]>;
  getCalibrationSums(formId: string): Promise<StoredCalibrationSums | null>;
  getCalibratedOrderMark(formId: string): Promise<CalibratedOrderMark | null>;
  /** Every row of the form without a final decision (equality filters only: no composite index). */
  undecidedRows(formId: string): Promise<ApplicationRow[]>;
  /** Every row of the form (what a release writes to each applicant about). */
  formRows(formId: string): Promise<ApplicationRow[]>;
  /**
   * Every row of the form in one query, not page by page: the computation of the calibrated keys
   * holds them all anyway, and the Firestore emulator walks the rows before each page again.
   */
  rowsToScore(formId: string): Promise<ApplicationRow[]>;
  /** The form's release job, if it was released since release jobs exist. */
  getReleaseJob(formId: string): Promise<ReleaseJob | null>;
  getOutboxMessage(id: string): Promise<OutboxMessage | null>;
  /** Every row of the form with an offer (decision accepted). */
  offeredRows(formId: string): Promise<ApplicationRow[]>;
  /** Every row of the form with exactly `assigned` review assignments. */
  rowsWithReviewsAssigned(formId: string, assigned: number): Promise<ApplicationRow[]>;
  /** A staff member's reviews or interviews for a form, oldest first. */
  assessmentsPage(
    kind: AssessmentKind,
    query: { formId: string; staffId: string; token: string; cursor?: string; limit: number },
  ): Promise<Page<Assessment>>;
  /** The kinds of work (review, interview) the staff member has on the response; none: not assigned. */
  assessmentKindsOn(responseId: string, staffId: string): Promise<AssessmentKind[]>;
  /** Every assessment of this kind the staff member has on the form (a reviewer's load: tens, not thousands). */
  allAssessmentsOf(kind: AssessmentKind, formId: string, staffId: string): Promise<Assessment[]>;
  /** Reviewers and super-reviewers, by id: one equality query per staff role, never a scan of every applicant. */
  listStaff(): Promise<User[]>;
  /** Conflicts of interest: one staff member's, or everyone's (a cycle has tens). */
  conflicts(staffId?: string): Promise<ConflictOfInterest[]>;
  /** The conflict the API calls `publicId` (the id in a `ConflictView`), if any. */
  conflictByPublicId(publicId: string): Promise<ConflictOfInterest | null>;
  /** The staff member's reviews and interviews of this applicant, of every form. */
  assessmentsOfApplicant(staffId: string, applicantUserId: string): Promise<Assessment[]>;
  /** The user with this (lower-cased) email, if any. */
  userByEmail(email: string): Promise<User | null>;
  loadsOf(formId: string): Promise<StaffLoad[]>;
  /** When the scheduler last looked for the form's overdue reviewers, if it did. */
  getOverdueMark(formId: string): Promise<OverdueMark | null>;
  setOverdueMark(mark: OverdueMark): Promise<void>;
  /** The form's interview slots (tens), with their bookings. */
  interviewSlots(formId: string): Promise<InterviewSlot[]>;
  transaction<R>(work: (tx: ReviewsTransaction) => Promise<R>): Promise<R>;
}

const overdueMarkId = (formId: string) => `overdue-reviews__${formId}`;

/** The collection of reviews or of interviews. */
export const assessmentCollection = (kind: AssessmentKind) =>
  kind === 'review' ? COLLECTIONS.reviews : COLLECTIONS.interviews;

/** The stored field each stored sort orders by. */
export const ROW_SORT_FIELDS = {
  name: 'sortName',
  submittedAt: 'submittedAt',
  reviewScore: 'reviewScore',
  interviewScore: 'interviewScore',
} as const satisfies Record<StoredRowSort, keyof ApplicationRow>;

/** The stored key each direction of the sort by calibrated score reads in ascending order (`calibratedKeys`). */
export const CALIBRATED_ORDER = {
  asc: 'calibratedOrder',
  desc: 'calibratedOrderDesc',
} as const satisfies Record<'asc' | 'desc', keyof CalibratedKeys>;

/**
 * The store filter of each dashboard filter, on the keys `withFilterKeys` stores (one field for the
 * decision and offer filters: docs/performance.md#index-budget); `disagreement` reads the rows stored
 * with `disagreementFlag`, and the dashboard checks them against the form as it is now.
 */
const FILTERS: Record<RowFilter, EqualityFilter> = ROW_FILTER_FIELDS;

/** What the store is asked for a search (`token`: its `searchText`): the rows holding its longest term. */
const searchFilter = (token: string): EqualityFilter[] =>
  token ? [{ field: 'searchTokens', op: 'array-contains', value: lookupTerm(searchTerms(token)) }] : [];

/** The ids of the rows holding a search's terms, from their postings; `everyTerm`: those are its matches. */
interface SearchedRowIds {
  ids: string[];
  /** The sort keys the postings hold for the ids (all of them but those added before the postings held keys). */
  keys: Map<string, PostingKeys>;
  /** Every term of the search was read from its postings (none full, none past COUNTED_TERMS). */
  everyTerm: boolean;
}

/** Whether a row or assessment holds every term of the search `token` (none: no search). */
const found = (document: { searchTokens?: unknown }, token: string) =>
  !token ||
  (Array.isArray(document.searchTokens) && matchesSearch(document.searchTokens as string[], searchTerms(token)));

/**
 * How many of a search's terms are read from their postings (staff/search-postings.ts): the rows
 * holding all of them are read by id; the other terms, the tab and filter are checked, and the
 * matches sorted and paged, in memory (docs/decisions/answer-search.md).
 */
const COUNTED_TERMS = 4;

/**
 * What the tag filter asks the store: the form's rows holding the tag (one array-contains beside the
 * form's equality, one composite index, like a search); the tab, filter, search, sort and page are
 * applied to the tagged rows in memory (docs/performance.md#index-budget).
 */
const rowTagWhere = (formId: string, tag: string): EqualityFilter[] => [
  { field: 'applicationFormId', value: formId },
  { field: 'tags', op: 'array-contains', value: tag },
];

const rowsWhere = (
  formId: string,
  query: Pick<RowsQuery, 'qualifiedOnly' | 'filter' | 'token' | 'tag'>,
): EqualityFilter[] => [
  { field: 'applicationFormId', value: formId },
  ...(query.qualifiedOnly ? [{ field: 'qualified', value: true }] : []),
  ...(query.filter ? [FILTERS[query.filter]] : []),
  ...searchFilter(query.token),
  ...(query.tag ? [{ field: 'tags', op: 'array-contains' as const, value: query.tag }] : []),
];

/** Whether a row passes the filters (as the store would apply them). */
const matches = (row: ApplicationRow | Assessment, where: EqualityFilter[]) =>
  where.every((filter) => {
    const value = (row as Record<string, unknown>)[filter.field];
    return filter.op === 'array-contains'
      ? Array.isArray(value) && value.includes(filter.value)
      : value === filter.value;
  });

/** The store's order by submittedAt: the time's text (as SQLite and Firestore compare it), then the id. */
const bySubmittedAt = (a: Assessment, b: Assessment): number => {
  const [x, y] = [a.submittedAt ?? '', b.submittedAt ?? ''];
  if (x !== y) return x < y ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

const submittedWhere = (formId: string): EqualityFilter[] => [
  { field: 'applicationFormId', value: formId },
  { field: 'state', value: 'submitted' },
];

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Whether the staff member has a review or an interview of the response (also the files' access rule). */
export async function assessmentKindsOn(
  store: DocumentStore,
  responseId: string,
  staffId: string,
): Promise<AssessmentKind[]> {
  const where = [
    { field: 'responseId', value: responseId },
    { field: 'staffId', value: staffId },
  ];
  const kinds = ['review', 'interview'] as const;
  const counts = await Promise.all(kinds.map((kind) => store.count(assessmentCollection(kind), where)));
  return kinds.filter((_, at) => counts[at]! > 0);
}

export function reviewsInTransaction(tx: StoreTransaction): ReviewsTransaction {
  /** The forms this transaction read: `setForm` writes a form's status document only if its status changed. */
  const formsRead = new Map<string, ApplicationForm | null>();
  const getRow = (responseId: string, role: TeamRole) =>
    tx.get<ApplicationRow>(COLLECTIONS.reviewStatuses, applicationRowId(responseId, role));
  return {
    ...outboxInTransaction(tx),
    ...jobsInTransaction(tx),
    async getForm(id) {
      const form = await tx.get<ApplicationForm>(COLLECTIONS.forms, id);
      formsRead.set(id, form);
      return form;
    },
    getUser: (id) => tx.get<User>(COLLECTIONS.users, id),
    getRow,
    getAssessment: (kind, id) => tx.get<Assessment>(assessmentCollection(kind), id),
    getLoad: async (formId, staffId) =>
      (await tx.get<StaffLoad>(COLLECTIONS.staffLoads, staffLoadId(formId, staffId))) ?? emptyLoad(formId, staffId),
    async readApplication(responseId) {
      const response = await tx.get<ApplicationResponse>(COLLECTIONS.responses, responseId);
      if (!response) return null;
      const rows = new Map<string, ApplicationRow>();
      for (const row of await Promise.all(response.rolesApplied.map((role) => getRow(responseId, role)))) {
        if (row) rows.set(row.id, row);
      }
      return { response, rows };
    },
    countUndecided: (formId) =>
      tx.count(COLLECTIONS.reviewStatuses, [
        { field: 'applicationFormId', value: formId },
        { field: 'final', value: false },
      ]),
    writeApplication(state, changed) {
      for (const row of changed) {
        state.rows.set(row.id, row);
        tx.set(COLLECTIONS.reviewStatuses, row.id, withFilterKeys(row));
      }
      const status = statusFromRows(state.response, [...state.rows.values()]);
      if (status !== state.response.status) {
        tx.update(COLLECTIONS.responses, state.response.id, { status });
        state.response = { ...state.response, status };
      }
    },
    setRow: (row) => tx.set(COLLECTIONS.reviewStatuses, row.id, withFilterKeys(row)),
    setForm(form) {
      tx.set(COLLECTIONS.forms, form.id, form);
      writeFormStatus(tx, form, formsRead.get(form.id));
    },
    createAssessment: (assessment) => tx.create(assessmentCollection(assessment.kind), assessment.id, assessment),
    setAssessment: (assessment) => tx.set(assessmentCollection(assessment.kind), assessment.id, assessment),
    deleteAssessment: (kind, id) => tx.delete(assessmentCollection(kind), id),
    setLoad: (load) => tx.set(COLLECTIONS.staffLoads, load.id, load),
    getCalibrationSums: (formId) => tx.get<StoredCalibrationSums>(COLLECTIONS.calibrationSums, formId),
    setCalibrationSums: (stored) => tx.set(COLLECTIONS.calibrationSums, stored.formId, stored),
    getCalibratedOrderMark: (formId) => tx.get<CalibratedOrderMark>(COLLECTIONS.calibratedOrders, formId),
    setCalibratedOrderMark: (mark) => tx.set(COLLECTIONS.calibratedOrders, mark.formId, mark),
    setCalibratedKeys: (rowId, keys) => tx.update(COLLECTIONS.reviewStatuses, rowId, keys),
    getConflict: (staffId, email) => tx.get<ConflictOfInterest>(COLLECTIONS.conflicts, conflictId(staffId, email)),
    getConflictById: (id) => tx.get<ConflictOfInterest>(COLLECTIONS.conflicts, id),
    setConflict: (conflict) => tx.set(COLLECTIONS.conflicts, conflict.id, conflict),
    deleteConflict: (id) => tx.delete(COLLECTIONS.conflicts, id),
    record: (entry) => recordInTransaction(tx, entry),
    getReleaseJob: (formId) => tx.get<ReleaseJob>(COLLECTIONS.jobs, formId),
    setReleaseJob: (job) => tx.set(COLLECTIONS.jobs, job.formId, job),
  };
}

/**
 * One document per staff member and applicant email: declaring twice changes the reason, not the
 * count. Derived from the email, so it stays on the server: the API answers the `publicId`.
 */
export const conflictId = (staffId: string, email: string): string =>
  `${staffId}__${createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 32)}`;

export function createReviewsRepository(store: DocumentStore): ReviewsRepository {
  /**
   * One equality query on the form, its tab and filter (no composite index: Firestore merges them),
   * or a search's rows read by id from its postings, its tab and filter then applied in memory.
   */
  async function allRows(
    formId: string,
    query: Pick<RowsQuery, 'qualifiedOnly' | 'filter' | 'token' | 'tag'> & { also?: EqualityFilter[] },
    /** The search's postings already read (`searchedRowIds`). */
    read?: { searched: SearchedRowIds | null },
  ) {
    const where = [...rowsWhere(formId, query), ...(query.also ?? [])];
    let rows: ApplicationRow[];
    if (query.tag)
      rows = await queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, rowTagWhere(formId, query.tag));
    else if (query.token) {
      const searched = read ? read.searched : await searchedRowIds(formId, query.token);
      rows =
        searched === null
          ? await queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [
              { field: 'applicationFormId', value: formId },
            ])
          : await rowsById(store, searched.ids);
    } else rows = await queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, where);
    return rows.filter((row) => row.applicationFormId === formId && matches(row, where) && found(row, query.token));
  }

  /**
   * The ids of the form's rows holding every one of a search's COUNTED_TERMS longest terms, from
   * their postings (read by id: "ada python" reads the postings of both, then the few Adas who wrote
   * python), and whether those are all its terms (none full: the ids are the matches); null when
   * every counted term's postings are full (the form's rows are read instead).
   */
  async function searchedRowIds(formId: string, token: string): Promise<SearchedRowIds | null> {
    const terms = searchTerms(token);
    const counted = [...terms].sort((a, b) => b.length - a.length).slice(0, COUNTED_TERMS);
    const held = (await Promise.all(counted.map((term) => rowsHolding(store, formId, term)))).filter(
      (holding): holding is RowsHolding => holding !== null,
    );
    if (held.length === 0) return null;
    const [fewest, ...others] = held.sort((a, b) => a.ids.size - b.ids.size);
    const ids = [...fewest!.ids].filter((id) => others.every((each) => each.ids.has(id))).sort();
    // A row's keys are the same in every posting that holds them.
    const keys = new Map<string, PostingKeys>();
    for (const id of ids) {
      const found = held.map((each) => each.keys.get(id)).find((each) => each !== undefined);
      if (found) keys.set(id, found);
    }
    return { ids, everyTerm: held.length === terms.length, keys };
  }

  /**
   * A page of a search's matches on a tab and filter (no tag). When the postings name the matches
   * (every term read from them), no row's search tokens are read (about 12 KB of a row's 13: every
   * word of its answers; reading the 177 matches of a word whole took 174 ms on the Firestore
   * emulator at 5,000 applications): a page or fewer matches are read at once without them. More
   * are paged by the keys their postings hold (by name or by submission on the all tab with no
   * filter: the dashboard's first view) or else read with the fields that filter and sort them only;
   * then the page's rows are read without their tokens (a page's reads more). Else the rows are
   * read whole and their tokens checked (`allRows`).
   */
  async function searchPage(
    formId: string,
    query: Pick<RowsQuery, 'qualifiedOnly' | 'filter' | 'token'>,
    spec: { orderBy: NonNullable<QuerySpec['orderBy']>; limit: number; after?: string },
  ): Promise<Page<ListedRow>> {
    const searched = await searchedRowIds(formId, query.token);
    if (!searched?.everyTerm) return pageInMemory(await allRows(formId, query, { searched }), spec);
    // The postings are the form's: its rows only, so their tab and filter are what is checked.
    const checked = rowsWhere(formId, { ...query, token: '' }).filter((filter) => filter.field !== 'applicationFormId');
    const passes = <T extends Partial<ApplicationRow>>(rows: T[]) =>
      rows.filter((row) => matches(row as ApplicationRow, checked));
    if (searched.ids.length <= spec.limit)
      return pageInMemory(passes(await rowsById<ListedRow>(store, searched.ids, LISTED_ROW_FIELDS)), spec);
    const fields = [...new Set([...checked.map((filter) => filter.field), spec.orderBy.field])];
    const fromPostings = (POSTING_KEY_FIELDS as readonly string[]).includes(spec.orderBy.field);
    // Every match's sort key in the postings and nothing to check (the all tab, no filter): the
    // page comes from them, and only its rows are read, whatever the number of matches. Else each
    // match is read with the fields its tab and filter check and its sort orders by, and no other
    // (each is one more field picked out of each of a common word's hundreds of matches).
    const matched: (Partial<ApplicationRow> & { id: string })[] =
      checked.length === 0 && fromPostings && searched.keys.size === searched.ids.length
        ? searched.ids.map((id) => ({ id, ...searched.keys.get(id)! }))
        : await rowsById<Partial<ApplicationRow> & { id: string }>(
            store,
            searched.ids,
            fields as (keyof ApplicationRow & string)[],
          );
    const page = pageInMemory(passes(matched), spec);
    const rows = await rowsById<ListedRow>(
      store,
      page.items.map((row) => row.id),
      LISTED_ROW_FIELDS,
    );
    return { ...page, items: rows };
  }

  /**
   * A page of the form's rows on a tab and filter (no search, no tag) with its total: the tab's and
   * filter's stored counter (store/form-counters.ts), no count of the rows.
   */
  async function pageWithTotal(
    formId: string,
    query: Pick<RowsQuery, 'qualifiedOnly' | 'filter' | 'token' | 'tag' | 'writesAfter'>,
    spec: Omit<QuerySpec, 'where' | 'fields'>,
  ): Promise<Page<ListedRow>> {
    // The rows without their search tokens (most of a row: every word of its answers).
    const asked = { where: rowsWhere(formId, query), ...spec, fields: LISTED_ROW_FIELDS };
    // Side by side; a recount waits for the page, whose cursor may be refused (then nothing is written).
    const read = store.query<ListedRow>(COLLECTIONS.reviewStatuses, asked);
    const recountAfter = query.writesAfter ? Promise.all([read, query.writesAfter]) : read;
    const [page, counts] = await Promise.all([read, readFormCounts(store, formId, { recountAfter })]);
    const key = tabCounterKey(query.qualifiedOnly, query.filter);
    return { items: page.items.map((item) => item.data), nextCursor: page.nextCursor, total: countOf(counts, key) };
  }

  return {
    getForm: (id) => store.get<ApplicationForm>(COLLECTIONS.forms, id),
    getResponse: (id) => store.get<ApplicationResponse>(COLLECTIONS.responses, id),
    getUser: (id) => store.get<User>(COLLECTIONS.users, id),
    getAssessment: (kind, id) => store.get<Assessment>(assessmentCollection(kind), id),
    async rowsOf(response) {
      const rows = await Promise.all(
        response.rolesApplied.map((role) =>
          store.get<ApplicationRow>(COLLECTIONS.reviewStatuses, applicationRowId(response.id, role)),
        ),
      );
      return rows.filter((row): row is ApplicationRow => row !== null);
    },
    async rowsPage(formId, query) {
      const spec = {
        orderBy: { field: ROW_SORT_FIELDS[query.sort], direction: query.dir },
        limit: query.limit,
        after: query.cursor,
      };
      if (query.tag) return pageInMemory(await allRows(formId, query), spec);
      if (query.token) return searchPage(formId, query, spec);
      return pageWithTotal(formId, query, spec);
    },
    async rowsPageAt(formId, query) {
      const { items, nextCursor, total } = await pageWithTotal(
        formId,
        { ...query, token: '' },
        {
          orderBy: query.orderBy,
          limit: query.limit,
          ...(query.cursor === undefined ? {} : { startAfter: memoryCursorPosition(query.cursor) }),
        },
      );
      const last = items[items.length - 1];
      const field = query.orderBy.field as keyof ApplicationRow;
      return { items, nextCursor: nextCursor && last ? memoryCursorAt(last[field], last.id) : null, total };
    },
    allRows,
    unindexForSearch: (rows) => unindexRowsForSearch(store, rows),
    // In submission order, sorted here: read in id order through the declared index on the form (which
    // serves the count too), since a cursor on the submittedAt order cannot seek in the SQLite index
    // (each page re-read every entry before it): at 150,000 reviews that took minutes, against about
    // 4 s in id order.
    submittedReviews: async (formId) =>
      (await queryAll<Assessment>(store, COLLECTIONS.reviews, submittedWhere(formId))).sort(bySubmittedAt),
    formReviews: (formId) =>
      queryAll<Assessment>(store, COLLECTIONS.reviews, [{ field: 'applicationFormId', value: formId }]),
    getCalibrationSums: (formId) => store.get<StoredCalibrationSums>(COLLECTIONS.calibrationSums, formId),
    getCalibratedOrderMark: (formId) => store.get<CalibratedOrderMark>(COLLECTIONS.calibratedOrders, formId),
    undecidedRows: (formId) =>
      queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [
        { field: 'applicationFormId', value: formId },
        { field: 'final', value: false },
      ]),
    formRows: (formId) =>
      queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [{ field: 'applicationFormId', value: formId }]),
    rowsToScore: async (formId) =>
      (
        await store.query<ApplicationRow>(COLLECTIONS.reviewStatuses, {
          where: [{ field: 'applicationFormId', value: formId }],
        })
      ).items.map((item) => item.data),
    getReleaseJob: (formId) => store.get<ReleaseJob>(COLLECTIONS.jobs, formId),
    getOutboxMessage: (id) => store.get<OutboxMessage>(COLLECTIONS.outbox, id),
    offeredRows: (formId) =>
      queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [
        { field: 'applicationFormId', value: formId },
        { field: 'decision', value: 'accepted' },
      ]),
    // One query each, not page by page: auto-assign's preview and apply hold every one anyway.
    rowsWithReviewsAssigned: (formId, assigned) =>
      queryEvery<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [
        { field: 'applicationFormId', value: formId },
        { field: 'reviewsAssigned', value: assigned },
      ]),
    async assessmentsPage(kind, query) {
      const where = [
        { field: 'applicationFormId', value: query.formId },
        { field: 'staffId', value: query.staffId },
      ];
      const spec = {
        orderBy: { field: 'createdAt', direction: 'asc' as const },
        limit: query.limit,
        after: query.cursor,
      };
      if (!query.token) return queryPage<Assessment>(store, assessmentCollection(kind), { where, ...spec });
      // A search reads the staff member's assessments of the form (tens, by equality alone) and
      // keeps those holding the token, then sorts and pages them here (docs/performance.md#index-budget).
      const mine = await queryAll<Assessment>(store, assessmentCollection(kind), where);
      return pageInMemory(
        mine.filter((each) => found(each, query.token)),
        spec,
      );
    },
    assessmentKindsOn: (responseId, staffId) => assessmentKindsOn(store, responseId, staffId),
    allAssessmentsOf: (kind, formId, staffId) =>
      queryAll<Assessment>(store, assessmentCollection(kind), [
        { field: 'applicationFormId', value: formId },
        { field: 'staffId', value: staffId },
      ]),
    async listStaff() {
      const lists = await Promise.all(
        STAFF_ROLES.map((role) => queryAll<User>(store, COLLECTIONS.users, [{ field: 'role', value: role }])),
      );
      return lists.flat().sort(byId);
    },
    getOverdueMark: (formId) => store.get<OverdueMark>(COLLECTIONS.schedulerMarks, overdueMarkId(formId)),
    setOverdueMark: (mark) => store.set(COLLECTIONS.schedulerMarks, overdueMarkId(mark.formId), mark),
    loadsOf: (formId) =>
      queryAll<StaffLoad>(store, COLLECTIONS.staffLoads, [{ field: 'applicationFormId', value: formId }]),
    interviewSlots: (formId) =>
      queryAll<InterviewSlot>(store, COLLECTIONS.interviewSlots, [{ field: 'formId', value: formId }]),
    conflicts: (staffId) =>
      queryAll<ConflictOfInterest>(store, COLLECTIONS.conflicts, staffId ? [{ field: 'staffId', value: staffId }] : []),
    async conflictByPublicId(publicId) {
      const found = await store.query<ConflictOfInterest>(COLLECTIONS.conflicts, {
        where: [{ field: 'publicId', value: publicId }],
        limit: 1,
      });
      return found.items[0]?.data ?? null;
    },
    async assessmentsOfApplicant(staffId, applicantUserId) {
      const where = [
        { field: 'staffId', value: staffId },
        { field: 'applicantUserId', value: applicantUserId },
      ];
      const [reviews, interviews] = await Promise.all(
        (['review', 'interview'] as const).map((kind) =>
          queryAll<Assessment>(store, assessmentCollection(kind), where),
        ),
      );
      return [...reviews!, ...interviews!];
    },
    async userByEmail(email) {
      const found = await store.query<User>(COLLECTIONS.users, {
        where: [{ field: 'email', value: normalizeEmail(email) }],
        limit: 1,
      });
      return found.items[0]?.data ?? null;
    },
    transaction: (work) => store.transaction((tx) => work(reviewsInTransaction(tx))),
  };
}

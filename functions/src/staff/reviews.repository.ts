import {
  applicationRowId,
  STAFF_ROLES,
  statusFromRows,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type Assessment,
  type AssessmentKind,
  type AuditEntry,
  type Page,
  type RowFilter,
  type RowSort,
  type TeamRole,
  type User,
  withOfferPending,
} from '@portal/shared/domain';
import { recordInTransaction } from '../audit/audit-entry';
import { outboxInTransaction, type OutboxTransaction } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, EqualityFilter, StoreTransaction } from '../store/document-store';
import { queryAll, queryPage } from '../store/query-pages';
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
export interface ReviewsTransaction extends OutboxTransaction {
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
  setForm(form: ApplicationForm): void;
  createAssessment(assessment: Assessment): void;
  setAssessment(assessment: Assessment): void;
  deleteAssessment(kind: AssessmentKind, id: string): void;
  setLoad(load: StaffLoad): void;
  /** Appends an audit entry in the same commit as the change it records. */
  record(entry: AuditEntry): void;
}

export interface RowsQuery {
  qualifiedOnly: boolean;
  /** Only the rows matching the dashboard filter. */
  filter?: RowFilter;
  /** A search token (searchToken of the text); empty: no search. */
  token: string;
  sort: RowSort;
  dir: 'asc' | 'desc';
  cursor?: string;
  limit: number;
}

export interface ReviewsRepository {
  getForm(id: string): Promise<ApplicationForm | null>;
  getResponse(id: string): Promise<ApplicationResponse | null>;
  getUser(id: string): Promise<User | null>;
  getAssessment(kind: AssessmentKind, id: string): Promise<Assessment | null>;
  /** The rows of a response, one per role applied for that has one. */
  rowsOf(response: ApplicationResponse): Promise<ApplicationRow[]>;
  rowsPage(formId: string, query: RowsQuery): Promise<Page<ApplicationRow>>;
  /** Every row of the form without a final decision (equality filters only: no composite index). */
  undecidedRows(formId: string): Promise<ApplicationRow[]>;
  /** Every row of the form (what a release writes to each applicant about). */
  formRows(formId: string): Promise<ApplicationRow[]>;
  /** Every row of the form with an offer (decision accepted). */
  offeredRows(formId: string): Promise<ApplicationRow[]>;
  /** Every row of the form with exactly `assigned` review assignments. */
  rowsWithReviewsAssigned(formId: string, assigned: number): Promise<ApplicationRow[]>;
  /** A staff member's reviews or interviews for a form, oldest first. */
  assessmentsPage(
    kind: AssessmentKind,
    query: { formId: string; staffId: string; token: string; cursor?: string; limit: number },
  ): Promise<Page<Assessment>>;
  /** Whether the staff member has a review or an interview of the response. */
  hasAssessmentOn(responseId: string, staffId: string): Promise<boolean>;
  /** Reviewers and super-reviewers, by id: one equality query per staff role, never a scan of every applicant. */
  listStaff(): Promise<User[]>;
  loadsOf(formId: string): Promise<StaffLoad[]>;
  transaction<R>(work: (tx: ReviewsTransaction) => Promise<R>): Promise<R>;
}

/** The collection of reviews or of interviews. */
export const assessmentCollection = (kind: AssessmentKind) =>
  kind === 'review' ? COLLECTIONS.reviews : COLLECTIONS.interviews;

const SORT_FIELDS: Record<RowSort, string> = {
  name: 'sortName',
  submittedAt: 'submittedAt',
  reviewScore: 'reviewScore',
  interviewScore: 'interviewScore',
};

const FILTERS: Record<RowFilter, EqualityFilter> = {
  undecided: { field: 'final', value: false },
  offered: { field: 'decision', value: 'accepted' },
  'offer-pending': { field: 'offerPending', value: true },
  'offer-accepted': { field: 'offer', value: 'accepted' },
  'offer-declined': { field: 'offer', value: 'declined' },
};

const searchFilter = (token: string): EqualityFilter[] =>
  token ? [{ field: 'searchTokens', op: 'array-contains', value: token }] : [];

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Whether the staff member has a review or an interview of the response (also the files' access rule). */
export async function hasAssessmentOn(store: DocumentStore, responseId: string, staffId: string): Promise<boolean> {
  const where = [
    { field: 'responseId', value: responseId },
    { field: 'staffId', value: staffId },
  ];
  const counts = await Promise.all(
    (['review', 'interview'] as const).map((kind) => store.count(assessmentCollection(kind), where)),
  );
  return counts.some((count) => count > 0);
}

export function reviewsInTransaction(tx: StoreTransaction): ReviewsTransaction {
  const getRow = (responseId: string, role: TeamRole) =>
    tx.get<ApplicationRow>(COLLECTIONS.reviewStatuses, applicationRowId(responseId, role));
  return {
    ...outboxInTransaction(tx),
    getForm: (id) => tx.get<ApplicationForm>(COLLECTIONS.forms, id),
    getUser: (id) => tx.get<User>(COLLECTIONS.users, id),
    getRow,
    getAssessment: (kind, id) => tx.get<Assessment>(assessmentCollection(kind), id),
    getLoad: async (formId, staffId) =>
      (await tx.get<StaffLoad>(COLLECTIONS.staffLoads, staffLoadId(formId, staffId))) ?? emptyLoad(formId, staffId),
    async readApplication(responseId) {
      const response = await tx.get<ApplicationResponse>(COLLECTIONS.responses, responseId);
      if (!response) return null;
      const rows = new Map<string, ApplicationRow>();
      for (const role of response.rolesApplied) {
        const row = await getRow(responseId, role);
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
        tx.set(COLLECTIONS.reviewStatuses, row.id, withOfferPending(row));
      }
      const status = statusFromRows(state.response, [...state.rows.values()]);
      if (status !== state.response.status) {
        tx.update(COLLECTIONS.responses, state.response.id, { status });
        state.response = { ...state.response, status };
      }
    },
    setRow: (row) => tx.set(COLLECTIONS.reviewStatuses, row.id, withOfferPending(row)),
    setForm: (form) => tx.set(COLLECTIONS.forms, form.id, form),
    createAssessment: (assessment) => tx.create(assessmentCollection(assessment.kind), assessment.id, assessment),
    setAssessment: (assessment) => tx.set(assessmentCollection(assessment.kind), assessment.id, assessment),
    deleteAssessment: (kind, id) => tx.delete(assessmentCollection(kind), id),
    setLoad: (load) => tx.set(COLLECTIONS.staffLoads, load.id, load),
    record: (entry) => recordInTransaction(tx, entry),
  };
}

export function createReviewsRepository(store: DocumentStore): ReviewsRepository {
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
    rowsPage: (formId, query) =>
      queryPage<ApplicationRow>(store, COLLECTIONS.reviewStatuses, {
        where: [
          { field: 'applicationFormId', value: formId },
          ...(query.qualifiedOnly ? [{ field: 'qualified', value: true }] : []),
          ...(query.filter ? [FILTERS[query.filter]] : []),
          ...searchFilter(query.token),
        ],
        orderBy: { field: SORT_FIELDS[query.sort], direction: query.dir },
        limit: query.limit,
        after: query.cursor,
      }),
    undecidedRows: (formId) =>
      queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [
        { field: 'applicationFormId', value: formId },
        { field: 'final', value: false },
      ]),
    formRows: (formId) =>
      queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [{ field: 'applicationFormId', value: formId }]),
    offeredRows: (formId) =>
      queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [
        { field: 'applicationFormId', value: formId },
        { field: 'decision', value: 'accepted' },
      ]),
    rowsWithReviewsAssigned: (formId, assigned) =>
      queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [
        { field: 'applicationFormId', value: formId },
        { field: 'reviewsAssigned', value: assigned },
      ]),
    assessmentsPage: (kind, query) =>
      queryPage<Assessment>(store, assessmentCollection(kind), {
        where: [
          { field: 'applicationFormId', value: query.formId },
          { field: 'staffId', value: query.staffId },
          ...searchFilter(query.token),
        ],
        orderBy: { field: 'createdAt', direction: 'asc' },
        limit: query.limit,
        after: query.cursor,
      }),
    hasAssessmentOn: (responseId, staffId) => hasAssessmentOn(store, responseId, staffId),
    async listStaff() {
      const lists = await Promise.all(
        STAFF_ROLES.map((role) => queryAll<User>(store, COLLECTIONS.users, [{ field: 'role', value: role }])),
      );
      return lists.flat().sort(byId);
    },
    loadsOf: (formId) =>
      queryAll<StaffLoad>(store, COLLECTIONS.staffLoads, [{ field: 'applicationFormId', value: formId }]),
    transaction: (work) => store.transaction((tx) => work(reviewsInTransaction(tx))),
  };
}

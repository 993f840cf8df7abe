import {
  RESPONSE_MESSAGES,
  STAFF_MESSAGES,
  type ApplicationResponse,
  type ApplicationRow,
  type ApplicationRowView,
  type ApplicationStatus,
  type Assessment,
  type AssessmentKind,
  type AssessmentView,
  type AssignmentRef,
  type SectionResponse,
  type ApplicationForm,
  type StaffLoad,
  type TeamRole,
  staffLoadId,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { ApiError } from '../http/api-error';
import type { DocumentStore, EqualityFilter, QuerySpec, StoreTransaction } from '../store/document-store';

export const rowId = (responseId: string, role: TeamRole) => `${responseId}__${role}`;
export const assessmentCollection = (kind: AssessmentKind) =>
  kind === 'review' ? COLLECTIONS.reviews : COLLECTIONS.interviews;
export const refsOf = (row: ApplicationRow, kind: AssessmentKind): AssignmentRef[] =>
  kind === 'review' ? row.reviews : row.interviews;

export const noFormError = () => new ApiError('not-found', STAFF_MESSAGES.noForm);
export const noRowError = () => new ApiError('not-found', STAFF_MESSAGES.noRow);
export const noAssessmentError = () => new ApiError('not-found', STAFF_MESSAGES.noAssessment);
export const noResponseError = () => new ApiError('not-found', RESPONSE_MESSAGES.noResponse);

export function toRowView(row: ApplicationRow): ApplicationRowView {
  const { searchTokens: _tokens, sortName: _sortName, ...view } = row;
  return view;
}

export function toAssessmentView(assessment: Assessment): AssessmentView {
  const { searchTokens: _tokens, ...view } = assessment;
  return view;
}

/** The response's sections without those the form hides from reviewers. */
export function sectionsForReviewers(form: ApplicationForm, sections: SectionResponse[]): SectionResponse[] {
  const hidden = new Set(form.sections.filter((section) => section.hiddenFromReviewers).map((s) => s.sectionId));
  return sections.filter((section) => !hidden.has(section.sectionId));
}

/** A response and every row it has (one per role applied for), read inside a transaction. */
export interface ApplicationState {
  response: ApplicationResponse;
  rows: Map<string, ApplicationRow>;
}

export async function readApplication(tx: StoreTransaction, responseId: string): Promise<ApplicationState | null> {
  const response = await tx.get<ApplicationResponse>(COLLECTIONS.responses, responseId);
  if (!response) return null;
  const rows = new Map<string, ApplicationRow>();
  for (const role of response.rolesApplied) {
    const row = await tx.get<ApplicationRow>(COLLECTIONS.reviewStatuses, rowId(responseId, role));
    if (row) rows.set(row.id, row);
  }
  return { response, rows };
}

const STAFF_STATUSES: readonly ApplicationStatus[] = ['submitted', 'in-review', 'interview', 'decided'];

/** The response status the rows imply: in review once assigned, interview once interviews are, decided when every role is. */
export function statusFromRows(response: ApplicationResponse, rows: ApplicationRow[]): ApplicationStatus {
  if (!STAFF_STATUSES.includes(response.status) || rows.length === 0) return response.status;
  if (rows.every((row) => row.final)) return 'decided';
  if (rows.some((row) => row.interviewsAssigned > 0)) return 'interview';
  if (rows.some((row) => row.reviewsAssigned > 0)) return 'in-review';
  return 'submitted';
}

/** Writes the changed rows and, when it moves, the response status. */
export function writeApplication(tx: StoreTransaction, state: ApplicationState, changed: ApplicationRow[]): void {
  for (const row of changed) {
    state.rows.set(row.id, row);
    tx.set(COLLECTIONS.reviewStatuses, row.id, row);
  }
  const status = statusFromRows(state.response, [...state.rows.values()]);
  if (status !== state.response.status) {
    tx.update(COLLECTIONS.responses, state.response.id, { status });
    state.response = { ...state.response, status };
  }
}

export function emptyLoad(formId: string, staffId: string): StaffLoad {
  return {
    id: staffLoadId(formId, staffId),
    applicationFormId: formId,
    staffId,
    reviewsAssigned: 0,
    reviewsDone: 0,
    interviewsAssigned: 0,
    interviewsDone: 0,
  };
}

export function loadWith(load: StaffLoad, kind: AssessmentKind, delta: { assigned?: number; done?: number }) {
  const assigned = delta.assigned ?? 0;
  const done = delta.done ?? 0;
  return kind === 'review'
    ? {
        ...load,
        reviewsAssigned: Math.max(0, load.reviewsAssigned + assigned),
        reviewsDone: Math.max(0, load.reviewsDone + done),
      }
    : {
        ...load,
        interviewsAssigned: Math.max(0, load.interviewsAssigned + assigned),
        interviewsDone: Math.max(0, load.interviewsDone + done),
      };
}

export const loadCounts = (load: StaffLoad | undefined, kind: AssessmentKind) => ({
  assigned: load ? (kind === 'review' ? load.reviewsAssigned : load.interviewsAssigned) : 0,
  done: load ? (kind === 'review' ? load.reviewsDone : load.interviewsDone) : 0,
});

const isMalformedCursor = (error: unknown) => error instanceof Error && /cursor/i.test(error.message);

/** One page of a store query plus the total; a cursor the store cannot read is the client's mistake. */
export async function queryPage<T extends Record<string, unknown>>(
  store: DocumentStore,
  collection: string,
  spec: QuerySpec & { where: EqualityFilter[] },
) {
  try {
    const [page, total] = await Promise.all([store.query<T>(collection, spec), store.count(collection, spec.where)]);
    return { items: page.items.map((item) => item.data), nextCursor: page.nextCursor, total };
  } catch (error) {
    if (spec.after !== undefined && isMalformedCursor(error)) {
      throw new ApiError('invalid-request', 'Invalid cursor', [
        { path: 'cursor', message: 'Not a cursor of this list' },
      ]);
    }
    throw error;
  }
}

/** Every document matching the filters, read page by page. */
export async function queryAll<T extends Record<string, unknown>>(
  store: DocumentStore,
  collection: string,
  where: EqualityFilter[],
): Promise<T[]> {
  const found: T[] = [];
  let after: string | undefined;
  do {
    const page = await store.query<T>(collection, { where, limit: 500, after });
    found.push(...page.items.map((item) => item.data));
    after = page.nextCursor ?? undefined;
  } while (after);
  return found;
}

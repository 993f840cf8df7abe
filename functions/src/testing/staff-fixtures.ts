import { randomUUID } from 'node:crypto';
import {
  newApplicationRow,
  type ApplicationResponse,
  type ApplicationRow,
  type AssessmentKind,
  type AssessmentView,
  type InterviewSlot,
  type TeamRole,
  type User,
  withFilterKeys,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { indexRowsForSearch } from '../staff/search-postings';
import { userRecord } from '../users/users.repository';
import {
  completeResponse,
  DAY_MS,
  FORM_ID,
  later,
  START,
  startResponse,
  type Caller,
  type Harness,
} from './api-harness';

/** Starts, completes (engineer and bootcamp) and submits an application as `caller`. */
export async function submitApplication(harness: Harness, caller: Caller = 'ada'): Promise<ApplicationResponse> {
  const started = await startResponse(harness, caller);
  const res = await harness.as(caller).post('/application/submit', await completeResponse(harness, started));
  if (res.status !== 200) throw new Error(`submit failed: ${res.status} ${res.text}`);
  return res.body as ApplicationResponse;
}

/**
 * Publishes an interview slot of `FORM_ID` as dora (the super-reviewer): by default a 30-minute one,
 * three days after START, online, with rita interviewing one applicant; `body` overrides any field.
 * Fails the test setup on any refusal.
 */
export async function publishSlot(harness: Harness, body: Record<string, unknown> = {}): Promise<InterviewSlot> {
  const res = await harness.as('dora').post(`/admin/forms/${FORM_ID}/interview-slots`, {
    startsAt: later(START, 3 * DAY_MS).toISOString(),
    minutes: 30,
    place: 'https://meet.example.com/abc',
    interviewerIds: ['rita'],
    capacity: 1,
    ...body,
  });
  if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${res.text}`);
  return res.body as InterviewSlot;
}

export interface AssignmentSpec {
  responseId: string;
  role: TeamRole;
  staffId: string;
}

/** Assigns as dora (the super-reviewer); fails the test setup on any refusal. */
export async function assign(
  harness: Harness,
  assignments: AssignmentSpec[],
  kind: AssessmentKind = 'review',
): Promise<AssessmentView[]> {
  const res = await harness.as('dora').post('/admin/assignments', { kind, assignments });
  if (res.status !== 201) throw new Error(`assign failed: ${res.status} ${res.text}`);
  return (res.body as { created: AssessmentView[] }).created;
}

export const setPreferences = (harness: Harness, uid: string, roles: TeamRole[]) =>
  harness.store.update(COLLECTIONS.users, uid, { applicantRolePreferences: roles });

export const storedRow = (harness: Harness, responseId: string, role: TeamRole) =>
  harness.store.get<ApplicationRow>(COLLECTIONS.reviewStatuses, `${responseId}__${role}`);

/**
 * Writes an applicant, their submitted response and its rows straight into the store (for
 * volume: paging, auto-assign). `row` overrides fields of every row (scores, for instance).
 */
export async function seedApplication(
  harness: Harness,
  applicant: { id: string; firstName: string; lastName: string },
  roles: TeamRole[],
  options: { submittedAt?: string; row?: Partial<ApplicationRow> } = {},
): Promise<ApplicationResponse> {
  const user: User = {
    ...applicant,
    email: `${applicant.id}@example.com`,
    role: 'applicant',
    activeApplications: [FORM_ID],
  };
  await harness.store.set(COLLECTIONS.users, user.id, userRecord(user));
  const submittedAt = options.submittedAt ?? START.toISOString();
  const response: ApplicationResponse = {
    id: randomUUID(),
    userId: user.id,
    applicationFormId: FORM_ID,
    sectionResponses: [],
    status: 'submitted',
    dateSubmitted: submittedAt,
    rolesApplied: roles,
    version: 1,
  };
  await harness.store.set(COLLECTIONS.responses, response.id, response);
  const rows: ApplicationRow[] = [];
  for (const role of roles) {
    const row = newApplicationRow({
      responseId: response.id,
      applicationFormId: FORM_ID,
      role,
      applicant: user,
      submittedAt,
    });
    // As the API stores a row: with the keys its filters query, and in its search's postings.
    const stored = withFilterKeys({ ...row, ...options.row });
    await harness.store.set(COLLECTIONS.reviewStatuses, row.id, stored);
    rows.push(stored);
  }
  await indexRowsForSearch(harness.store, rows);
  return response;
}

/**
 * Every document of every collection, by collection and id: compare before and after a refused
 * call. Rate-limit counters are left out: a refused attempt counts against the limit by design.
 */
export async function dumpStore(harness: Harness): Promise<Record<string, Record<string, unknown>>> {
  const dump: Record<string, Record<string, unknown>> = {};
  for (const collection of Object.values(COLLECTIONS).filter((name) => name !== COLLECTIONS.rateLimits)) {
    const page = await harness.store.query(collection);
    dump[collection] = Object.fromEntries(page.items.map((item) => [item.id, item.data]));
  }
  return dump;
}

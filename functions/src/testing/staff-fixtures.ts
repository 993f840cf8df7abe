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
import type { WriteOperation } from '../store/document-store';
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
  applicant: Applicant,
  roles: TeamRole[],
  options: SeedOptions = {},
): Promise<ApplicationResponse> {
  return (await seedApplications(harness, [applicant], roles, options))[0]!;
}

type Applicant = { id: string; firstName: string; lastName: string };
type SeedOptions = { submittedAt?: string; row?: Partial<ApplicationRow> };

/** Applicants written per transaction: each is a user, a response and a row per role (Firestore commits 500 writes). */
const APPLICANTS_PER_SEED_COMMIT = 50;

/**
 * `seedApplication` for many applicants at once: their documents in a few transactions, and the
 * search's postings written once for all their rows (one at a time, each common word's posting
 * would be rewritten once per applicant).
 */
export async function seedApplications(
  harness: Harness,
  applicants: readonly Applicant[],
  roles: TeamRole[],
  options: SeedOptions = {},
): Promise<ApplicationResponse[]> {
  const submittedAt = options.submittedAt ?? START.toISOString();
  const responses: ApplicationResponse[] = [];
  const rows: ApplicationRow[] = [];
  for (let at = 0; at < applicants.length; at += APPLICANTS_PER_SEED_COMMIT) {
    const operations: WriteOperation[] = [];
    for (const applicant of applicants.slice(at, at + APPLICANTS_PER_SEED_COMMIT)) {
      const user: User = {
        ...applicant,
        email: `${applicant.id}@example.com`,
        role: 'applicant',
        activeApplications: [FORM_ID],
      };
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
      operations.push(
        { kind: 'set', collection: COLLECTIONS.users, id: user.id, data: userRecord(user) },
        { kind: 'set', collection: COLLECTIONS.responses, id: response.id, data: response },
      );
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
        operations.push({ kind: 'set', collection: COLLECTIONS.reviewStatuses, id: row.id, data: stored });
        rows.push(stored);
      }
      responses.push(response);
    }
    await harness.store.batch(operations);
  }
  await indexRowsForSearch(harness.store, rows);
  return responses;
}

/**
 * Every document of every collection, by collection and id: compare before and after a refused
 * call. Rate-limit counters are left out: a refused attempt counts against the limit by design.
 */
export async function dumpStore(harness: Pick<Harness, 'store'>): Promise<Record<string, Record<string, unknown>>> {
  const dump: Record<string, Record<string, unknown>> = {};
  for (const collection of Object.values(COLLECTIONS).filter((name) => name !== COLLECTIONS.rateLimits)) {
    const page = await harness.store.query(collection);
    dump[collection] = Object.fromEntries(page.items.map((item) => [item.id, item.data]));
  }
  return dump;
}

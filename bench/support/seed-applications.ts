import { randomUUID } from 'node:crypto';
import {
  aggregateScore,
  displayName,
  emptySectionResponses,
  newApplicationRow,
  rowWithAssignments,
  rubricFor,
  searchTokens,
  TEAM_ROLES,
  withAnswer,
  type ApplicationForm,
  type ApplicationResponse,
  type Assessment,
  type AssignmentRef,
  type TeamRole,
  type User,
  withFilterKeys,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../../functions/src/store/collections';
import { addRowChanges, freshPostings, type PostingChanges } from '../../functions/src/staff/search-postings';
import { staffLoadId, type StaffLoad } from '../../functions/src/staff/staff-load';
import { createInMemoryIdentityAdmin } from '../../functions/src/identity/in-memory-identity-admin';
import { DEMO_DISAGREEMENT_THRESHOLD } from '../../functions/src/seed/demo-reviews';
import { seedDemoData } from '../../functions/src/seed/seed-demo-data';
import type { DocumentStore, WriteOperation } from '../../functions/src/store/document-store';
import { STORE_LIMITS } from '../../functions/src/store/store-limits';
import { userRecord } from '../../functions/src/users/users.repository';
import { mulberry32 } from './random';

const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Linus', 'Barbara', 'Dennis', 'Margaret', 'Ken', 'Radia'];
const LAST = ['Sample', 'Example', 'Placeholder', 'Testcase', 'Fixture', 'Mockwell', 'Dummy', 'Stub'];

/**
 * Writes the demo seed and then `count` submitted applications (obviously fake people) with two
 * submitted reviews per role applied for, spread over `reviewers` bench reviewers, straight into
 * the store a portal will then be started on (the caller opens and closes it).
 */
export async function seedSubmittedApplications(
  store: DocumentStore,
  options: { count: number; reviewers: number },
): Promise<void> {
  await seedDemoData({ store, accounts: createInMemoryIdentityAdmin() });
  // The sample reviews' threshold, so the rows reviewers disagree on are flagged (the Disagreement filter).
  await store.update(COLLECTIONS.forms, 'demo-form-spring', { disagreementThreshold: DEMO_DISAGREEMENT_THRESHOLD });
  const form = (await store.get<ApplicationForm>(COLLECTIONS.forms, 'demo-form-spring'))!;
  const random = mulberry32(42);
  const now = new Date();

  const reviewers: User[] = Array.from({ length: options.reviewers }, (_, index) => ({
    id: `bench-reviewer-${index}`,
    email: `bench-reviewer-${index}@example.com`,
    firstName: 'Bench',
    lastName: `Reviewer ${index}`,
    role: 'reviewer',
    applicantRolePreferences: [...TEAM_ROLES],
    activeApplications: [],
  }));
  const loads = new Map<string, StaffLoad>(
    reviewers.map((reviewer) => [
      reviewer.id,
      {
        id: staffLoadId(form.id, reviewer.id),
        applicationFormId: form.id,
        staffId: reviewer.id,
        reviewsAssigned: 0,
        reviewsDone: 0,
        interviewsAssigned: 0,
        interviewsDone: 0,
      },
    ]),
  );
  let operations: WriteOperation[] = reviewers.map((reviewer) => ({
    kind: 'set',
    collection: COLLECTIONS.users,
    id: reviewer.id,
    data: userRecord(reviewer),
  }));
  const postings: PostingChanges = new Map();
  const flush = async () => {
    for (let start = 0; start < operations.length; start += STORE_LIMITS.writesPerCommit) {
      await store.batch(operations.slice(start, start + STORE_LIMITS.writesPerCommit));
    }
    operations = [];
  };

  for (let index = 0; index < options.count; index++) {
    const number = String(index).padStart(4, '0');
    const applicant: User = {
      id: `bench-applicant-${number}`,
      email: `bench-applicant-${number}@example.com`,
      firstName: FIRST[index % FIRST.length]!,
      lastName: `${LAST[Math.floor(index / FIRST.length) % LAST.length]!} ${number}`,
      role: 'applicant',
      activeApplications: [form.id],
    };
    const roles: TeamRole[] = random() < 0.5 ? ['bootcamp'] : ['bootcamp', 'engineer'];
    const submittedAt = new Date(now.getTime() - Math.floor(random() * 30 * 24 * 3600 * 1000)).toISOString();
    let response: ApplicationResponse = {
      id: randomUUID(),
      userId: applicant.id,
      applicationFormId: form.id,
      sectionResponses: emptySectionResponses(form),
      status: 'in-review',
      dateSubmitted: submittedAt,
      rolesApplied: roles,
      version: 3,
    };
    response = withAnswer(response, 'roles', 'roles', roles);
    operations.push(
      { kind: 'set', collection: COLLECTIONS.users, id: applicant.id, data: userRecord(applicant) },
      { kind: 'set', collection: COLLECTIONS.responses, id: response.id, data: response },
    );
    for (const role of roles) {
      const rubric = rubricFor(form, 'review', role);
      const refs: AssignmentRef[] = [];
      for (let slot = 0; slot < 2; slot++) {
        const reviewer = reviewers[(index * 2 + slot + roles.indexOf(role)) % reviewers.length]!;
        const scores = Object.fromEntries(
          (rubric?.criteria ?? []).map((criterion) => [
            criterion.key,
            criterion.min + Math.floor(random() * (criterion.max - criterion.min + 1)),
          ]),
        );
        const assessment: Assessment = {
          id: randomUUID(),
          kind: 'review',
          applicationFormId: form.id,
          responseId: response.id,
          role,
          staffId: reviewer.id,
          staffName: displayName(reviewer),
          applicantUserId: applicant.id,
          applicantName: displayName(applicant),
          searchTokens: searchTokens(applicant),
          scores,
          comments: 'Bench review.',
          state: 'submitted',
          score: rubric ? aggregateScore(rubric, [scores]) : null,
          version: 2,
          createdAt: submittedAt,
          updatedAt: submittedAt,
          submittedAt,
        };
        refs.push({
          assessmentId: assessment.id,
          staffId: reviewer.id,
          staffName: assessment.staffName,
          state: 'submitted',
          scores,
        });
        operations.push({ kind: 'set', collection: COLLECTIONS.reviews, id: assessment.id, data: assessment });
        const load = loads.get(reviewer.id)!;
        load.reviewsAssigned += 1;
        load.reviewsDone += 1;
        // As a submit keeps it: the review counted on its day (the pipeline's review progress).
        const day = submittedAt.slice(0, 10);
        load.reviewsDoneByDay = { ...load.reviewsDoneByDay, [day]: (load.reviewsDoneByDay?.[day] ?? 0) + 1 };
      }
      const row = rowWithAssignments(
        newApplicationRow({ responseId: response.id, applicationFormId: form.id, role, applicant, submittedAt }),
        'review',
        refs,
        form,
      );
      // As the API stores a row: with the keys its filters query.
      operations.push({ kind: 'set', collection: COLLECTIONS.reviewStatuses, id: row.id, data: withFilterKeys(row) });
      addRowChanges(postings, row);
    }
    if (operations.length >= 2000) await flush();
  }
  for (const load of loads.values()) {
    operations.push({ kind: 'set', collection: COLLECTIONS.staffLoads, id: load.id, data: load });
  }
  await flush();
  // The rows' search postings, as the submits would have written them (staff/search-postings.ts).
  // A common word's postings are large: a commit takes them up to about 3 MB (the emulator refuses
  // a request over 4 MB, under the 10 MiB Firestore takes).
  let bytes = 0;
  for (const { id, data } of freshPostings(postings)) {
    const size = JSON.stringify(data).length + id.length;
    if (operations.length > 0 && (bytes + size > 3_000_000 || operations.length >= STORE_LIMITS.writesPerCommit)) {
      await store.batch(operations);
      operations = [];
      bytes = 0;
    }
    operations.push({ kind: 'set', collection: COLLECTIONS.searchPostings, id, data });
    bytes += size;
  }
  await flush();
}

/** A super-reviewer (obviously fake) the benches call the API as, with `benchAuthorization(id)`. */
export async function seedBenchDirector(store: DocumentStore, id: string): Promise<void> {
  await store.set(
    COLLECTIONS.users,
    id,
    userRecord({
      id,
      email: `${id}@example.com`,
      firstName: 'Bench',
      lastName: 'Director',
      role: 'super-reviewer',
      activeApplications: [],
    }),
  );
}

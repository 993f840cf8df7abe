import {
  checkAnswers,
  formRoleIds,
  type ApplicationForm,
  type ApplicationResponse,
  type DashboardRowView,
  type Page,
  type StaffMember,
} from '@portal/shared/domain';
import { createHarness, FORM_ID, START, type Harness } from '../testing/api-harness';
import { DEMO_USERS } from './demo-accounts';
import { DEMO_DISAGREEMENT_THRESHOLD, seedDemoReviews } from './demo-reviews';
import { COLLECTIONS } from '../store/collections';
import { userRecord } from '../users/users.repository';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
  // As seed-demo-data.ts stores them.
  for (const user of DEMO_USERS) await harness.store.set(COLLECTIONS.users, user.id, userRecord(user));
  await seedDemoReviews({ store: harness.store, now: START });
});
afterEach(() => harness.close());

describe('the demo reviews (npm start)', () => {
  it('show calibrated scores that differ from the raw ones, and exactly one flagged disagreement', async () => {
    const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?limit=25`);
    expect(res.status).toBe(200);
    const rows = (res.body as Page<DashboardRowView>).items;
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.reviewsDone === 2 && row.reviewScore !== null)).toBe(true);
    expect(rows.filter((row) => row.calibratedReviewScore !== row.reviewScore).length).toBeGreaterThan(3);
    const flagged = rows.filter((row) => row.disagreement);
    expect(flagged.map((row) => row.applicantName)).toEqual(['Sample Quinn']);
    expect(flagged[0]!.reviewSpread).toBeGreaterThan(DEMO_DISAGREEMENT_THRESHOLD);
  });

  it("lower the lenient reviewer's applicants and lift the harsh reviewer's", async () => {
    const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?limit=25`);
    const byName = Object.fromEntries(
      (res.body as Page<DashboardRowView>).items.map((row) => [row.applicantName, row]),
    );
    // Lee (lenient) and Riley reviewed Adams: Lee's 4 counts for less. Harper (harsh) and Riley reviewed Chen: Harper's 1 counts for more.
    expect(byName['Sample Adams']!.calibratedReviewScore!).toBeLessThan(byName['Sample Adams']!.reviewScore!);
    expect(byName['Sample Chen']!.calibratedReviewScore!).toBeGreaterThan(byName['Sample Chen']!.reviewScore!);
  });

  it("put every sample person on the director's Users page, found by name", async () => {
    const res = await harness.as('dora').get('/admin/users?limit=100');
    expect(res.status).toBe(200);
    const listed = (res.body as Page<StaffMember>).items.map((user) => user.id);
    const seeded = [
      ...DEMO_USERS.map((user) => user.id),
      'demo-reviewer-lenient',
      'demo-reviewer-harsh',
      ...[1, 2, 3, 4, 5, 6].map((n) => `demo-sample-${n}`),
    ];
    expect(seeded.filter((id) => !listed.includes(id))).toEqual([]);
    const harper = await harness.as('dora').get('/admin/users?search=harper');
    expect((harper.body as Page<StaffMember>).items.map((user) => user.id)).toEqual(['demo-reviewer-harsh']);
  });

  it("give each sample application answers that keep the form's rules, in the sections its role shows", async () => {
    const form = (await harness.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
    const { items } = await harness.store.query<ApplicationResponse>(COLLECTIONS.responses, {
      where: [{ field: 'applicationFormId', value: FORM_ID }],
    });
    const samples = items.map(({ data }) => data).filter((response) => response.userId.startsWith('demo-sample-'));
    expect(samples).toHaveLength(6);
    for (const sample of samples) {
      // Only the resume is left out (the demo stores no files): every other question is answered.
      const issues = checkAnswers(form, sample.sectionResponses, { mode: 'submit', teamRoles: formRoleIds(form) });
      expect({ user: sample.userId, issues: issues.map((issue) => issue.path) }).toEqual({
        user: sample.userId,
        issues: ['about-you.resume'],
      });
    }
  });
});

import { COLLECTIONS } from '../store/collections';
import { createHarness, FORM_ID, type Harness } from '../testing/api-harness';

/** The staff routes' role check (staff-access.ts) and the caller's record it reads (identity-middleware.ts). */
let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

it("reads the caller's user record once a request: the session check's read serves the role check and /session", async () => {
  const get = jest.spyOn(harness.store, 'get');
  try {
    for (const [caller, path] of [
      ['dora', `/admin/forms/${FORM_ID}/rows?tab=all`],
      ['rita', `/admin/forms/${FORM_ID}/assessments?kind=review`],
      ['ada', '/session'],
    ] as const) {
      get.mockClear();
      expect((await harness.as(caller).get(path)).status).toBe(200);
      expect(
        get.mock.calls.filter(([collection, id]) => collection === COLLECTIONS.users && id === caller),
      ).toHaveLength(1);
    }
  } finally {
    get.mockRestore();
  }
});

it('applies a role change to the next request', async () => {
  expect((await harness.as('rita').get(`/admin/forms/${FORM_ID}/rows?tab=all`)).status).toBe(403);
  await harness.store.update(COLLECTIONS.users, 'rita', { role: 'super-reviewer' });
  expect((await harness.as('rita').get(`/admin/forms/${FORM_ID}/rows?tab=all`)).status).toBe(200);
  await harness.store.update(COLLECTIONS.users, 'rita', { role: 'applicant' });
  expect((await harness.as('rita').get(`/admin/forms/${FORM_ID}/assessments?kind=review`)).status).toBe(403);
});

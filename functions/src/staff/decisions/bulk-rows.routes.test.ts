import { STAFF_MESSAGES, type ApplicationResponse } from '@portal/shared/domain';
import { createHarness, FORM_ID, storedResponse, type Harness } from '../../testing/api-harness';
import { dumpStore, storedRow, submitApplication } from '../../testing/staff-fixtures';

/** Qualify and decide on the dashboard's selected rows: one call, one transaction, an audit entry per row. */

let harness: Harness;
let ada: ApplicationResponse;
let eve: ApplicationResponse;

beforeEach(async () => {
  harness = await createHarness();
  ada = await submitApplication(harness, 'ada');
  eve = await submitApplication(harness, 'eve');
});
afterEach(() => harness.close());

const rowsOf = (...rows: [ApplicationResponse, string][]) =>
  rows.map(([response, role]) => ({ responseId: response.id, role }));
const auditTargets = async (action: string) =>
  (await harness.as('dora').get(`/admin/audit?action=${action}`)).body.items.map(
    (entry: { target: { id: string } }) => entry.target.id,
  );

it('qualifies the selected rows, one audit entry each, and leaves the others alone', async () => {
  const res = await harness.as('dora').post(`/admin/forms/${FORM_ID}/rows/qualified`, {
    rows: rowsOf([ada, 'engineer'], [eve, 'bootcamp']),
    qualified: true,
  });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ updated: 2 });
  expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({ qualified: true });
  expect(await storedRow(harness, eve.id, 'bootcamp')).toMatchObject({ qualified: true });
  expect(await storedRow(harness, ada.id, 'bootcamp')).toMatchObject({ qualified: false });
  expect((await auditTargets('qualified.set')).sort()).toEqual([`${ada.id}__engineer`, `${eve.id}__bootcamp`].sort());
});

it('decides the selected rows, one audit entry each; a response whose every role is decided reads decided', async () => {
  const res = await harness.as('dora').post(`/admin/forms/${FORM_ID}/rows/decision`, {
    rows: rowsOf([ada, 'engineer'], [ada, 'bootcamp'], [eve, 'engineer']),
    decision: 'denied',
  });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ updated: 3 });
  expect(await storedRow(harness, ada.id, 'bootcamp')).toMatchObject({ decision: 'denied', final: true });
  expect(await storedRow(harness, eve.id, 'engineer')).toMatchObject({ decision: 'denied', final: true });
  expect(await storedRow(harness, eve.id, 'bootcamp')).toMatchObject({ final: false });
  expect((await storedResponse(harness, ada.id))?.status).toBe('decided');
  expect(await auditTargets('decision.set')).toHaveLength(3);
});

it('is all or nothing: a row that does not exist refuses the whole call', async () => {
  const before = await dumpStore(harness);
  const res = await harness.as('dora').post(`/admin/forms/${FORM_ID}/rows/decision`, {
    rows: [...rowsOf([ada, 'engineer']), { responseId: '99999999-9999-4999-8999-999999999999', role: 'engineer' }],
    decision: 'accepted',
  });
  expect(res.status).toBe(404);
  expect(res.body.error.message).toBe(STAFF_MESSAGES.noRow);
  expect(await dumpStore(harness)).toEqual(before);
});

it('refuses rows of another form than the one named', async () => {
  const res = await harness.as('dora').post(`/admin/forms/another-form/rows/qualified`, {
    rows: rowsOf([ada, 'engineer']),
    qualified: true,
  });
  expect(res.status).toBe(404);
  expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({ qualified: false });
});

it('refuses a row named twice, an empty selection and more than 100 rows', async () => {
  const post = (rows: unknown) =>
    harness.as('dora').post(`/admin/forms/${FORM_ID}/rows/qualified`, { rows, qualified: true });
  expect((await post(rowsOf([ada, 'engineer'], [ada, 'engineer']))).status).toBe(400);
  expect((await post([])).status).toBe(400);
  const many = Array.from({ length: 101 }, (_, i) => ({
    responseId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    role: 'engineer',
  }));
  expect((await post(many)).status).toBe(400);
});

it('is refused after release, like the single actions, writing nothing', async () => {
  await harness.as('dora').post(`/admin/forms/${FORM_ID}/rows/decision`, {
    rows: rowsOf([ada, 'engineer'], [ada, 'bootcamp'], [eve, 'engineer'], [eve, 'bootcamp']),
    decision: 'accepted',
  });
  expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`)).status).toBe(200);
  const before = await dumpStore(harness);
  const refused = await Promise.all([
    harness
      .as('dora')
      .post(`/admin/forms/${FORM_ID}/rows/decision`, { rows: rowsOf([ada, 'engineer']), decision: 'denied' }),
    harness
      .as('dora')
      .post(`/admin/forms/${FORM_ID}/rows/qualified`, { rows: rowsOf([eve, 'engineer']), qualified: true }),
  ]);
  for (const res of refused) {
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(STAFF_MESSAGES.decisionsReleased);
  }
  expect(await dumpStore(harness)).toEqual(before);
});

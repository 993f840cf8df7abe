import type { ApplicationRow } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import {
  countFormFromRows,
  FORM_COUNTER_SHARDS,
  readFormCounts,
  storedFormCounts,
  type FormCounterMarker,
  type FormCounts,
} from '../store/form-counters';
import { DAY_MS, FORM_ID, later, START, startResponse, withAnswers, type Harness } from './api-harness';
import { assign, seedApplication, submitApplication } from './staff-fixtures';
import type { StoreTest } from './store-targets';

/**
 * The counters stored per form (store/form-counters.ts), kept in the transactions that write rows and
 * responses: after each step of a form's life the stored counters are exactly what its rows and
 * responses count; concurrent writes lose no count; a form stored without counters, or with
 * counters that drifted, is recounted once. Run on SQLite (form-counters.test.ts) and on the
 * Firestore emulator (form-counters.emulator.test.ts).
 */

const REVIEW = { scores: { motivation: 4, experience: 3, communication: 2 }, comments: '', version: 0 };

const plain = (counts: FormCounts | null) => (counts ? Object.fromEntries([...counts].sort()) : null);

/** The stored counters equal a count of the rows and responses (named by `step` on failure). */
async function expectExact(harness: Harness, step: string): Promise<void> {
  const [stored, counted] = await Promise.all([
    storedFormCounts(harness.store, FORM_ID),
    countFormFromRows(harness.store, FORM_ID),
  ]);
  expect([step, plain(stored)]).toEqual([step, plain(counted)]);
}

const ok = async (call: Promise<{ status: number; text: string }>, what: string, status = 200) => {
  const res = await call;
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
};

export function formCounterScenarios(run: StoreTest): void {
  run(
    'keeps every counter exact through drafts, submits, reviews and their reopening, qualified flags, decisions, release, offer replies, withdrawal and erasure',
    async (harness) => {
      const dora = harness.as('dora');
      // A form's counters start with its first read (none stored yet: recounted from no rows).
      expect(plain(await readFormCounts(harness.store, FORM_ID))).toEqual({});
      expect(await storedFormCounts(harness.store, FORM_ID)).not.toBeNull();

      const draft = await startResponse(harness, 'eve');
      await expectExact(harness, 'draft started');
      await ok(
        harness.as('eve').put(`/application/save/${draft.id}`, withAnswers(draft, { 'roles.roles': ['bootcamp'] })),
        'save',
      );
      await expectExact(harness, 'draft saved with a role');
      expect((await storedFormCounts(harness.store, FORM_ID))!.get('started:bootcamp')).toBe(1);

      const ada = await submitApplication(harness, 'ada');
      const zed = await seedApplication(harness, { id: 'zed', firstName: 'Zed', lastName: 'Tester' }, ['bootcamp'], {
        submittedAt: later(START, DAY_MS).toISOString(),
      });
      await expectExact(harness, 'submitted');

      harness.clock.now = later(START, 2 * DAY_MS);
      const [ritaAda, ritaZed] = await assign(harness, [
        { responseId: ada.id, role: 'bootcamp', staffId: 'rita' },
        { responseId: zed.id, role: 'bootcamp', staffId: 'rita' },
      ]);
      await ok(harness.as('rita').post(`/admin/assessments/review/${ritaAda!.id}/submit`, REVIEW), 'review');
      await ok(harness.as('rita').post(`/admin/assessments/review/${ritaZed!.id}/submit`, REVIEW), 'review');
      await expectExact(harness, 'reviewed');
      expect((await storedFormCounts(harness.store, FORM_ID))!.get('notReviewed:bootcamp')).toBeUndefined();
      await ok(dora.post(`/admin/assessments/review/${ritaZed!.id}/reopen`, {}), 'reopen');
      await expectExact(harness, 'review reopened');
      expect((await storedFormCounts(harness.store, FORM_ID))!.get('notReviewed:bootcamp')).toBe(1);

      await ok(dora.put(`/admin/rows/${ada.id}/bootcamp/qualified`, { qualified: true }), 'qualified');
      await expectExact(harness, 'qualified');
      for (const [id, role, decision] of [
        [ada.id, 'bootcamp', 'accepted'],
        [ada.id, 'engineer', 'waitlist'],
        [zed.id, 'bootcamp', 'accepted'],
      ] as const) {
        await ok(dora.put(`/admin/rows/${id}/${role}/decision`, { decision }), 'decision');
      }
      await expectExact(harness, 'decided');
      await ok(dora.put(`/admin/rows/${zed.id}/bootcamp/decision`, { decision: 'denied' }), 'decision changed');
      await expectExact(harness, 'decision changed');

      // Eve's draft goes with her account (before the release: her application is withdrawn).
      await ok(dora.post('/admin/users/delete', { userIds: ['eve'] }), 'delete eve');
      await expectExact(harness, 'draft withdrawn with its applicant');
      expect((await storedFormCounts(harness.store, FORM_ID))!.get('started:bootcamp')).toBe(2);

      await ok(dora.post(`/admin/forms/${FORM_ID}/release`), 'release');
      await expectExact(harness, 'released');
      await ok(harness.as('ada').post(`/responses/${ada.id}/decisions/bootcamp/reply`, { reply: 'accept' }), 'reply');
      await expectExact(harness, 'offer accepted');
      expect((await storedFormCounts(harness.store, FORM_ID))!.get('offerAccepted:bootcamp')).toBe(1);

      // After the release, an erased applicant's rows stay, counted anonymously.
      await ok(dora.post('/admin/users/delete', { userIds: ['ada'] }), 'delete ada');
      await expectExact(harness, 'erased after the release');
      expect((await storedFormCounts(harness.store, FORM_ID))!.get('submitted:bootcamp')).toBe(2);
    },
  );

  run('loses no count when many rows and responses of one form are written at once', async (harness) => {
    await readFormCounts(harness.store, FORM_ID);
    const names = Array.from({ length: 12 }, (_, index) => `applicant${index}`);
    await Promise.all([
      submitApplication(harness, 'ada'),
      submitApplication(harness, 'eve'),
      ...names.map((id, index) =>
        seedApplication(harness, { id, firstName: id, lastName: 'Tester' }, index % 2 ? ['bootcamp'] : ['engineer'], {
          submittedAt: later(START, (index % 3) * DAY_MS).toISOString(),
        }),
      ),
    ]);
    await expectExact(harness, 'written at once');
    const rows = (await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses)).items.map((item) => item.data);
    // Decisions on every row at once (rows of one response share a shard; others may too).
    await Promise.all(
      rows.map((row) =>
        harness.as('dora').put(`/admin/rows/${row.responseId}/${row.role}/decision`, { decision: 'waitlist' }),
      ),
    );
    await expectExact(harness, 'decided at once');
    expect((await storedFormCounts(harness.store, FORM_ID))!.get('all-tab:undecided')).toBeUndefined();
    expect((await storedFormCounts(harness.store, FORM_ID))!.get('rows')).toBe(rows.length);
  });

  run(
    'gives the dashboard’s totals from the counter of its tab and filter, the disagreement filter’s from a count',
    async (harness) => {
      const ada = await submitApplication(harness, 'ada');
      await seedApplication(harness, { id: 'zed', firstName: 'Zed', lastName: 'Tester' }, ['bootcamp']);
      const dora = harness.as('dora');
      await ok(dora.put(`/admin/rows/${ada.id}/bootcamp/qualified`, { qualified: true }), 'qualified');
      await ok(dora.put(`/admin/rows/${ada.id}/bootcamp/decision`, { decision: 'accepted' }), 'decision');
      const QUERIES = [
        'tab=all',
        'tab=qualified',
        'tab=all&filter=undecided',
        'tab=all&filter=offered',
        'tab=all&filter=offer-pending',
        'tab=all&filter=disagreement',
      ];
      const page = async (query: string) => {
        const res = await dora.get(`/admin/forms/${FORM_ID}/rows?${query}`);
        if (res.status !== 200) throw new Error(`rows: ${res.status} ${res.text}`);
        return res.body as { total: number; items: unknown[] };
      };
      const totals = () => Promise.all(QUERIES.map(async (query) => (await page(`${query}&limit=1`)).total));
      // Each total is what its listing holds.
      const listed = await Promise.all(QUERIES.map(async (query) => (await page(`${query}&limit=100`)).items.length));
      expect(listed).toEqual([3, 1, 2, 1, listed[4], 0]);
      expect(await totals()).toEqual(listed);
      await expectExact(harness, 'dashboard read');

      // Read from the counters: a shard's share of a tab's total shows in it (no count of the rows).
      const shard = `${FORM_ID}__1`;
      const stored = await harness.store.get<{ counts: Record<string, number> }>(COLLECTIONS.formCounters, shard);
      const counts = { ...stored?.counts };
      counts['all-tab:undecided'] = (counts['all-tab:undecided'] ?? 0) + 10;
      await harness.store.set(COLLECTIONS.formCounters, shard, { formId: FORM_ID, counts });
      expect(await totals()).toEqual([3, 1, 12, ...listed.slice(3)]);
    },
  );

  run('recounts a form stored without counters once, and counters found inconsistent', async (harness) => {
    // Rows written before the counters were kept: straight into the store, no marker.
    await submitApplication(harness, 'ada');
    await seedApplication(harness, { id: 'zed', firstName: 'Zed', lastName: 'Tester' }, ['bootcamp']);
    expect(await storedFormCounts(harness.store, FORM_ID)).toBeNull();
    const first = plain(await readFormCounts(harness.store, FORM_ID));
    expect(first).toEqual(plain(await countFormFromRows(harness.store, FORM_ID)));
    expect(first).toMatchObject({ rows: 3, responses: 2, 'submitted:bootcamp': 2, 'submitted:engineer': 1 });

    // Kept from then on: a later submit is counted in its transaction, the read recounts nothing.
    const marker = () => harness.store.get<{ countedAt: string }>(COLLECTIONS.formCounters, FORM_ID);
    const countedAt = (await marker())!.countedAt;
    harness.clock.now = later(START, DAY_MS);
    await submitApplication(harness, 'eve');
    await readFormCounts(harness.store, FORM_ID);
    expect((await marker())!.countedAt).toBe(countedAt);
    await expectExact(harness, 'after the recount');

    // A shard that drifted (a negative count, days no longer adding up to the rows) is recounted on read.
    await harness.store.set(COLLECTIONS.formCounters, `${FORM_ID}__0`, { formId: FORM_ID, counts: { rows: -4 } });
    expect(plain(await readFormCounts(harness.store, FORM_ID))).toEqual(
      plain(await countFormFromRows(harness.store, FORM_ID)),
    );
    await expectExact(harness, 'recounted');
  });

  run(
    'reads the stored counters in one batched get, no transaction, also when a marker names more shards',
    async (harness) => {
      await submitApplication(harness, 'ada');
      const counted = plain(await readFormCounts(harness.store, FORM_ID));
      const transaction = jest.spyOn(harness.store, 'transaction');
      const getAll = jest.spyOn(harness.store, 'getAll');
      expect(plain(await readFormCounts(harness.store, FORM_ID))).toEqual(counted);
      const calls = {
        transactions: transaction.mock.calls.length,
        gets: getAll.mock.calls.map(([, ids]) => ids.length),
      };
      expect(calls).toEqual({ transactions: 0, gets: [1 + FORM_COUNTER_SHARDS] });

      // A marker from a build with more shards: each of its shards is summed.
      const marker = (await harness.store.get<FormCounterMarker>(COLLECTIONS.formCounters, FORM_ID))!;
      await harness.store.set(COLLECTIONS.formCounters, FORM_ID, { ...marker, shards: FORM_COUNTER_SHARDS + 1 });
      await harness.store.set(COLLECTIONS.formCounters, `${FORM_ID}__${FORM_COUNTER_SHARDS}`, {
        formId: FORM_ID,
        counts: { 'tagged:extra': 2 },
      });
      expect(plain(await storedFormCounts(harness.store, FORM_ID))).toEqual({ ...counted, 'tagged:extra': 2 });
      transaction.mockRestore();
      getAll.mockRestore();
    },
  );
}

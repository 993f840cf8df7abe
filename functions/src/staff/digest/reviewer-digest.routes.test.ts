import { DIGEST_SOON_MS, REVIEWER_DIGEST_TEXTS } from '@portal/shared/domain';
import { COLLECTIONS } from '../../store/collections';
import { countingStore, type CountingStore } from '../../store/counting-store';
import { createScheduler } from '../../scheduler/scheduler';
import { DEFAULT_MAIL_SETTINGS } from '../../outbox/outbox';
import { createHarness, later, START, type Harness } from '../../testing/api-harness';
import { DIGEST_PATH, digestEmails, REVIEWER_DIGEST_SCENARIOS } from '../../testing/reviewer-digest-scenarios';
import { assign, submitApplication } from '../../testing/staff-fixtures';
import { testSqliteStore } from '../../testing/test-store';

/**
 * The reviewer's digest on SQLite: the scenarios reviewer-digest.emulator.test.ts also runs on the
 * Firestore emulator, the switch's refusals, and what the scheduler's minutes read for it.
 */

let harness: Harness;
afterEach(() => harness.close());

describe('the reviewer digest (SQLite)', () => {
  beforeEach(async () => {
    harness = await createHarness();
  });

  it.each(Object.entries(REVIEWER_DIGEST_SCENARIOS))('%s', async (_title, scenario) => {
    await scenario(harness);
  });

  it("the switch is the staff member's own: nobody else's, and not an applicant's", async () => {
    const cases = [
      ['rita', '/users/rob/reviewer-digest', 403, REVIEWER_DIGEST_TEXTS.notYours],
      ['dora', '/users/rita/reviewer-digest', 403, REVIEWER_DIGEST_TEXTS.notYours],
      ['ada', '/users/ada/reviewer-digest', 403, REVIEWER_DIGEST_TEXTS.notStaff],
    ] as const;
    for (const [caller, path, status, message] of cases) {
      const res = await harness.as(caller).put(path, { enabled: false });
      expect([res.status, res.body.error.message]).toEqual([status, message]);
    }
    expect((await harness.as('rita').put('/users/rita/reviewer-digest', { enabled: 'no' })).status).toBe(400);
    expect((await harness.store.get(COLLECTIONS.users, 'rob'))!.reviewerDigest).toBeUndefined();
    // The session user carries it, for the switch.
    await harness.as('dora').put('/users/dora/reviewer-digest', { enabled: false });
    expect((await harness.as('dora').get('/session')).body.user).toMatchObject({ reviewerDigest: false });
  });

  it('send now is for super-reviewers, refused on a released form, 404 on an unknown one', async () => {
    for (const caller of ['rita', 'ada'] as const) {
      expect((await harness.as(caller).post(DIGEST_PATH, {})).status).toBe(403);
    }
    expect((await harness.as('dora').post('/admin/forms/no-such-form/reviewer-digest', {})).status).toBe(404);
    expect((await harness.as('dora').post(DIGEST_PATH, { staffId: '../x' })).status).toBe(400);
    await harness.store.update(COLLECTIONS.forms, 'demo-form-spring', { decisionsReleased: true });
    expect((await harness.as('dora').post(DIGEST_PATH, {})).status).toBe(409);
    expect(await digestEmails(harness)).toEqual([]);
  });
});

describe("what the digest costs the scheduler's minutes", () => {
  let counted: CountingStore;

  beforeEach(async () => {
    counted = countingStore(testSqliteStore());
    harness = await createHarness({ store: counted });
  });

  it('reads nothing in the minutes of the day once its digests are sent, nor before the hour', async () => {
    const ada = await submitApplication(harness, 'ada');
    await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const scheduler = createScheduler({ store: counted, now: () => harness.clock.now, mail: DEFAULT_MAIL_SETTINGS });
    const digestReads = async () => {
      const { counts } = await counted.measure(() => scheduler.runOnce());
      return {
        marks: counts.byCollection[COLLECTIONS.schedulerMarks]?.reads ?? 0,
        reviews: counts.byCollection[COLLECTIONS.reviews]?.reads ?? 0,
        loads: counts.byCollection[COLLECTIONS.staffLoads]?.reads ?? 0,
      };
    };
    // 07:00 and 07:59 in the chapter's zone: nothing read for it.
    expect(await digestReads()).toEqual({ marks: 0, reviews: 0, loads: 0 });
    harness.clock.now = later(START, 59 * 60_000);
    expect(await digestReads()).toEqual({ marks: 0, reviews: 0, loads: 0 });
    // 08:00: the day's run (its mark, the loads, rita's new reviews).
    harness.clock.now = later(START, 60 * 60_000);
    const day = await digestReads();
    expect(day.marks).toBe(1);
    expect(day.loads).toBeGreaterThan(0);
    // Every minute after, the rest of the day: nothing.
    for (const minutes of [61, 62, 180, 600]) {
      harness.clock.now = later(START, minutes * 60_000);
      expect(await digestReads()).toEqual({ marks: 0, reviews: 0, loads: 0 });
    }
    expect(await digestEmails(harness)).toHaveLength(1);
  });

  it('due soon means within 48 hours', () => {
    expect(DIGEST_SOON_MS).toBe(48 * 60 * 60 * 1000);
  });
});

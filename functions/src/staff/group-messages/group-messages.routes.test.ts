import { GROUP_MESSAGE_MESSAGES, MAX_GROUP_BODY_CHARS } from '@portal/shared/domain';
import { COLLECTIONS } from '../../store/collections';
import { countingStore, type CountingStore } from '../../store/counting-store';
import { createHarness, seededHarnesses, startResponse, type Harness } from '../../testing/api-harness';
import {
  GROUP_MESSAGE_SCENARIOS,
  MESSAGE,
  PREVIEW_PATH,
  SEND_PATH,
  groupEmails,
  groupWorld,
} from '../../testing/group-message-scenarios';
import { dumpStore, seedApplications } from '../../testing/staff-fixtures';
import { GROUP_MESSAGE_BATCH } from './group-messages.service';

/**
 * A message to a group through the API on SQLite: the scenarios group-messages.emulator.test.ts
 * also runs on the Firestore emulator, the refusals of bad input, and the cost of a large group.
 */

let harness: Harness;

afterEach(() => harness.close());

describe('a message to a group (SQLite)', () => {
  beforeEach(async () => {
    harness = await createHarness();
  });

  it.each(Object.entries(GROUP_MESSAGE_SCENARIOS))('%s', async (_title, scenario) => {
    await scenario(harness);
  });

  it('refuses bad input with a 400 naming the field, writing nothing', async () => {
    await groupWorld(harness);
    const before = await dumpStore(harness);
    const cases: [object, string, string][] = [
      [{ group: {}, ...MESSAGE, subject: '  ' }, 'subject', GROUP_MESSAGE_MESSAGES.emptySubject],
      [{ group: {}, ...MESSAGE, body: '' }, 'body', GROUP_MESSAGE_MESSAGES.emptyBody],
      [{ group: {}, ...MESSAGE, subject: 'Hi\nBcc: x@evil.example' }, 'subject', GROUP_MESSAGE_MESSAGES.subjectOneLine],
      [
        { group: {}, ...MESSAGE, body: 'Hi {lastName}' },
        'body',
        GROUP_MESSAGE_MESSAGES.unknownPlaceholder(['lastName']),
      ],
      [{ group: {}, ...MESSAGE, body: 'x'.repeat(MAX_GROUP_BODY_CHARS + 1) }, 'body', expect.any(String)],
      [{ group: { notBooked: true }, ...MESSAGE }, 'group.notBooked', GROUP_MESSAGE_MESSAGES.notBookedOnQualified],
      [{ group: { tab: 'qualified', filter: 'undecided' }, ...MESSAGE }, 'group.filter', expect.any(String)],
      [{ group: { decision: 'maybe' }, ...MESSAGE }, 'group.decision', expect.any(String)],
      [{ group: { role: '../x' }, ...MESSAGE }, 'group.role', expect.any(String)],
      [{ group: {}, ...MESSAGE, recipients: ['eve'] }, '', expect.any(String)],
      [{ ...MESSAGE }, 'group', expect.any(String)],
    ];
    for (const path of [PREVIEW_PATH, SEND_PATH]) {
      for (const [body, field, message] of cases) {
        const res = await harness.as('dora').post(path, body);
        expect([res.status, res.body.error.details]).toEqual([400, expect.arrayContaining([{ path: field, message }])]);
      }
      const junk = await harness.as('dora').post(path, ['not', 'an', 'object']);
      expect(junk.status).toBe(400);
    }
    expect(await dumpStore(harness)).toEqual(before);
  });

  it('answers 404 for a form that does not exist', async () => {
    const res = await harness.as('dora').post('/admin/forms/no-such-form/group-message', { group: {}, ...MESSAGE });
    expect(res.status).toBe(404);
  });

  it('is for super-reviewers only', async () => {
    await groupWorld(harness);
    for (const caller of ['rita', 'ada'] as const) {
      expect((await harness.as(caller).post(SEND_PATH, { group: {}, ...MESSAGE })).status).toBe(403);
      expect((await harness.as(caller).post(PREVIEW_PATH, { group: {}, ...MESSAGE })).status).toBe(403);
    }
    expect(await groupEmails(harness)).toEqual([]);
  });
});

describe('a large group', () => {
  let counted: CountingStore;
  const applicants = 1_000;

  // Seeded once for the file; each test runs on a copy of the seeded store.
  const seeded = seededHarnesses(
    async (seeding) => {
      const people = Array.from({ length: applicants }, (_, at) => ({
        id: `applicant-${String(at).padStart(4, '0')}`,
        firstName: `First${at}`,
        lastName: 'Person',
      }));
      const waitlisted = { row: { decision: 'waitlist', final: true } } as const;
      await seedApplications(
        seeding,
        people.filter((_, at) => at % 2 === 0),
        ['engineer', 'bootcamp'],
        waitlisted,
      );
      await seedApplications(
        seeding,
        people.filter((_, at) => at % 2 === 1),
        ['engineer', 'bootcamp'],
      );
    },
    { wrap: (store) => (counted = countingStore(store)) },
  );

  beforeEach(async () => {
    harness = await seeded();
  });

  it('reads the group once and each recipient once, and writes the outbox in batches', async () => {
    const batch = jest.spyOn(counted, 'batch');
    const { result, counts } = await counted.measure(() =>
      harness.as('dora').post(SEND_PATH, { group: { decision: 'waitlist', role: 'engineer' }, ...MESSAGE }),
    );
    const recipients = applicants / 2;
    expect([result.status, result.body]).toEqual([201, { sent: recipients, skipped: 0 }]);
    expect(batch.mock.calls.map(([writes]) => writes.length)).toEqual([
      GROUP_MESSAGE_BATCH,
      recipients - GROUP_MESSAGE_BATCH,
    ]);
    // The group's rows (the form's waitlisted engineers), not every row of the form.
    expect(counts.byCollection[COLLECTIONS.reviewStatuses]!.reads).toBeLessThanOrEqual(recipients + 2);
    // The caller's record (the route's access check) and each recipient's, once.
    expect(counts.byCollection[COLLECTIONS.users]!.reads).toBeLessThanOrEqual(recipients + 2);
    expect(counts.byCollection[COLLECTIONS.outbox]).toEqual({ reads: 0, writes: recipients, deletes: 0 });
  }, 120_000);

  it('finds the drafts by their index: reads the drafts, not every response of the form', async () => {
    await startResponse(harness, 'ada');
    await startResponse(harness, 'eve');
    const { result, counts } = await counted.measure(() =>
      harness.as('dora').post(SEND_PATH, { group: { recipients: 'drafts' }, ...MESSAGE }),
    );
    expect([result.status, result.body]).toEqual([201, { sent: 2, skipped: 0 }]);
    // The two drafts (and the one past the page), not the 1,000 submitted responses.
    expect(counts.byCollection[COLLECTIONS.responses]!.reads).toBeLessThanOrEqual(3);
    expect(counts.byCollection[COLLECTIONS.reviewStatuses]?.reads ?? 0).toBe(0);
  }, 120_000);

  it('previews without reading every recipient', async () => {
    const { result, counts } = await counted.measure(() =>
      harness.as('dora').post(PREVIEW_PATH, { group: { decision: 'waitlist' }, ...MESSAGE }),
    );
    expect(result.body.recipients).toBe(applicants / 2);
    expect(result.body.samples).toHaveLength(2);
    expect(counts.byCollection[COLLECTIONS.users]!.reads).toBeLessThanOrEqual(4);
    expect(counts.writes).toBe(0);
  }, 120_000);
});

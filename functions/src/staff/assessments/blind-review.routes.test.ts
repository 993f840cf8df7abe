import { createHash } from 'node:crypto';
import type request from 'supertest';
import type { ApplicationForm, InterviewSlot, StaffApplication } from '@portal/shared/domain';
import { COLLECTIONS } from '../../store/collections';
import { CALLERS, type Caller } from '../../testing/api-harness';
import { createFixture, REVIEW_SCORES, type Fixture } from '../../testing/security/fixtures';
import { publishSlot } from '../../testing/staff-fixtures';

/**
 * A blind reviewer reaches no stable identifier of the applicant: not her user id (the one key
 * that is the same on every screen and in the conflict routes) and nothing derived from her email,
 * in any body or header. Names, emails and file names are the authorization matrix's blind sweep.
 */

const ADA = CALLERS.ada;
const EMAIL_HASH = createHash('sha256').update(ADA.email).digest('hex');

/** Every string of a JSON value, keys included. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, each]) => [key, ...stringsIn(each)]);
  }
  return [];
}

/** The identifiers of ada an answer carries: her user id (whole, or as part of a key) or her email's hash. */
function identifiersIn(res: request.Response): string[] {
  const values = [...stringsIn(res.body), ...Object.values(res.headers).flatMap(stringsIn)];
  return values.filter(
    (value) =>
      value === ADA.uid ||
      value.split(/__|\/|:/).includes(ADA.uid) ||
      value.toLowerCase().includes(EMAIL_HASH.slice(0, 16)),
  );
}

let fixture: Fixture;

beforeEach(async () => {
  // ada's application submitted, her resume uploaded; rita reviews and interviews it for engineer.
  fixture = await createFixture('submitted');
  await fixture.harness.store.update(COLLECTIONS.forms, fixture.formId, {
    blindReview: { review: true, interview: true },
  } satisfies Partial<ApplicationForm>);
});
afterEach(() => fixture.harness.close());

const as = (caller: Caller) => fixture.harness.as(caller);

describe('a reviewer on a blind stage reads no user id of the applicant', () => {
  it('in their list of reviews and interviews, searched or not', async () => {
    for (const query of ['kind=review', 'kind=interview', 'kind=review&search=applicant']) {
      const res = await as('rita').get(`/admin/forms/${fixture.formId}/assessments?${query}&limit=10`);
      expect(res.status).toBe(200);
      expect(res.body.items).toHaveLength(1);
      expect({ query, leaks: identifiersIn(res) }).toEqual({ query, leaks: [] });
    }
  });

  it('on the review screen, in a save, a submit and a stale save’s error', async () => {
    const path = `/admin/assessments/review/${fixture.reviewId}`;
    const screen = await as('rita').get(path);
    expect(screen.status).toBe(200);
    expect(identifiersIn(screen)).toEqual([]);

    const saved = await as('rita').put(path, { scores: { motivation: 3 }, comments: '', version: 0 });
    expect(saved.status).toBe(200);
    expect(identifiersIn(saved)).toEqual([]);

    const stale = await as('rita').put(path, { scores: {}, comments: '', version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current).toBeDefined();
    expect(identifiersIn(stale)).toEqual([]);

    const submitted = await as('rita').post(`${path}/submit`, { scores: REVIEW_SCORES, comments: 'ok', version: 1 });
    expect(submitted.status).toBe(200);
    expect(identifiersIn(submitted)).toEqual([]);
  });

  it('in the application view, while the super-reviewer still reads it', async () => {
    const mine = await as('rita').get(`/admin/responses/${fixture.responseId}`);
    expect(mine.status).toBe(200);
    expect(identifiersIn(mine)).toEqual([]);

    const all = (await as('dora').get(`/admin/responses/${fixture.responseId}`)).body as StaffApplication;
    expect([all.applicant.id, all.response.userId, all.rows[0]!.userId]).toEqual([ADA.uid, ADA.uid, ADA.uid]);
  });

  it("in a file's record and its download's headers", async () => {
    const meta = await as('rita').get(`/files/${fixture.fileId}/meta`);
    expect(meta.status).toBe(200);
    expect(identifiersIn(meta)).toEqual([]);
    const download = await as('rita').get(`/files/${fixture.fileId}`);
    expect(download.status).toBe(200);
    expect(identifiersIn(download)).toEqual([]);

    expect((await as('dora').get(`/files/${fixture.fileId}/meta`)).body.ownerId).toBe(ADA.uid);
  });

  it("in the interviewer's booked interviews", async () => {
    const slot = await publishSlot(fixture.harness, { interviewerIds: ['rita', 'dora'], capacity: 2 });
    await as('ada').put(`/interviews/${fixture.formId}/booking`, { slotId: slot.id }).expect(200);

    const mine = await as('rita').get('/admin/interviews/mine');
    expect((mine.body.items as InterviewSlot[]).flatMap((each) => each.bookings)).toHaveLength(1);
    expect(identifiersIn(mine)).toEqual([]);

    const dora = (await as('dora').get('/admin/interviews/mine')).body.items as InterviewSlot[];
    expect(dora[0]!.bookings[0]!.userId).toBe(ADA.uid);
  });
});

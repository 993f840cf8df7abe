import {
  applicantPseudonym,
  INTERVIEW_MESSAGES,
  type ApplicantInterviews,
  type InterviewSlot,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { createHarness, DAY_MS, FORM_ID, later, START, type Caller, type Harness } from '../testing/api-harness';
import { assign, publishSlot, submitApplication } from '../testing/staff-fixtures';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const HOUR_MS = 60 * 60 * 1000;
const slotsPath = `/admin/forms/${FORM_ID}/interview-slots`;
const bookingPath = `/interviews/${FORM_ID}/booking`;

/** Submits `caller`'s application and qualifies its engineer row: an invitation to interview. */
async function invite(caller: Caller): Promise<void> {
  const response = await submitApplication(harness, caller);
  await harness.store.update(COLLECTIONS.reviewStatuses, `${response.id}__engineer`, { qualified: true });
}

const publish = (body: Record<string, unknown> = {}) => publishSlot(harness, body);

const storedSlot = (id: string) => harness.store.get<InterviewSlot>(COLLECTIONS.interviewSlots, id);
const interviewsOf = async (caller: Caller) =>
  (await harness.as(caller).get(`/interviews/${FORM_ID}`)).body as ApplicantInterviews;

describe('interview slots: publishing', () => {
  it('lets the super-reviewer publish a slot, stored in UTC with its interviewers named', async () => {
    const res = await harness.as('dora').post(slotsPath, {
      startsAt: '2026-03-04T09:30:00-05:00',
      minutes: 45,
      place: 'Room 101',
      interviewerIds: ['rita', 'dora'],
      capacity: 2,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      startsAt: '2026-03-04T14:30:00.000Z',
      interviewerNames: ['rita Tester', 'dora Tester'],
      bookings: [],
    });
    const list = await harness.as('dora').get(slotsPath);
    expect(list.body.items.map((slot: InterviewSlot) => slot.id)).toEqual([res.body.id]);
  });

  it.each([
    [{ startsAt: later(START, -HOUR_MS).toISOString() }, 'startsAt', INTERVIEW_MESSAGES.startsInPast],
    [{ interviewerIds: ['rita', 'ada'] }, 'interviewerIds.1', INTERVIEW_MESSAGES.interviewerNotStaff],
    [{ capacity: 0 }, 'capacity', undefined],
    [{ minutes: 'thirty' }, 'minutes', undefined],
  ])('refuses a bad slot with 400 naming the field (%o)', async (change, path, message) => {
    const res = await harness.as('dora').post(slotsPath, {
      startsAt: later(START, DAY_MS).toISOString(),
      minutes: 30,
      place: 'Room 1',
      interviewerIds: ['rita'],
      capacity: 1,
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path, ...(message ? { message } : {}) })]),
    );
    expect((await harness.store.query(COLLECTIONS.interviewSlots)).items).toEqual([]);
  });

  it('keeps slots to the super-reviewer', async () => {
    await publish();
    for (const caller of ['rita', 'ada'] as const) {
      expect((await harness.as(caller).get(slotsPath)).status).toBe(403);
      expect((await harness.as(caller).post(slotsPath, {})).status).toBe(403);
    }
  });

  it('deletes a slot nobody booked, and refuses one with a booking', async () => {
    await invite('ada');
    const booked = await publish();
    const empty = await publish({ capacity: 3 });
    await harness.as('ada').put(bookingPath, { slotId: booked.id }).expect(200);
    const refused = await harness.as('dora').delete(`${slotsPath}/${booked.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      message: INTERVIEW_MESSAGES.slotHasBookings,
      reason: 'slot-has-bookings',
    });
    expect((await harness.as('dora').delete(`${slotsPath}/${empty.id}`)).status).toBe(204);
    expect(await storedSlot(empty.id)).toBeNull();
    expect((await harness.as('dora').delete(`${slotsPath}/${empty.id}`)).status).toBe(404);
  });
});

describe('interview slots: booking', () => {
  it('offers slots only to an invited applicant', async () => {
    await submitApplication(harness, 'eve');
    const slot = await publish();
    expect(await interviewsOf('eve')).toEqual({ invited: false, cutoffHours: 24, booking: null, slots: [] });
    const refused = await harness.as('eve').put(bookingPath, { slotId: slot.id });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ message: INTERVIEW_MESSAGES.notInvited, reason: 'not-invited' });
    expect((await storedSlot(slot.id))?.bookings).toEqual([]);
  });

  it('books a seat, shows it, and moves it to another slot', async () => {
    await invite('ada');
    const first = await publish({ capacity: 2 });
    const second = await publish({ startsAt: later(START, 4 * DAY_MS).toISOString() });
    expect((await interviewsOf('ada')).slots.map((slot) => [slot.id, slot.seatsLeft])).toEqual([
      [first.id, 2],
      [second.id, 1],
    ]);
    const booked = await harness.as('ada').put(bookingPath, { slotId: first.id });
    expect(booked.status).toBe(200);
    expect(booked.body.booking).toMatchObject({ id: first.id, seatsLeft: 1 });
    expect(booked.body.slots.map((slot: { id: string }) => slot.id)).toEqual([second.id]);
    expect((await storedSlot(first.id))?.bookings).toEqual([
      expect.objectContaining({ userId: 'ada', applicantName: 'ada Tester' }),
    ]);

    const moved = await harness.as('ada').put(bookingPath, { slotId: second.id });
    expect(moved.status).toBe(200);
    expect(moved.body.booking).toMatchObject({ id: second.id, seatsLeft: 0 });
    expect((await storedSlot(first.id))?.bookings).toEqual([]);
    expect((await storedSlot(second.id))?.bookings.map((booking) => booking.userId)).toEqual(['ada']);
  });

  it('gives the last seat to one of two applicants booking at once', async () => {
    await invite('ada');
    await invite('eve');
    const slot = await publish({ capacity: 1 });
    const answers = await Promise.all(
      (['ada', 'eve'] as const).map((caller) => harness.as(caller).put(bookingPath, { slotId: slot.id })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.status === 409)?.body.error).toMatchObject({
      message: INTERVIEW_MESSAGES.slotFull,
      reason: 'slot-full',
    });
    expect((await storedSlot(slot.id))?.bookings).toHaveLength(1);
  });

  it('lets an applicant cancel until the cut-off, and then neither cancel nor move', async () => {
    await invite('ada');
    const slot = await publish({ capacity: 2 });
    const other = await publish({ capacity: 2, startsAt: later(START, 5 * DAY_MS).toISOString() });
    await harness.as('ada').put(bookingPath, { slotId: slot.id }).expect(200);
    harness.clock.now = new Date(Date.parse(slot.startsAt) - 23 * HOUR_MS);
    for (const res of [
      await harness.as('ada').delete(bookingPath),
      await harness.as('ada').put(bookingPath, { slotId: other.id }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ message: INTERVIEW_MESSAGES.pastCutoff(24), reason: 'past-cutoff' });
    }
    expect((await storedSlot(slot.id))?.bookings.map((booking) => booking.userId)).toEqual(['ada']);

    harness.clock.now = new Date(Date.parse(slot.startsAt) - 25 * HOUR_MS);
    const cancelled = await harness.as('ada').delete(bookingPath);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking).toBeNull();
    expect((await storedSlot(slot.id))?.bookings).toEqual([]);
    expect((await harness.as('ada').delete(bookingPath)).status).toBe(404);
  });

  it('refuses an unknown slot and a malformed body without writing', async () => {
    await invite('ada');
    expect((await harness.as('ada').put(bookingPath, { slotId: 'nope' })).status).toBe(404);
    expect((await harness.as('ada').put(bookingPath, { slot: 'x' })).status).toBe(400);
    expect((await harness.store.query(COLLECTIONS.interviewBookings)).items).toEqual([]);
  });
});

describe('an inactive form', () => {
  it('answers someone who never applied to it exactly as a form that does not exist', async () => {
    await invite('ada');
    const slot = await publish();
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { isActive: false });
    const calls = (formId: string) => [
      harness.as('eve').get(`/interviews/${formId}`),
      harness.as('eve').put(`/interviews/${formId}/booking`, { slotId: slot.id }),
      harness.as('eve').delete(`/interviews/${formId}/booking`),
    ];
    const answers = async (formId: string) =>
      (await Promise.all(calls(formId))).map((res) => ({ status: res.status, body: res.body as unknown }));

    const inactive = await answers(FORM_ID);
    expect(inactive).toEqual(await answers('no-such-form'));
    expect(inactive.map((answer) => answer.status)).toEqual([404, 404, 404]);
    // Its applicants still read their interviews.
    expect(await interviewsOf('ada')).toMatchObject({ invited: true, slots: [{ id: slot.id }] });
  });
});

describe("the interviewer's booked interviews", () => {
  it('lists the slots someone booked with the interviewer, in time order', async () => {
    await invite('ada');
    await invite('eve');
    const late = await publish({ startsAt: later(START, 6 * DAY_MS).toISOString() });
    const early = await publish();
    await publish({ startsAt: later(START, 2 * DAY_MS).toISOString() });
    await harness.as('ada').put(bookingPath, { slotId: late.id }).expect(200);
    await harness.as('eve').put(bookingPath, { slotId: early.id }).expect(200);
    const mine = await harness.as('rita').get('/admin/interviews/mine');
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((slot: InterviewSlot) => [slot.id, slot.bookings[0]?.userId])).toEqual([
      [early.id, 'eve'],
      [late.id, 'ada'],
    ]);
    expect((await harness.as('rob').get('/admin/interviews/mine')).body.items).toEqual([]);
    expect((await harness.as('ada').get('/admin/interviews/mine')).status).toBe(403);
  });

  it("names the interviewer's interview of each booked applicant, for the link to the interview screen", async () => {
    await invite('ada');
    await invite('eve');
    const slot = await publish({ capacity: 2 });
    const [ada] = await harness.store
      .query<{ id: string; userId: string }>(COLLECTIONS.responses, {
        where: [{ field: 'userId', value: 'ada' }],
      })
      .then((page) => page.items.map((item) => item.data));
    const [interview] = await assign(
      harness,
      [{ responseId: ada!.id, role: 'engineer', staffId: 'rita' }],
      'interview',
    );
    await harness.as('ada').put(bookingPath, { slotId: slot.id }).expect(200);
    await harness.as('eve').put(bookingPath, { slotId: slot.id }).expect(200);
    const mine = (await harness.as('rita').get('/admin/interviews/mine')).body.items as InterviewSlot[];
    // Ada's interview was assigned by hand; Eve's came with her booking of Rita's slot.
    expect(mine[0]!.bookings.map((booking) => [booking.userId, booking.interview])).toEqual([
      ['ada', { id: interview!.id, role: 'engineer' }],
      ['eve', { id: expect.any(String), role: 'engineer' }],
    ]);
  });

  it('shows a reviewer pseudonyms when the form blinds its interviews, and the super-reviewer names', async () => {
    await invite('ada');
    const slot = await publish({ interviewerIds: ['rita', 'dora'] });
    await harness.as('ada').put(bookingPath, { slotId: slot.id }).expect(200);
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { blindReview: { interview: true } });
    const nameIn = async (caller: Caller) =>
      ((await harness.as(caller).get('/admin/interviews/mine')).body.items as InterviewSlot[])[0]?.bookings[0]
        ?.applicantName;
    const { responseId } = (await storedSlot(slot.id))!.bookings[0]!;
    expect(await nameIn('rita')).toBe(applicantPseudonym(responseId));
    expect(await nameIn('dora')).toBe('ada Tester');
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { blindReview: { review: true } });
    expect(await nameIn('rita')).toBe('ada Tester');
  });
});

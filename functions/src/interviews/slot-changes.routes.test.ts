import { INTERVIEW_MESSAGES, MAX_SLOTS_PER_SERIES, type Assessment, type InterviewSlot } from '@portal/shared/domain';
import type { OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import { createHarness, DAY_MS, FORM_ID, later, START, type Harness } from '../testing/api-harness';
import { icsEvent } from '../testing/parse-ics';
import { dumpStore, publishSlot, submitApplication } from '../testing/staff-fixtures';

/** The director's changes to slots: a series at once, and a slot edited with its bookings kept. */

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const slotsPath = `/admin/forms/${FORM_ID}/interview-slots`;
const day = later(START, 3 * DAY_MS);
const at = (hours: number, minutes = 0) => new Date(day.getTime() + (hours * 60 + minutes) * 60_000).toISOString();
const storedSlots = async () =>
  (await harness.store.query<InterviewSlot>(COLLECTIONS.interviewSlots)).items
    .map(({ data }) => data)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));

async function mailTo(uid: string, template: OutboxMessage['template']): Promise<OutboxMessage[]> {
  const { items } = await harness.store.query<OutboxMessage>(COLLECTIONS.outbox, {
    where: [{ field: 'recipientId', value: uid }],
  });
  return items.map(({ data }) => data).filter((message) => message.template === template);
}

const series = (body: Record<string, unknown> = {}) =>
  harness.as('dora').post(`${slotsPath}/series`, {
    startsAt: at(0),
    endsAt: at(2),
    minutes: 30,
    gapMinutes: 10,
    place: 'Room 7',
    interviewerIds: ['rita', 'rob'],
    capacity: 1,
    ...body,
  });

describe('a series of slots', () => {
  it('makes slots of a length, a gap apart, until the day’s end, in one go', async () => {
    const res = await series();
    expect(res.status).toBe(201);
    // 0:00, 0:40, 1:20 (ends 1:50); the next would end 2:30, after the end.
    expect((res.body.items as InterviewSlot[]).map((slot) => slot.startsAt)).toEqual([at(0), at(0, 40), at(1, 20)]);
    const stored = await storedSlots();
    expect(
      stored.map((slot) => [slot.startsAt, slot.minutes, slot.place, slot.interviewerNames, slot.capacity]),
    ).toEqual(
      [at(0), at(0, 40), at(1, 20)].map((startsAt) => [startsAt, 30, 'Room 7', ['rita Tester', 'rob Tester'], 1]),
    );
  });

  it.each([
    [{ endsAt: at(0, 20) }, 'endsAt', INTERVIEW_MESSAGES.seriesEndsTooSoon],
    [{ minutes: 5, gapMinutes: 0, endsAt: at(5) }, 'endsAt', INTERVIEW_MESSAGES.seriesTooLong(MAX_SLOTS_PER_SERIES)],
    [
      { startsAt: later(START, -DAY_MS).toISOString(), endsAt: later(START, -DAY_MS + 60 * 60 * 1000).toISOString() },
      'startsAt',
      INTERVIEW_MESSAGES.startsInPast,
    ],
    [{ interviewerIds: ['ada'] }, 'interviewerIds.0', INTERVIEW_MESSAGES.interviewerNotStaff],
    [{ gapMinutes: -5 }, 'gapMinutes', undefined],
  ])('refuses a series that cannot be made (%o), writing nothing', async (change, path, message) => {
    const before = await dumpStore(harness);
    const res = await series(change);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path, ...(message ? { message } : {}) })]);
    expect(await dumpStore(harness)).toEqual(before);
  });

  it('is the super-reviewer’s', async () => {
    expect((await harness.as('rita').post(`${slotsPath}/series`, {})).status).toBe(403);
  });
});

describe('editing a slot', () => {
  const edit = (slot: InterviewSlot, change: Record<string, unknown>) =>
    harness.as('dora').put(`${slotsPath}/${slot.id}`, {
      startsAt: slot.startsAt,
      minutes: slot.minutes,
      place: slot.place,
      interviewerIds: slot.interviewerIds,
      capacity: slot.capacity,
      ...change,
    });

  it('changes a slot nobody booked, telling no one', async () => {
    const slot = await publishSlot(harness, { capacity: 1 });
    const res = await edit(slot, { place: 'Room 9', capacity: 3, interviewerIds: ['rob'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: slot.id, place: 'Room 9', capacity: 3, interviewerNames: ['rob Tester'] });
    expect(await storedSlots()).toEqual([res.body]);
    expect((await harness.store.query(COLLECTIONS.outbox)).items).toEqual([]);
  });

  it('keeps the bookings, tells each booked applicant and interviewer, and moves the interviews to the new interviewers', async () => {
    const ada = await submitApplication(harness, 'ada');
    await harness.as('dora').put(`/admin/rows/${ada.id}/engineer/qualified`, { qualified: true }).expect(200);
    const slot = await publishSlot(harness, { interviewerIds: ['rita'], capacity: 2, place: 'Room 1' });
    await harness.as('ada').put(`/interviews/${FORM_ID}/booking`, { slotId: slot.id }).expect(200);
    const [confirmation] = await mailTo('ada', 'interviewConfirmation');

    const moved = later(day, 2 * 60 * 60 * 1000).toISOString();
    const res = await edit(slot, { startsAt: moved, interviewerIds: ['rob'], place: 'Room 2' });
    expect(res.status).toBe(200);
    expect(res.body.bookings.map((booking: { userId: string }) => booking.userId)).toEqual(['ada']);

    const [changed, ...more] = await mailTo('ada', 'interviewChanged');
    expect(more).toEqual([]);
    expect(changed!.text).toContain('Room 2');
    const before = icsEvent(confirmation!.attachments![0]!.content);
    const after = icsEvent(changed!.attachments![0]!.content);
    expect(after.UID).toBe(before.UID);
    expect(after.DTSTART).toBe(moved.replace(/[-:]/g, '').replace(/\.\d{3}/, ''));
    expect(Number(after.SEQUENCE)).toBeGreaterThan(Number(before.SEQUENCE) - 1);

    expect(await mailTo('rita', 'interviewerCancellation')).toHaveLength(1);
    expect(await mailTo('rob', 'interviewerBooking')).toHaveLength(1);
    const interviews = (
      await harness.store.query<Assessment>(COLLECTIONS.interviews, { where: [{ field: 'responseId', value: ada.id }] })
    ).items.map(({ data }) => data.staffId);
    expect(interviews).toEqual(['rob']);

    // Only the seats changed: nobody is told.
    expect((await edit(res.body as InterviewSlot, { capacity: 1 })).status).toBe(200);
    expect(await mailTo('ada', 'interviewChanged')).toHaveLength(1);
  });

  it('never leaves fewer seats than bookings, and refuses a start in the past', async () => {
    const ada = await submitApplication(harness, 'ada');
    await harness.as('dora').put(`/admin/rows/${ada.id}/engineer/qualified`, { qualified: true }).expect(200);
    const eve = await submitApplication(harness, 'eve');
    await harness.as('dora').put(`/admin/rows/${eve.id}/engineer/qualified`, { qualified: true }).expect(200);
    const slot = await publishSlot(harness, { capacity: 2 });
    await harness.as('ada').put(`/interviews/${FORM_ID}/booking`, { slotId: slot.id }).expect(200);
    await harness.as('eve').put(`/interviews/${FORM_ID}/booking`, { slotId: slot.id }).expect(200);

    const before = await dumpStore(harness);
    const fewer = await edit(slot, { capacity: 1 });
    expect(fewer.status).toBe(400);
    expect(fewer.body.error.details).toEqual([
      { path: 'capacity', message: INTERVIEW_MESSAGES.capacityBelowBookings(2) },
    ]);
    const past = await edit(slot, { startsAt: later(START, -DAY_MS).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.error.details).toEqual([{ path: 'startsAt', message: INTERVIEW_MESSAGES.startsInPast }]);
    expect((await edit({ ...slot, id: 'no-such-slot' }, {})).status).toBe(404);
    expect(await dumpStore(harness)).toEqual(before);
  });
});

import {
  applicantPseudonym,
  type ApplicationResponse,
  type AuditEntry,
  type Assessment,
  type DashboardRowView,
  type InterviewSlot,
} from '@portal/shared/domain';
import type { OutboxMessage } from '../outbox/outbox';
import { staffLoadId, type StaffLoad } from '../staff/staff-load';
import { COLLECTIONS } from '../store/collections';
import { createHarness, DAY_MS, FORM_ID, later, START, type Caller, type Harness } from '../testing/api-harness';
import { icsEvent } from '../testing/parse-ics';
import { assign, publishSlot, storedRow, submitApplication } from '../testing/staff-fixtures';

/** A booking is the interview: the slot's interviewers get it, and lose it when the booking leaves them. */

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const bookingPath = `/interviews/${FORM_ID}/booking`;

async function invite(caller: Caller): Promise<ApplicationResponse> {
  const response = await submitApplication(harness, caller);
  expect(
    (await harness.as('dora').put(`/admin/rows/${response.id}/engineer/qualified`, { qualified: true })).status,
  ).toBe(200);
  return response;
}

const interviewsOf = async (responseId: string) =>
  (
    await harness.store.query<Assessment>(COLLECTIONS.interviews, {
      where: [{ field: 'responseId', value: responseId }],
    })
  ).items
    .map(({ data }) => data)
    .sort((a, b) => (a.staffId < b.staffId ? -1 : 1));
const interviewLoad = async (staffId: string) =>
  (await harness.store.get<StaffLoad>(COLLECTIONS.staffLoads, staffLoadId(FORM_ID, staffId)))?.interviewsAssigned ?? 0;

async function mailTo(uid: string, template: OutboxMessage['template']): Promise<OutboxMessage[]> {
  const { items } = await harness.store.query<OutboxMessage>(COLLECTIONS.outbox, {
    where: [{ field: 'recipientId', value: uid }],
  });
  return items
    .map(({ data }) => data)
    .filter((message) => message.template === template)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

describe('booking an interview slot', () => {
  it("assigns the slot's interviewers to the interview, audited, and tells each of them with an .ics", async () => {
    const ada = await invite('ada');
    const slot = await publishSlot(harness, { interviewerIds: ['rita', 'rob'], place: 'Room 4' });

    expect((await harness.as('ada').put(bookingPath, { slotId: slot.id })).status).toBe(200);

    const interviews = await interviewsOf(ada.id);
    expect(interviews.map((each) => [each.staffId, each.role, each.state, each.bookedSlotId])).toEqual([
      ['rita', 'engineer', 'not-started', slot.id],
      ['rob', 'engineer', 'not-started', slot.id],
    ]);
    expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({ interviewsAssigned: 2 });
    expect([await interviewLoad('rita'), await interviewLoad('rob')]).toEqual([1, 1]);
    const audit = (await harness.store.query(COLLECTIONS.audit)).items.map(({ data }) => data as unknown as AuditEntry);
    expect(
      audit
        .filter((entry) => entry.action.startsWith('assignment.') && entry.actorId === 'ada')
        .map((entry) => entry.target.id),
    ).toEqual(expect.arrayContaining(interviews.map((each) => each.id)));

    // The interviewer's list links the interview at once.
    const mine = (await harness.as('rita').get('/admin/interviews/mine')).body.items as InterviewSlot[];
    expect(mine[0]!.bookings[0]!.interview).toEqual({ id: interviews[0]!.id, role: 'engineer' });

    for (const uid of ['rita', 'rob']) {
      const [message, ...more] = await mailTo(uid, 'interviewerBooking');
      expect(more).toEqual([]);
      expect(message!.subject).toContain('ada Tester');
      expect(message!.text).toContain('Room 4');
      const event = icsEvent(message!.attachments![0]!.content);
      expect(event).toMatchObject({ STATUS: 'CONFIRMED', LOCATION: 'Room 4' });
      expect(event.UID).toBe(`interview-${FORM_ID}-${ada.id}-${uid}@application-portal`);
    }
    expect(await mailTo('dora', 'interviewerBooking')).toEqual([]);
  });

  it('moving takes the interview from the interviewers left behind (cancelled for them) and gives it to the new ones', async () => {
    const ada = await invite('ada');
    const first = await publishSlot(harness, { interviewerIds: ['rita', 'rob'] });
    const second = await publishSlot(harness, {
      interviewerIds: ['rob', 'dora'],
      startsAt: later(START, 4 * DAY_MS).toISOString(),
    });
    await harness.as('ada').put(bookingPath, { slotId: first.id }).expect(200);

    await harness.as('ada').put(bookingPath, { slotId: second.id }).expect(200);

    expect((await interviewsOf(ada.id)).map((each) => [each.staffId, each.bookedSlotId])).toEqual([
      ['dora', second.id],
      ['rob', first.id],
    ]);
    expect([await interviewLoad('rita'), await interviewLoad('rob'), await interviewLoad('dora')]).toEqual([0, 1, 1]);
    expect(await storedRow(harness, ada.id, 'engineer')).toMatchObject({ interviewsAssigned: 2 });

    const [cancelled] = await mailTo('rita', 'interviewerCancellation');
    expect(icsEvent(cancelled!.attachments![0]!.content)).toMatchObject({
      STATUS: 'CANCELLED',
      UID: `interview-${FORM_ID}-${ada.id}-rita@application-portal`,
    });
    // Rob is on both slots: the new time updates his entry (same UID), no cancellation.
    expect(await mailTo('rob', 'interviewerCancellation')).toEqual([]);
    const robs = await mailTo('rob', 'interviewerBooking');
    expect(robs).toHaveLength(2);
    const [before, after] = robs.map((message) => icsEvent(message.attachments![0]!.content));
    expect(after!.UID).toBe(before!.UID);
    expect(after!.DTSTART).not.toBe(before!.DTSTART);
    expect(await mailTo('dora', 'interviewerBooking')).toHaveLength(1);
  });

  it('cancelling takes back only the interviews the booking gave and nobody started; the interviewers are told', async () => {
    const ada = await invite('ada');
    const slot = await publishSlot(harness, { interviewerIds: ['rita', 'rob'] });
    await harness.as('ada').put(bookingPath, { slotId: slot.id }).expect(200);
    const [ritas] = await interviewsOf(ada.id);
    // Rita started hers: it stays.
    await harness
      .as('rita')
      .put(`/admin/assessments/interview/${ritas!.id}`, { scores: {}, comments: 'Notes', version: 0 })
      .expect(200);

    await harness.as('ada').delete(bookingPath).expect(200);

    expect((await interviewsOf(ada.id)).map((each) => [each.staffId, each.state])).toEqual([['rita', 'draft']]);
    expect([await interviewLoad('rita'), await interviewLoad('rob')]).toEqual([1, 0]);
    for (const uid of ['rita', 'rob']) expect(await mailTo(uid, 'interviewerCancellation')).toHaveLength(1);
  });

  it('keeps an interview assigned by hand, and never gives one to an interviewer with a declared conflict', async () => {
    const ada = await invite('ada');
    const [byHand] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }], 'interview');
    expect((await harness.as('rob').post('/admin/conflicts', { email: 'ada@example.com' })).status).toBe(201);
    const slot = await publishSlot(harness, { interviewerIds: ['rita', 'rob'] });

    await harness.as('ada').put(bookingPath, { slotId: slot.id }).expect(200);
    expect((await interviewsOf(ada.id)).map((each) => each.id)).toEqual([byHand!.id]);

    await harness.as('ada').delete(bookingPath).expect(200);
    expect((await interviewsOf(ada.id)).map((each) => each.id)).toEqual([byHand!.id]);
  });

  it('the release cancels an interview still to come for its interviewers too, once each', async () => {
    const ada = await invite('ada');
    const slot = await publishSlot(harness, { interviewerIds: ['rita', 'rob'] });
    await harness.as('ada').put(bookingPath, { slotId: slot.id }).expect(200);
    for (const role of ada.rolesApplied) {
      await harness.as('dora').put(`/admin/rows/${ada.id}/${role}/decision`, { decision: 'denied' }).expect(200);
    }
    await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`).expect(200);

    for (const uid of ['rita', 'rob']) {
      const [note, ...more] = await mailTo(uid, 'interviewerCancellation');
      expect(more).toEqual([]);
      expect(icsEvent(note!.attachments![0]!.content)).toMatchObject({
        STATUS: 'CANCELLED',
        UID: `interview-${FORM_ID}-${ada.id}-${uid}@application-portal`,
      });
    }
    // The audit log says so: the booking cancelled, by the scheduler's hand, because of the release.
    const audit = (await harness.store.query<AuditEntry & Record<string, unknown>>(COLLECTIONS.audit)).items.map(
      (item) => item.data,
    );
    expect(
      audit.filter((entry) => entry.action === 'interview.booking-cancelled' && entry.target.id === slot.id),
    ).toEqual([
      expect.objectContaining({
        actorId: 'scheduler',
        before: expect.objectContaining({ reason: 'decisions released' }),
      }),
    ]);
  });

  it('shows on the Qualified tab who booked which time', async () => {
    const ada = await invite('ada');
    const eve = await invite('eve');
    const slot = await publishSlot(harness, { interviewerIds: ['rita', 'rob'], minutes: 45 });
    await harness.as('ada').put(bookingPath, { slotId: slot.id }).expect(200);

    const rows = async (tab: string) =>
      (await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?tab=${tab}&sort=name&dir=asc&limit=25`).expect(200))
        .body.items as DashboardRowView[];
    const qualified = await rows('qualified');
    expect(qualified.find((row) => row.responseId === ada.id)?.interviewBooking).toEqual({
      slotId: slot.id,
      startsAt: slot.startsAt,
      minutes: 45,
      interviewerNames: ['rita Tester', 'rob Tester'],
    });
    expect(qualified.find((row) => row.responseId === eve.id)).not.toHaveProperty('interviewBooking');
    // Sorted in memory (the calibrated score) too.
    const byScore = (
      await harness
        .as('dora')
        .get(`/admin/forms/${FORM_ID}/rows?tab=qualified&sort=calibratedReviewScore&dir=asc&limit=25`)
        .expect(200)
    ).body.items as DashboardRowView[];
    expect(byScore.find((row) => row.responseId === ada.id)?.interviewBooking?.slotId).toBe(slot.id);
  });

  it('names the applicant by pseudonym to a reviewer when the form blinds its interviews', async () => {
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { blindReview: { interview: true } });
    const ada = await invite('ada');
    const slot = await publishSlot(harness, { interviewerIds: ['rita', 'dora'] });
    await harness.as('ada').put(bookingPath, { slotId: slot.id }).expect(200);

    const [toRita] = await mailTo('rita', 'interviewerBooking');
    expect(toRita!.subject).toContain(applicantPseudonym(ada.id));
    expect(`${toRita!.subject}${toRita!.text}${toRita!.attachments![0]!.content}`).not.toContain('ada Tester');
    const [toDora] = await mailTo('dora', 'interviewerBooking');
    expect(toDora!.subject).toContain('ada Tester');
  });
});

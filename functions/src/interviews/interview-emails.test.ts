import express from 'express';
import request from 'supertest';
import { INTERVIEW_MESSAGES, type InterviewSlot, type LocalMailboxMessage } from '@portal/shared/domain';
import { localMailboxHandler } from '../local/local-mailbox';
import { triggerEmailTransport, type ExtensionMailDocument } from '../outbox/outbox-sender';
import type { OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import { createHarness, DAY_MS, FORM_ID, later, START, type Caller, type Harness } from '../testing/api-harness';
import { icsDate, icsEvent } from '../testing/parse-ics';
import { assign, publishSlot, submitApplication } from '../testing/staff-fixtures';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const bookingPath = `/interviews/${FORM_ID}/booking`;

async function outboxTo(uid: string, template?: OutboxMessage['template']): Promise<OutboxMessage[]> {
  const { items } = await harness.store.query<OutboxMessage>(COLLECTIONS.outbox, {
    where: [{ field: 'recipientId', value: uid }],
  });
  return items.map(({ data }) => data).filter((message) => !template || message.template === template);
}

const qualify = (responseId: string, qualified: boolean) =>
  harness.as('dora').put(`/admin/rows/${responseId}/engineer/qualified`, { qualified });

/** A slot for two, with a place the emails and the .ics must carry whole (a semicolon and a link). */
const publish = (body: Record<string, unknown> = {}) =>
  publishSlot(harness, {
    minutes: 45,
    place: 'Room 4, Main St; or https://meet.example.com/abc',
    capacity: 2,
    ...body,
  });

async function invited(caller: Caller) {
  const response = await submitApplication(harness, caller);
  expect((await qualify(response.id, true)).status).toBe(200);
  return response;
}

describe('the interview invitation', () => {
  it('is queued with the qualified flag, once per applicant and form however often the flag is set', async () => {
    const response = await submitApplication(harness, 'ada');
    expect(await outboxTo('ada', 'interviewInvitation')).toEqual([]);
    expect((await qualify(response.id, true)).status).toBe(200);
    const [invitation, ...more] = await outboxTo('ada', 'interviewInvitation');
    expect(more).toEqual([]);
    expect(invitation).toMatchObject({
      id: `interview-invite.${FORM_ID}~ada`,
      to: 'ada@example.com',
      state: 'queued',
      data: expect.objectContaining({
        firstName: 'ada',
        bookingLink: expect.stringContaining(`/apply/interview/${FORM_ID}`),
      }),
    });
    expect(invitation!.text).toContain('invited to interview');
    await qualify(response.id, false).then((res) => expect(res.status).toBe(200));
    await qualify(response.id, true).then((res) => expect(res.status).toBe(200));
    expect(await outboxTo('ada', 'interviewInvitation')).toHaveLength(1);
  });

  it('is queued when an interviewer is assigned (the interview stage), not for a reviewer', async () => {
    const response = await submitApplication(harness, 'ada');
    await assign(harness, [{ responseId: response.id, role: 'engineer', staffId: 'rob' }], 'review');
    expect(await outboxTo('ada', 'interviewInvitation')).toEqual([]);
    await assign(harness, [{ responseId: response.id, role: 'engineer', staffId: 'rita' }], 'interview');
    expect(await outboxTo('ada', 'interviewInvitation')).toHaveLength(1);
    // Qualified afterwards: already invited, no second invitation.
    await qualify(response.id, true);
    expect(await outboxTo('ada', 'interviewInvitation')).toHaveLength(1);
  });

  it('is not queued when the flag is refused', async () => {
    const response = await submitApplication(harness, 'ada');
    expect(
      (await harness.as('rita').put(`/admin/rows/${response.id}/engineer/qualified`, { qualified: true })).status,
    ).toBe(403);
    expect(await outboxTo('ada')).toHaveLength(1); // the receipt alone
  });
});

describe('the booking confirmation and its .ics', () => {
  it('confirms a booking with the slot in the chapter zone and an .ics in UTC that reads back', async () => {
    await invited('ada');
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { timeZone: 'America/New_York' });
    const slot = await publish({ startsAt: '2026-03-08T01:30:00-05:00', minutes: 90 });
    await harness.as('ada').put(bookingPath, { slotId: slot.id }).expect(200);
    const [confirmation, ...more] = await outboxTo('ada', 'interviewConfirmation');
    expect(more).toEqual([]);
    // 1:30 EST; the interview ends after the spring-forward change, at 4:00 EDT.
    expect(confirmation!.data.slotTime).toBe('Mar 8, 2026, 1:30 AM EST');
    expect(confirmation!.data).toMatchObject({ length: '90 minutes', place: slot.place, interviewers: 'rita Tester' });
    expect(confirmation!.subject).toBe('Your interview with Example Chapter: Mar 8, 2026, 1:30 AM EST');
    expect(confirmation!.text).toContain('Room 4, Main St; or https://meet.example.com/abc');
    const [ics] = confirmation!.attachments!;
    expect(ics).toMatchObject({ filename: 'interview.ics', contentType: expect.stringMatching(/^text\/calendar/) });
    const event = icsEvent(ics!.content);
    expect(icsDate(event.DTSTART!).toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(icsDate(event.DTEND!).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(event).toMatchObject({
      LOCATION: slot.place,
      URL: 'https://meet.example.com/abc',
      STATUS: 'CONFIRMED',
      SUMMARY: 'Interview with Example Chapter',
    });
  });

  it('confirms a move with the same calendar entry (UID) and a higher SEQUENCE, and notes a cancellation', async () => {
    await invited('ada');
    const first = await publish();
    const second = await publish({ startsAt: later(START, 4 * DAY_MS).toISOString() });
    await harness.as('ada').put(bookingPath, { slotId: first.id }).expect(200);
    harness.clock.now = later(START, 60_000);
    await harness.as('ada').put(bookingPath, { slotId: second.id }).expect(200);
    const confirmations = (await outboxTo('ada', 'interviewConfirmation')).sort((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    );
    expect(confirmations).toHaveLength(2);
    const [booked, moved] = confirmations.map((message) => icsEvent(message.attachments![0]!.content));
    expect(moved!.UID).toBe(booked!.UID);
    expect(Number(moved!.SEQUENCE)).toBeGreaterThan(Number(booked!.SEQUENCE));
    expect(icsDate(moved!.DTSTART!).toISOString()).toBe(second.startsAt);

    harness.clock.now = later(START, 120_000);
    await harness.as('ada').delete(bookingPath).expect(200);
    const [cancellation] = await outboxTo('ada', 'interviewCancellation');
    expect(cancellation!.attachments![0]!.filename).toBe('interview-cancelled.ics');
    const cancelled = icsEvent(cancellation!.attachments![0]!.content);
    expect(cancelled).toMatchObject({ UID: booked!.UID, STATUS: 'CANCELLED' });
  });

  it('queues nothing for a refused booking (the slot full)', async () => {
    await invited('ada');
    await invited('eve');
    const slot = await publish({ capacity: 1 });
    await harness.as('ada').put(bookingPath, { slotId: slot.id }).expect(200);
    const refused = await harness.as('eve').put(bookingPath, { slotId: slot.id });
    expect(refused.body.error.message).toBe(INTERVIEW_MESSAGES.slotFull);
    expect(await outboxTo('eve', 'interviewConfirmation')).toEqual([]);
  });

  it("goes to the Trigger Email extension's mail document with the .ics in its attachments", async () => {
    await invited('ada');
    const slot = await publish();
    await harness.as('ada').put(bookingPath, { slotId: slot.id }).expect(200);
    const [confirmation] = await outboxTo('ada', 'interviewConfirmation');
    await harness.store.transaction(async (tx) => triggerEmailTransport.deliver(confirmation!, tx));
    const mail = await harness.store.get<ExtensionMailDocument>(COLLECTIONS.mail, confirmation!.id);
    expect(mail).toEqual({
      to: ['ada@example.com'],
      message: {
        subject: confirmation!.subject,
        html: confirmation!.html,
        text: confirmation!.text,
        attachments: [
          {
            filename: 'interview.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: expect.any(String),
          },
        ],
      },
    });
    expect(icsEvent(mail!.message.attachments![0]!.content).DTSTART).toBe(
      slot.startsAt.replace(/[-:]/g, '').replace('.000', ''),
    );
  });

  it('shows in the local mailbox with its .ics to download', async () => {
    await invited('ada');
    const slot = await publish();
    await harness.as('ada').put(bookingPath, { slotId: slot.id }).expect(200);
    const res = await request(express().get('/local/mailbox', localMailboxHandler(harness.store))).get(
      '/local/mailbox?email=ada@example.com',
    );
    const messages = res.body.messages as LocalMailboxMessage[];
    const confirmation = messages.find((message) => message.template === 'interviewConfirmation');
    expect(confirmation?.attachments?.map((file) => file.filename)).toEqual(['interview.ics']);
    expect(icsEvent(confirmation!.attachments![0]!.content).LOCATION).toBe(slot.place);
    const receipt = messages.find((message) => message.template === 'submissionReceipt');
    expect(receipt).not.toHaveProperty('attachments');
  });
});

describe('the release of decisions', () => {
  /** Decides every row of the applications as dora, then releases the form's decisions. */
  async function decideAllAndRelease(responses: { id: string; rolesApplied: string[] }[]) {
    for (const response of responses) {
      for (const role of response.rolesApplied) {
        await harness.as('dora').put(`/admin/rows/${response.id}/${role}/decision`, { decision: 'denied' }).expect(200);
      }
    }
    await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`).expect(200);
  }

  it('cancels every interview still to come, with a cancellation email, and freezes the bookings', async () => {
    const ada = await invited('ada');
    const eve = await invited('eve');
    const later4 = await publish({ startsAt: later(START, 4 * DAY_MS).toISOString() });
    const later2 = await publish({ startsAt: later(START, 2 * DAY_MS).toISOString() });
    await harness.as('ada').put(bookingPath, { slotId: later4.id }).expect(200);
    await harness.as('eve').put(bookingPath, { slotId: later2.id }).expect(200);
    // Eve's interview has taken place by the release; Ada's has not.
    harness.clock.now = later(START, 3 * DAY_MS);
    await decideAllAndRelease([ada, eve]);

    const [cancellation, ...more] = await outboxTo('ada', 'interviewCancellation');
    expect(more).toEqual([]);
    expect(cancellation).toMatchObject({ to: 'ada@example.com', state: 'queued' });
    expect(icsEvent(cancellation!.attachments![0]!.content)).toMatchObject({ STATUS: 'CANCELLED' });
    expect(await outboxTo('eve', 'interviewCancellation')).toEqual([]);
    expect((await harness.store.get<InterviewSlot>(COLLECTIONS.interviewSlots, later4.id))?.bookings).toEqual([]);
    expect((await harness.store.get<InterviewSlot>(COLLECTIONS.interviewSlots, later2.id))?.bookings).toHaveLength(1);

    const adaSees = (await harness.as('ada').get(`/interviews/${FORM_ID}`).expect(200)).body;
    expect(adaSees).toMatchObject({ invited: true, released: true, booking: null, slots: [] });
    const eveSees = (await harness.as('eve').get(`/interviews/${FORM_ID}`).expect(200)).body;
    expect(eveSees).toMatchObject({ released: true, booking: { id: later2.id }, slots: [] });

    const fresh = await publish({ startsAt: later(START, 6 * DAY_MS).toISOString() });
    for (const res of [
      await harness.as('ada').put(bookingPath, { slotId: fresh.id }),
      await harness.as('eve').put(bookingPath, { slotId: fresh.id }),
      await harness.as('eve').delete(bookingPath),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ reason: 'released', message: INTERVIEW_MESSAGES.released });
    }
    expect((await harness.store.get<InterviewSlot>(COLLECTIONS.interviewSlots, fresh.id))?.bookings).toEqual([]);
    expect(await outboxTo('ada', 'interviewConfirmation')).toHaveLength(1);
  });
});

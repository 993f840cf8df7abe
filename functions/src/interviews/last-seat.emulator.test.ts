import { INTERVIEW_MESSAGES, type InterviewSlot } from '@portal/shared/domain';
import type { OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import { describeOnStores } from '../testing/store-targets';
import { FORM_ID, START } from '../testing/api-harness';
import { publishSlot, submitApplication } from '../testing/staff-fixtures';

/**
 * Two invited applicants book the last seat of one slot at the same moment: exactly one holds it,
 * the other is told the slot was just taken, and only the winner's confirmation is queued. On
 * SQLite, and on Google's Cloud Firestore emulator (real transaction isolation) where installed.
 */
jest.setTimeout(60_000);

describeOnStores('interview-last-seat', 'the last seat of a slot on %s', (run) => {
  run('goes to exactly one of two applicants booking it at once', async (harness) => {
    for (const caller of ['ada', 'eve'] as const) {
      const response = await submitApplication(harness, caller);
      await harness.as('dora').put(`/admin/rows/${response.id}/engineer/qualified`, { qualified: true }).expect(200);
    }
    const slot = await publishSlot(harness, { place: 'Room 1', capacity: 2 });
    // One seat of two already taken: the next two bookings race for the last one.
    await harness.store.update(COLLECTIONS.interviewSlots, slot.id, {
      bookings: [
        { userId: 'someone', responseId: 'r-someone', applicantName: 'Someone', bookedAt: START.toISOString() },
      ],
    });

    const answers = await Promise.all(
      (['ada', 'eve'] as const).map((caller) =>
        harness.as(caller).put(`/interviews/${FORM_ID}/booking`, { slotId: slot.id }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.status === 409)!.body.error.message).toBe(INTERVIEW_MESSAGES.slotFull);
    const stored = await harness.store.get<InterviewSlot>(COLLECTIONS.interviewSlots, slot.id);
    expect(stored!.bookings).toHaveLength(2);
    const winner = answers[0]!.status === 200 ? 'ada' : 'eve';
    expect(stored!.bookings.map((booking) => booking.userId)).toEqual(['someone', winner]);
    const confirmations = (await harness.store.query<OutboxMessage>(COLLECTIONS.outbox)).items
      .map(({ data }) => data)
      .filter((message) => message.template === 'interviewConfirmation');
    expect(confirmations.map((message) => message.recipientId)).toEqual([winner]);
    expect(
      (await harness.store.query(COLLECTIONS.interviewBookings)).items.map(
        ({ data }) => (data as { userId: string }).userId,
      ),
    ).toEqual([winner]);
  });
});

import { FORM_ID } from '../testing/api-harness';
import { publishSlot, submitApplication } from '../testing/staff-fixtures';
import { jitteredStore } from '../testing/jittered-store';
import { describeOnStores } from '../testing/store-targets';
import { answer, asTheDirectorWould, leftOf, NOTHING, raceTally, rounds } from '../testing/user-races';

/**
 * An applicant deleted while they book an interview: their seat is free: see `user-races.ts`. On SQLite, and on Google's Cloud Firestore emulator.
 */
jest.setTimeout(120_000);

describeOnStores(
  'staff-races-booking',
  'deleting an applicant while they book an interview, on %s',
  (run, store) => {
    const tally = raceTally('deleting an applicant while they book', store);
    for (const round of rounds) {
      run(`frees their seat, whichever lands first (round ${round})`, async (harness) => {
        const ada = await submitApplication(harness, 'ada');
        await harness.as('dora').put(`/admin/rows/${ada.id}/engineer/qualified`, { qualified: true }).expect(200);
        const slot = await publishSlot(harness, { capacity: 1 });
        const [booking, deletion] = await Promise.all([
          harness.as('ada').put(`/interviews/${FORM_ID}/booking`, { slotId: slot.id }),
          asTheDirectorWould(() => harness.as('dora').post('/admin/users/delete', { userIds: ['ada'] })),
        ]);
        expect(answer(harness, deletion)).toMatchObject({ status: 200 });
        expect([200, 401, 403, 404]).toContain(booking.status);
        expect(await leftOf(harness, 'ada')).toEqual(NOTHING);
        tally(booking.status === 200 ? 'bookingLanded' : 'bookingRefused');
        // The seat is free again, and the slot can be deleted.
        await harness.as('dora').delete(`/admin/forms/${FORM_ID}/interview-slots/${slot.id}`).expect(204);
      });
    }
  },
  { wrap: jitteredStore },
);

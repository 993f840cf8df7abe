import { completeResponse, startResponse } from '../testing/api-harness';
import { jitteredStore } from '../testing/jittered-store';
import { describeOnStores } from '../testing/store-targets';
import { answer, asTheDirectorWould, leftOf, NOTHING, raceTally, rounds } from '../testing/user-races';

/**
 * An applicant deleted while they submit: nothing of theirs is left: see `user-races.ts`. On SQLite, and on Google's Cloud Firestore emulator.
 */
jest.setTimeout(120_000);

describeOnStores(
  'staff-races-deletion',
  'deleting an applicant while they submit, on %s',
  (run, store) => {
    const tally = raceTally('deleting an applicant while they submit', store);
    for (const round of rounds) {
      run(`leaves nothing of theirs, whichever lands first (round ${round})`, async (harness) => {
        const started = await startResponse(harness, 'ada');
        const complete = await completeResponse(harness, started);
        const [submit, deletion] = await Promise.all([
          harness.as('ada').post('/application/submit', complete),
          asTheDirectorWould(() => harness.as('dora').post('/admin/users/delete', { userIds: ['ada'] })),
        ]);
        expect(answer(harness, deletion)).toMatchObject({ status: 200 });
        expect([200, 401, 403, 404]).toContain(submit.status);
        expect(await leftOf(harness, 'ada')).toEqual(NOTHING);
        tally(submit.status === 200 ? 'submitLanded' : 'submitRefused');
      });
    }
  },
  { wrap: jitteredStore },
);

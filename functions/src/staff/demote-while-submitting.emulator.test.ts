import type { Assessment } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { assign, setPreferences, storedRow, submitApplication } from '../testing/staff-fixtures';
import { jitteredStore } from '../testing/jittered-store';
import { describeOnStores } from '../testing/store-targets';
import { answer, asTheDirectorWould, raceTally, rounds } from '../testing/user-races';

const FULL = { motivation: 4, experience: 2, communication: 3 };

/**
 * A reviewer demoted while they submit a review: the review counts, or the submit is refused: see `user-races.ts`. On SQLite, and on Google's Cloud Firestore emulator.
 */
jest.setTimeout(120_000);

describeOnStores(
  'staff-races',
  'demoting a reviewer while they submit a review, on %s',
  (run, store) => {
    const tally = raceTally('demoting a reviewer while they submit', store, rounds.length * 2);
    for (const action of ['reassign', 'unassign'] as const) {
      for (const round of rounds) {
        run(`${action}: the submitted review counts, or the submit is refused (round ${round})`, async (harness) => {
          const ada = await submitApplication(harness, 'ada');
          await setPreferences(harness, 'rob', ['engineer']);
          const [review] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
          const [submit, demote] = await Promise.all([
            harness
              .as('rita')
              .post(`/admin/assessments/review/${review!.id}/submit`, { scores: FULL, comments: 'Strong', version: 0 }),
            asTheDirectorWould(() =>
              harness
                .as('dora')
                .post('/admin/users/role', { userIds: ['rita'], role: 'applicant', openAssignments: action }),
            ),
          ]);
          expect(answer(harness, demote)).toMatchObject({ status: 200 });
          const stored = await harness.store.get<Assessment>(COLLECTIONS.reviews, review!.id);
          const row = await storedRow(harness, ada.id, 'engineer');
          if (submit.status === 200) {
            expect(stored).toMatchObject({ staffId: 'rita', state: 'submitted', scores: FULL, comments: 'Strong' });
            expect(row!.reviews).toEqual([
              expect.objectContaining({ assessmentId: review!.id, staffId: 'rita', state: 'submitted' }),
            ]);
            expect(demote.body).toMatchObject({ reassigned: 0, unassigned: 0 });
            tally('submitLanded');
          } else {
            expect([403, 404]).toContain(submit.status);
            if (action === 'reassign') {
              expect(stored).toMatchObject({ state: 'not-started', scores: {}, comments: '' });
              expect(stored!.staffId).not.toBe('rita');
            } else {
              expect(stored).toBeNull();
            }
            tally('submitRefused');
          }
        });
      }
    }
  },
  { wrap: jitteredStore },
);

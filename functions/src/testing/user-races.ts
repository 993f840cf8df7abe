import type { ApplicationRow, Assessment, InterviewSlot } from '@portal/shared/domain';
import type request from 'supertest';
import { CONTENTION_MESSAGE } from '../http/error-middleware';
import { USERS_KEPT_CHANGING } from '../staff/admin-users.service';
import { COLLECTIONS } from '../store/collections';
import type { DocumentData } from '../store/document-store';
import type { Harness } from './api-harness';

/**
 * For races between the director's user management and the people it concerns, each run
 * `rounds` times on SQLite and on Google's Cloud Firestore emulator (with `jitteredStore`, so the
 * calls interleave in many orders): whichever order they land in, a call that answered 200 keeps
 * its effect, and nothing is left that belongs to no one.
 */
export const ROUNDS = Number(process.env.PORTAL_RACE_ROUNDS ?? 20);
export const rounds = Array.from({ length: ROUNDS }, (_, index) => index + 1);

/**
 * The director's call, sent again (as they would) when it answered that the records kept changing
 * under it: a 409 that changed nothing. Its last answer.
 */
export async function asTheDirectorWould(send: () => request.Test): Promise<request.Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await send();
    const kept = [CONTENTION_MESSAGE, USERS_KEPT_CHANGING].includes(res.body?.error?.message);
    if (res.status !== 409 || !kept || attempt === 3) return res;
  }
}

/**
 * A response with what the API logged at error level meanwhile, for `toMatchObject({ status })`:
 * an unexpected answer's failure message then shows its cause.
 */
export const answer = (harness: Harness, res: request.Response) => ({
  status: res.status,
  body: res.body as unknown,
  logged: harness.loggedErrors,
});

const all = async <T extends DocumentData>(harness: Harness, collection: string) =>
  (await harness.store.query<T>(collection)).items.map((item) => item.data);

/** Everything still stored that names `userId` as the applicant. */
export async function leftOf(harness: Harness, userId: string) {
  const mine = <T extends { userId?: string; applicantUserId?: string }>(items: T[]) =>
    items.filter((item) => item.userId === userId || item.applicantUserId === userId);
  return {
    responses: mine(await all<{ userId: string }>(harness, COLLECTIONS.responses)).length,
    index: mine(await all<{ userId: string }>(harness, COLLECTIONS.responseIndex)).length,
    rows: mine(await all<ApplicationRow>(harness, COLLECTIONS.reviewStatuses)).length,
    reviews: mine(await all<Assessment>(harness, COLLECTIONS.reviews)).length,
    outbox: (await all<{ recipientId: string }>(harness, COLLECTIONS.outbox)).filter(
      (message) => message.recipientId === userId,
    ).length,
    bookings: mine(await all<{ userId: string }>(harness, COLLECTIONS.interviewBookings)).length,
    seats: (await all<InterviewSlot>(harness, COLLECTIONS.interviewSlots)).flatMap((slot) =>
      slot.bookings.filter((booking) => booking.userId === userId),
    ).length,
    user: (await harness.store.get(COLLECTIONS.users, userId)) ? 1 : 0,
  };
}
export const NOTHING = { responses: 0, index: 0, rows: 0, reviews: 0, outbox: 0, bookings: 0, seats: 0, user: 0 };

/**
 * How each round of a race ended on one store, printed after the store's rounds
 * (`npx jest <file>` shows it): a round whose checks failed is counted as a loss.
 */
export function raceTally(race: string, store: string, expected = rounds.length) {
  const outcomes: Record<string, number> = {};
  afterAll(() => {
    const settled = Object.values(outcomes).reduce((sum, n) => sum + n, 0);
    console.log(
      `${race} on ${store}: ${JSON.stringify({ rounds: expected, ...outcomes, losses: expected - settled })}`,
    );
  });
  return (outcome: string) => {
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  };
}

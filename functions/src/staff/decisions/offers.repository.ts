import type { ApplicationRow, User } from '@portal/shared/domain';
import { COLLECTIONS } from '../../store/collections';
import type { DocumentStore } from '../../store/document-store';
import { queryAll } from '../../store/query-pages';

/** Offers the scheduler reads per page while looking for deadlines that have passed. */
const OFFERS_PER_PAGE = 100;

/** The store reads of offer deadlines: the pending offers due, and who to tell. */
export interface OffersRepository {
  /**
   * Pending offers whose deadline is at or before `at`, earliest first. One query of the pending
   * offers that have a deadline, in deadline order (index: offerPending, offerDeadline): the read
   * ends at the first offer still open, so a run with nothing due reads at most one row.
   */
  pendingOffersDueBy(at: string): Promise<ApplicationRow[]>;
  /** Every super-reviewer: the directors told of an expired offer. */
  superReviewers(): Promise<User[]>;
}

export function createOffersRepository(store: DocumentStore): OffersRepository {
  return {
    async pendingOffersDueBy(at) {
      const due: ApplicationRow[] = [];
      const limit = Date.parse(at);
      let after: string | undefined;
      do {
        const page = await store.query<ApplicationRow>(COLLECTIONS.reviewStatuses, {
          where: [{ field: 'offerPending', value: true }],
          orderBy: { field: 'offerDeadline', direction: 'asc' },
          limit: OFFERS_PER_PAGE,
          after,
        });
        for (const { data } of page.items) {
          if (Date.parse(data.offerDeadline!) > limit) return due;
          due.push(data);
        }
        after = page.nextCursor ?? undefined;
      } while (after);
      return due;
    },
    superReviewers: () => queryAll<User>(store, COLLECTIONS.users, [{ field: 'role', value: 'super-reviewer' }]),
  };
}

import { DIGEST_HOUR, zonedDayAndHour, type ReviewerDigestSent } from '@portal/shared/domain';
import type { MailSettings } from '../../outbox/outbox';
import { COLLECTIONS } from '../../store/collections';
import type { DocumentStore } from '../../store/document-store';
import { createReviewsRepository } from '../reviews.repository';
import { createReviewerDigestService } from './reviewer-digest.service';

/** The day the scheduler last sent the digests (`COLLECTIONS.schedulerMarks`, one document). */
export const DIGEST_MARK_ID = 'reviewer-digest';
interface DigestMark {
  [field: string]: unknown;
  day: string;
  ranAt: string;
}

/** How often a scheduler looks at the mark while the day's digests are not known to be sent (another instance's). */
const LOOK_AGAIN_MS = 60 * 60 * 1000;

const NOTHING: ReviewerDigestSent = { sent: 0, nothingToSay: 0, optedOut: 0, tooSoon: 0 };

/**
 * The scheduler's step for the reviewers' daily digests (docs/product.md#reviewer-digest): once a day,
 * from DIGEST_HOUR in the chapter's zone. Its minutes read nothing: the day done (or not begun) is
 * known in memory; past the hour, a scheduler that has not sent that day's digests itself reads one
 * mark, at most once an hour, to learn whether another did (a cold start, another instance). The
 * sending is idempotent (the outbox id names the day), so two schedulers at once send each once.
 */
export function createDigestLook(deps: { store: DocumentStore; now: () => Date; mail: MailSettings }) {
  const { store, now, mail } = deps;
  const digests = createReviewerDigestService({ store, reviews: createReviewsRepository(store), now, mail });
  let doneDay: string | null = null;
  let lastLook: number | null = null;
  return {
    async runIfDue(): Promise<ReviewerDigestSent> {
      const at = now();
      const { day, hour } = zonedDayAndHour(at, mail.timeZone ?? 'UTC');
      if (doneDay === day || hour < DIGEST_HOUR) return NOTHING;
      if (lastLook !== null && at.getTime() >= lastLook && at.getTime() - lastLook < LOOK_AGAIN_MS) return NOTHING;
      lastLook = at.getTime();
      const mark = await store.get<DigestMark>(COLLECTIONS.schedulerMarks, DIGEST_MARK_ID);
      if (mark?.day === day) {
        doneDay = day;
        return NOTHING;
      }
      const sent = await digests.sendDaily(day);
      await store.set(COLLECTIONS.schedulerMarks, DIGEST_MARK_ID, { day, ranAt: at.toISOString() });
      doneDay = day;
      return sent;
    },
  };
}

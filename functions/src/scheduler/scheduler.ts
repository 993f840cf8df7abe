import type { ApplicationForm } from '@portal/shared/domain';
import { deleteExpiredRateLimits } from '../http/rate-limit-store';
import { composeStaff } from '../staff/compose-staff';
import type { ReleaseJob } from '../staff/reviews.repository';
import type { MailSettings } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { queryAll } from '../store/query-pages';
import { queueDraftReminders } from './draft-reminders';
import { createReleaseScheduleService } from './release-schedule';

export interface SchedulerRun {
  released: string[];
  releaseFailed: string[];
  /** Release jobs resumed (their messages written) and how many messages they wrote. */
  releaseMessages: number;
  draftReminders: number;
  /** Pending offers whose reply deadline passed, marked expired (the super-reviewers told). */
  expiredOffers: number;
  /** Reminders queued to reviewers with open reviews past a form's review due date. */
  reviewerReminders: number;
  /** Rate-limit counters whose window was over, deleted. */
  expiredRateLimits: number;
}

/**
 * The portal's due work in one place, run by a timer in the local server (`startSchedulerLoop`)
 * and by the scheduled Cloud Function `scheduledWork` in production: releases whose scheduled
 * time has come, release jobs whose messages are not all written (after a crash), the 48 h
 * draft reminders, one reminder to each reviewer with open reviews once the review due date
 * has passed, the expiry of offers not answered by their deadline, and the deletion of rate-limit counters whose window is over. Every step is
 * idempotent: running it twice, or late, does nothing twice.
 */
export function createScheduler(deps: { store: DocumentStore; now: () => Date; mail: MailSettings }) {
  const { store, now, mail } = deps;
  const { reviews, decisions, released: offers, progress } = composeStaff(deps);
  const schedules = createReleaseScheduleService({ store, reviews, now, release: decisions.release });
  return {
    schedules,
    decisions,
    async runOnce(): Promise<SchedulerRun> {
      const { released, failed } = await schedules.runDue();
      const writing = await store.query<ReleaseJob>(COLLECTIONS.releaseJobs, {
        where: [{ field: 'state', value: 'writing' }],
      });
      let releaseMessages = 0;
      for (const { data } of writing.items)
        releaseMessages += (await decisions.writeReleaseMessages(data.formId)).written;
      // Read once, after the releases (a released form is reminded of nothing), for both reminders.
      // Forms not released: a released form has nothing left to remind anyone of, and costs no read.
      // An inactive one still may (its reviews can go on after another form is made active).
      const forms = await queryAll<ApplicationForm>(store, COLLECTIONS.forms, [
        { field: 'decisionsReleased', value: false },
      ]);
      const { queued } = await queueDraftReminders({ store, now, mail, forms });
      let reviewerReminders = 0;
      for (const form of forms) reviewerReminders += (await progress.remindOverdue(form)).queued;
      const { expired: expiredOffers } = await offers.expireOffers();
      const expiredRateLimits = await deleteExpiredRateLimits(store, now());
      return {
        released,
        releaseFailed: failed,
        releaseMessages,
        draftReminders: queued,
        expiredOffers,
        reviewerReminders,
        expiredRateLimits,
      };
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;

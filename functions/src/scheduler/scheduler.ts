import { filesExportJobs } from '../exports/files-export-job';
import type { FileStore } from '../files/file-store';
import { deleteExpiredRateLimits } from '../http/rate-limit-store';
import { createJobRunner } from '../jobs/job-runner';
import { createJobsRepository, type JobKind } from '../jobs/jobs.repository';
import { composeStaff } from '../staff/compose-staff';
import type { MailSettings } from '../outbox/outbox';
import type { DocumentStore } from '../store/document-store';
import { withFormCounters } from '../store/form-counters';
import { queueDraftReminders } from './draft-reminders';
import { deferWork, formsWithWork } from './form-work';
import { createReleaseScheduleService } from './release-schedule';
import { createRetentionLook, type ErasureDeps } from '../retention/retention-look';
import { createDigestLook } from '../staff/digest/digest-look';

/** The share of a run's time (the function's is 300 s) the jobs still going may take; they go on at the next run. */
const SCHEDULER_JOBS_MS = 180_000;

export interface SchedulerRun {
  released: string[];
  releaseFailed: string[];
  /** Release jobs resumed (their messages written) and how many messages they wrote. */
  releaseMessages: number;
  /** What the other jobs resumed did, by kind (jobs/job-runner.ts). */
  jobs: Partial<Record<JobKind, number>>;
  draftReminders: number;
  /** Pending offers whose reply deadline passed, marked expired (the super-reviewers told). */
  expiredOffers: number;
  /** Reminders queued to reviewers with open reviews past a form's review due date. */
  reviewerReminders: number;
  /** Rate-limit counters whose window was over, deleted. */
  expiredRateLimits: number;
  /** Data retention (retention/retention.service.ts): notices queued, applicants erased. */
  retentionNotices: number;
  retentionErased: number;
  /** Reviewers' daily digests queued (once a day: staff/digest/digest-look.ts). */
  reviewerDigests: number;
}

/**
 * The portal's due work in one place, run by a timer in the local server (`startSchedulerLoop`)
 * and by the scheduled Cloud Function `scheduledWork` in production: releases whose scheduled
 * time has come, release jobs whose messages are not all written (after a crash), the 48 h
 * draft reminders, one reminder to each reviewer with open reviews once the review due date
 * has passed, the expiry of offers not answered by their deadline, the deletion of rate-limit counters whose window is over,
 * the data retention of released forms (hourly: retention/retention-look.ts) and the reviewers'
 * daily digests (staff/digest/digest-look.ts). Every step is
 * idempotent: running it twice, or late, does nothing twice.
 */
export function createScheduler(schedulerDeps: {
  store: DocumentStore;
  now: () => Date;
  mail: MailSettings;
  /** What a form's retention erases with (the identity accounts, the files' bytes); absent: it cannot erase. */
  erasure?: ErasureDeps;
  /** Where a ZIP export's archive is written; absent: its jobs are left to a scheduler that has one. */
  files?: FileStore;
}) {
  // Every write of a row or response keeps its form's counters (store/form-counters.ts).
  const deps = { ...schedulerDeps, store: withFormCounters(schedulerDeps.store) };
  const { store, now, mail } = deps;
  const { reviews, decisions, released: offers, progress, jobHandlers } = composeStaff(deps);
  const jobs = createJobRunner({
    jobs: createJobsRepository(store),
    now,
    handlers: { ...jobHandlers, ...(deps.files && filesExportJobs({ store, files: deps.files, now })) },
  });
  const schedules = createReleaseScheduleService({ store, reviews, now, release: decisions.release });
  const retention = createRetentionLook(deps);
  const digests = createDigestLook(deps);
  return {
    schedules,
    retention: retention.service,
    /** The reviewers' daily digests (the step `runOnce` takes; bench:cost measures its day alone). */
    digests,
    decisions,
    async runOnce(): Promise<SchedulerRun> {
      const { released, failed } = await schedules.runDue();
      // Long work still going (a release's emails, auto-assign, the files ZIP), within a share of the run's time.
      const resumed = await jobs.resume({ until: Date.now() + SCHEDULER_JOBS_MS });
      const releaseMessages = resumed.release ?? 0;
      // Read once, after the releases (a released form is reminded of nothing), for both reminders:
      // the forms whose next work has come (form-work.ts). One released, or waiting for a date of its
      // own, costs no read, active or not; each one read says when it next has work.
      const forms = await formsWithWork(store, now());
      const { queued } = await queueDraftReminders({ store, now, mail, forms });
      let reviewerReminders = 0;
      for (const form of forms) {
        const overdue = await progress.remindOverdue(form);
        reviewerReminders += overdue.queued;
        await deferWork(store, form, now(), overdue.nextAt);
      }
      const { expired: expiredOffers } = await offers.expireOffers();
      const expiredRateLimits = await deleteExpiredRateLimits(store, now());
      const { notices: retentionNotices, erased: retentionErased } = await retention.runIfDue();
      const { sent: reviewerDigests } = await digests.runIfDue();
      return {
        released,
        releaseFailed: failed,
        releaseMessages,
        jobs: resumed,
        draftReminders: queued,
        expiredOffers,
        reviewerReminders,
        expiredRateLimits,
        retentionNotices,
        retentionErased,
        reviewerDigests,
      };
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;

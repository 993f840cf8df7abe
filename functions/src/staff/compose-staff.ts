import { cancelInterviewsAtRelease } from '../interviews/interviews.service';
import type { MailSettings } from '../outbox/outbox';
import type { Logger } from 'pino';
import { createJobRunner, type JobHandler } from '../jobs/job-runner';
import { createJobsRepository, type JobKind } from '../jobs/jobs.repository';
import type { DocumentStore } from '../store/document-store';
import { createAssessmentsService } from './assessments/assessments.service';
import { createAssignmentsService } from './assignments/assignments.service';
import { createAutoAssignService } from './assignments/auto-assign.service';
import { autoAssignJobHandler } from './assignments/auto-assign-job';
import { createCalibrationCache } from './calibration-cache';
import { createConflictsService } from './conflicts/conflicts.service';
import { createDashboardService } from './dashboard/dashboard.service';
import { createLetterPreviewService } from './decisions/letter-preview.service';
import { createOffersRepository } from './decisions/offers.repository';
import { createReleasedDecisionsService } from './decisions/released-decisions.service';
import { createReviewerProgressService } from './dashboard/reviewer-progress.service';
import { createReviewsRepository } from './reviews.repository';
import { createRowDecisionsService } from './decisions/row-decisions.service';
import { searchPostingsJobs } from './search-postings-job';

/** What the staff's review workflow is built from. */
export interface StaffDeps {
  store: DocumentStore;
  now: () => Date;
  mail: MailSettings;
  /** How long a request works on its job (a release's emails, auto-assign) before it answers 202 (absent: JOB_INLINE_MS). */
  jobInlineMs?: number;
  /** Where a job that fails after its request answered is reported (the scheduler resumes it). */
  logger?: Pick<Logger, 'error'>;
}

/**
 * The staff's review workflow wired once: its repositories, the calibration cache and every
 * service built on them. The routes (`reviews.routes.ts`, `released-decisions.routes.ts`) and the
 * scheduler (`createScheduler`) take their services from here; each call builds its own set, the
 * services keeping no state (a form's calibration sums are stored: calibration-cache.ts).
 */
export function composeStaff(deps: StaffDeps) {
  const { store, now, mail } = deps;
  const reviews = createReviewsRepository(store);
  const calibration = createCalibrationCache(reviews);
  const released = createReleasedDecisionsService({ reviews, offers: createOffersRepository(store), now, mail });
  const decisions = createRowDecisionsService({
    reviews,
    now,
    mail,
    calibration,
    inlineMs: deps.jobInlineMs,
    onBackgroundError: (error) => deps.logger?.error({ err: error }, 'A release job stopped; the scheduler resumes it'),
    cancelInterviews: (formId, releasedAt) => cancelInterviewsAtRelease({ store, mail }, formId, releasedAt),
    dateOffers: (formId, releasedAt) => released.dateReleaseOffers(formId, releasedAt),
  });
  const assessments = createAssessmentsService({ reviews, now });
  const jobs = createJobsRepository(store);
  /** The staff's long work as jobs: a release's emails (no lease: its batches claim themselves) and auto-assign. */
  const jobHandlers = {
    release: {
      leased: false,
      run: async (job, run) => (await decisions.writeReleaseMessages(job.formId, { until: run.until })).written,
    },
    'auto-assign': autoAssignJobHandler({ reviews, jobs }),
    // A submit's search postings, when its request stopped before writing them.
    ...searchPostingsJobs(store),
  } satisfies Partial<Record<JobKind | 'release', JobHandler>>;
  const runner = createJobRunner({
    jobs,
    now,
    handlers: jobHandlers,
    onBackgroundError: (error) => deps.logger?.error({ err: error }, 'A job stopped; the scheduler resumes it'),
  });
  return {
    reviews,
    calibration,
    dashboard: createDashboardService({ reviews, calibration, now }),
    decisions,
    released,
    assignments: createAssignmentsService({ reviews, now, mail }),
    assessments,
    autoAssign: createAutoAssignService({
      reviews,
      jobs,
      now,
      inlineMs: deps.jobInlineMs,
      runInRequest: (id, until) => runner.inRequest(id, until),
    }),
    jobHandlers,
    letters: createLetterPreviewService({ reviews }),
    conflicts: createConflictsService({ reviews, now, assessments }),
    progress: createReviewerProgressService({ reviews, now, mail }),
  };
}

export type Staff = ReturnType<typeof composeStaff>;

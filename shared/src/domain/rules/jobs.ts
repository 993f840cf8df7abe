/**
 * Long work the API answers before it is done (docs/architecture.md#long-work-as-jobs): a release's
 * decision emails, auto-assign's reviews and the ZIP of a form's uploaded files. A request works for
 * a few seconds; a small job is done by then, a large one answers 202 and goes on as a job the page
 * follows (each second) until it is done.
 */

/** writing: going on; done: finished; failed: stopped on an error (`error`); expired: its file is deleted. */
export const JOB_STATES = ['writing', 'done', 'failed', 'expired'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** How far a job has gone: `processed` of `total` (applications, rows or applicants, by kind). */
export interface JobProgress {
  state: JobState;
  processed: number;
  total: number;
  /** Why a failed job stopped. */
  error?: string;
}

/**
 * POST /admin/forms/{formId}/auto-assign when its plan is not assigned within the request (202), and
 * GET …/auto-assign/progress: rows of the plan assigned (`processed` of `total`) and the reviews made.
 */
export interface AutoAssignJob extends JobProgress {
  kind: 'auto-assign';
  created: number;
}

/** What POST …/auto-assign answers: the reviews made (200), or the job still making them (202). */
export type AutoAssignOutcome = { created: number } | AutoAssignJob;

/**
 * POST /admin/forms/{formId}/export/files and GET …/export/files: the ZIP of the form's uploaded files
 * as it is packed (`processed` of `total` role applications); once done, GET …/export/files.zip
 * downloads it (`fileName`, `size` bytes) until `expiresAt`, when it is deleted.
 */
export interface FilesExportJob extends JobProgress {
  kind: 'files-export';
  fileName: string;
  size?: number;
  expiresAt?: string;
}

/** How long a finished ZIP of uploaded files is kept for its download before it is deleted. */
export const FILES_EXPORT_KEPT_MS = 24 * 60 * 60 * 1000;

/** The messages of long work's routes. */
export const JOB_MESSAGES = {
  autoAssignRunning:
    "Auto-assign is still assigning the last plan's reviews: wait until it is done, then preview again",
  noAutoAssign: 'Auto-assign has not run as a job for this form',
  noFilesExport: 'The uploaded files of this form have not been exported',
  filesExportNotReady: 'The ZIP of the uploaded files is still being packed',
  filesExportExpired: 'The ZIP of the uploaded files was deleted: export them again',
} as const;

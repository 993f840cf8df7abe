/** The store's collections: names the server alone knows (the browser sees only the API). */
export const COLLECTIONS = {
  users: 'users',
  forms: 'application-forms',
  /**
   * Per form (id = the form's): what a start, save or submit checks of it in its transaction (due date,
   * release, active), written with the form by the actions that change those (forms/form-status.ts).
   */
  formStatus: 'form-status',
  responses: 'application-responses',
  /** One document per (user, form): makes "create or reuse the response" race-free. */
  responseIndex: 'application-response-index',
  /** Per response and role applied for: the review decision (docs/product.md#entities-and-their-fields). */
  reviewStatuses: 'review-statuses',
  files: 'uploaded-files',
  /** One per assignment: a reviewer's scores and comments for a response and role. */
  reviews: 'review-data',
  /** The same for interviews. */
  interviews: 'interview-data',
  /** Per form and staff member: assigned and completed reviews and interviews. */
  staffLoads: 'reviewer-loads',
  /** Per form: the sums its calibrated scores are learnt from, kept as reviews are submitted (staff/calibration-cache.ts). */
  calibrationSums: 'calibration-sums',
  /**
   * Per form: its counters (funnel per role, rows per day, the dashboard's totals), in a few shards
   * kept in the transactions that write rows and responses, and a marker of its last recount
   * (store/form-counters.ts).
   */
  formCounters: 'form-counters',
  /**
   * Per form: which calibration the stored keys of its rows' sort by calibrated score were computed
   * with, and who is computing them now (staff/dashboard/calibrated-order.ts).
   */
  calibratedOrders: 'calibrated-orders',
  /** Append-only: who changed what and when (see audit.ts). No route updates or deletes an entry. */
  audit: 'audit-log',
  /** The API's rate-limit counters, shared by every instance (one per limiter, key and window). */
  rateLimits: 'rate-limits',
  /** One marker per deleted user, under a hash of the id: that id never gets a record again (users/deleted-users.ts). */
  deletedUsers: 'deleted-users',
  /**
   * The scheduled account sync's memory: each account's status at the identity provider when last
   * synced, spread over a few documents, and where a pass goes on (identity/account-status-sync.ts).
   */
  accountStatuses: 'account-statuses',
  /** One per question being uploaded to, while the upload runs: a second one at once is refused (files/upload-lease.ts). */
  uploadLeases: 'upload-leases',
  /** One per scheduled job while a run of it is going: runs never overlap (scheduler/run-alone.ts). */
  runLeases: 'run-leases',
  /**
   * One per form and scheduled step that need not look again every minute: when it last looked
   * (the overdue reviewers' reminders: staff/dashboard/reviewer-progress.service.ts).
   */
  schedulerMarks: 'scheduler-marks',
  /** One per data migration applied to this database (`migrations/run-migrations.ts`). */
  migrations: 'migrations',
  /** Published interview slots, each with its bookings (docs/product.md#interview-slots). */
  interviewSlots: 'interview-slots',
  /** Per applicant and form: the slot they booked (one seat per form). */
  interviewBookings: 'interview-bookings',
  /** Per staff member and applicant email: a declared conflict of interest (docs/product.md#conflicts-of-interest). */
  conflicts: 'conflicts-of-interest',
  /**
   * Per application (id = its response's): the staff's notes on it, oldest first, in one document, so
   * that an erasure of the applicant deletes them by id in its transaction (staff/notes/notes.repository.ts).
   */
  notes: 'application-notes',
  /**
   * Per form (id = the form's): its tags, in one document; a row holds the ids of its tags (`tags`).
   * Per form too: the dashboard views its super-reviewers saved (docs/product.md#tags-and-saved-views).
   */
  rowTags: 'row-tags',
  /**
   * Per form, search token and shard: the ids of the form's rows holding the token, the dashboard
   * search's inverted index (staff/search-postings.ts), read by id.
   */
  searchPostings: 'search-postings',
  savedViews: 'saved-views',
  /**
   * Every email the portal sends, queued in the same transaction as its cause; id = event and
   * recipient, so one event never queues a message twice (outbox/outbox.ts).
   */
  outbox: 'outbox',
  /**
   * Production: the "Trigger Email from Firestore" extension's collection (its documents' shape:
   * to, message {subject, html, text}); the outbox sender writes one per message sent.
   */
  mail: 'mail',
  /**
   * The long work the API answers before it is done, one document per job (jobs/job-runner.ts): per
   * form, a release whose messages are still being written after it committed (id = the form's; the
   * first batch commits with the release, the rest follow by idempotent ids), auto-assign's plan being
   * assigned and the ZIP of its uploaded files being packed. Named for its first kind of job: the
   * name stays, so the release jobs stored before are still found (and the scheduler's one query
   * a minute finds every kind).
   */
  jobs: 'release-jobs',
  /** A job's work in parts (an auto-assign plan's rows, a ZIP's applicants), each done once (jobs/job-runner.ts). */
  jobParts: 'job-parts',
  /** Per form: the release the super-reviewer scheduled (scheduler/release-schedule.ts). */
  releaseSchedules: 'release-schedules',
  /**
   * Per released form: where its data retention stands, and when the scheduler next has something
   * to do for it (the notice, the erasure): retention/retention.service.ts.
   */
  retention: 'data-retention',
} as const;

import './zod-config';
import { z } from 'zod/mini';
import type { MessageKind } from '../ids/placeholders';

/**
 * Scheduled release of decisions (docs/product.md#decisions-and-release): the super-reviewer picks
 * a time (entered and shown in the chapter's zone, stored in UTC). At that time the server's
 * scheduler runs the same release as the button; if the guard refuses (rows undecided), the
 * schedule is left failed with the reason, which the page shows and the audit log records.
 */

export const RELEASE_SCHEDULE_STATES = ['scheduled', 'failed', 'released'] as const;
export type ReleaseScheduleState = (typeof RELEASE_SCHEDULE_STATES)[number];

export interface ReleaseSchedule {
  formId: string;
  /** When the release runs (ISO 8601, UTC). */
  at: string;
  state: ReleaseScheduleState;
  /** Why a scheduled release did not happen (state failed). */
  reason: string | null;
  /** Who scheduled it (the release is made in their name). */
  scheduledById: string;
  scheduledByName: string;
  updatedAt: string;
}

/** GET /admin/forms/{formId}/release/schedule. */
export interface ReleaseScheduleAnswer {
  schedule: ReleaseSchedule | null;
}

export const RELEASE_SCHEDULE_MESSAGES = {
  inPast: 'Choose a time in the future',
  notScheduled: 'No release is scheduled for this form',
} as const;

/** PUT /admin/forms/{formId}/release/schedule: the UTC time (the page converts from the chapter's zone). */
export const releaseScheduleBodySchema = z.strictObject({
  at: z.iso.datetime({ offset: true }),
});
export type ReleaseScheduleBody = z.infer<typeof releaseScheduleBodySchema>;

/** GET /admin/forms/{formId}/release/dry-run: what a release now would do, writing nothing. */
export interface ReleaseDryRun {
  /** Whether the guard passes now (every submitted application decided). */
  guardPasses: boolean;
  undecided: UndecidedCounts;
  released: boolean;
  /** Messages the release would queue, per kind. */
  messages: Partial<Record<MessageKind, number>>;
}

/**
 * GET /admin/forms/{formId}/release/progress: how far a release's decision emails are written. A large
 * release answers 202 while its job goes on (`processed` of `total` applicants); `done` once every
 * message is queued and the interviews still to come are cancelled.
 */
export interface ReleaseProgress {
  state: 'writing' | 'done';
  processed: number;
  total: number;
}

/** GET /admin/forms/{formId}/undecided: what holds up the release, and what the bulk denial would deny. */
export interface UndecidedCounts {
  /** Role applications (rows) without a final decision. */
  rows: number;
  /** The applicants (responses) they belong to. */
  applicants: number;
  /** Of those rows, the ones not marked qualified. */
  unqualifiedRows: number;
}

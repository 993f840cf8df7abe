import './zod-config';
import { z } from 'zod/mini';
import { countOf } from '../ids/text';
import { idSchema } from './ids';

/**
 * A reviewer's daily digest (docs/product.md#reviewer-digest): at most one email a day listing the
 * assignments made since their last digest and the reviews and interviews due soon; none when there
 * is nothing to say, none when they turned it off; the director may send it now from the reviewer
 * progress page.
 */

/** "Due soon": a review whose form's review due date, or an interview whose booked slot, is within this. */
export const DIGEST_SOON_MS = 48 * 60 * 60 * 1000;
/** The hour of the day (the chapter's zone) from which the scheduler sends the day's digests. */
export const DIGEST_HOUR = 8;
/** The director's "send now" sends a reviewer at most one digest in this window (a double click sends once). */
export const DIGEST_SEND_NOW_WINDOW_MS = 60 * 60 * 1000;
/** The scheduler's digest skips a reviewer sent one within this (the director's, that morning): one a day. */
export const DIGEST_SCHEDULED_GAP_MS = 12 * 60 * 60 * 1000;
/** Items listed per section of a digest; the rest are counted ("and 3 more"). */
export const DIGEST_MAX_ITEMS = 20;

export const REVIEWER_DIGEST_TEXTS = {
  switchLabel: 'Daily digest email',
  switchHelp:
    'At most one email a day, in the morning: the reviews and interviews assigned to you since the last one, and those due within 48 hours. None when there is nothing new.',
  switchOn: 'The daily digest is on.',
  switchOff: 'The daily digest is off.',
  switchFailed: 'Failed to change the daily digest!',
  sendAll: 'Send digest now',
  confirmAll: 'Send each reviewer of this form their digest now?',
  confirmOne: (name: string) => `Send ${name} their digest now?`,
  confirmHelp:
    'Only reviewers with new or soon-due work who have not turned it off get one, and none who got one in the last hour.',
  sent: (result: ReviewerDigestSent) => {
    const left = [
      result.nothingToSay > 0 ? `${countOf(result.nothingToSay, 'reviewer')} with nothing new` : null,
      result.optedOut > 0 ? `${countOf(result.optedOut, 'reviewer')} who turned it off` : null,
      result.tooSoon > 0 ? `${countOf(result.tooSoon, 'reviewer')} sent one in the last hour` : null,
    ].filter(Boolean);
    return `Digest sent to ${countOf(result.sent, 'reviewer')}.${left.length > 0 ? ` Left out: ${left.join(', ')}.` : ''}`;
  },
  notStaff: 'Only staff get a digest',
  notYours: 'You may change only your own digest',
} as const;

/** PUT /users/{userId}/reviewer-digest: the reviewer turns their digest on or off. */
export const digestPreferenceBodySchema = z.strictObject({ enabled: z.boolean() });

/** POST /admin/forms/{formId}/reviewer-digest: one reviewer of the form, or (no staffId) all of them. */
export const sendDigestBodySchema = z.strictObject({ staffId: z.optional(idSchema) });
export type SendDigestBody = z.input<typeof sendDigestBodySchema>;

/** What "send now" did: digests queued, and the reviewers left out and why. */
export interface ReviewerDigestSent {
  sent: number;
  nothingToSay: number;
  optedOut: number;
  tooSoon: number;
}

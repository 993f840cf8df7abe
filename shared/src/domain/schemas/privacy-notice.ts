import './zod-config';
import { z } from 'zod/mini';
import { PRIVACY_NOTICE_MESSAGES, PRIVACY_NOTICE_VERSION_PATTERN } from '../ids/privacy-notice';

/**
 * The chapter's privacy notice in the API's payloads (docs/product.md#privacy-notice): its text,
 * link and version are the server's settings (docs/decisions/privacy-notice-config.md); a person
 * accepts a version at sign-up, and again whenever the version changes.
 */

export const privacyNoticeVersionSchema = z
  .string({ error: PRIVACY_NOTICE_MESSAGES.required })
  .check(z.regex(PRIVACY_NOTICE_VERSION_PATTERN, PRIVACY_NOTICE_MESSAGES.version));

/** POST /auth/privacy-notice: the version the signed-in person has read and accepts. */
export const privacyNoticeAcceptanceSchema = z.strictObject({ version: privacyNoticeVersionSchema });
export type PrivacyNoticeAcceptanceBody = z.infer<typeof privacyNoticeAcceptanceSchema>;

/** What a user record keeps of the notice (`PrivacyNoticeAccepted`): the version they accepted last, and when. */
export const privacyNoticeAcceptedSchema = z.object({
  version: z.string(),
  acceptedAt: z.iso.datetime({ offset: true }),
});

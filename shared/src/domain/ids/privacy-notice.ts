/**
 * The chapter's privacy notice (docs/product.md#privacy-notice), without zod: the signed-in pages'
 * guard and the notice's box read these, and an applicant's visit downloads no zod. The schemas of
 * the API's payloads are in `schemas/privacy-notice.ts`.
 */

/** The version of the portal's default wording: a chapter that words its own notice gives it a version of its own. */
export const DEFAULT_PRIVACY_NOTICE_VERSION = '1';

/** A version names one wording of the notice: `1`, `2026-09`, `v2.1`. */
export const PRIVACY_NOTICE_VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const PRIVACY_NOTICE_MESSAGES = {
  /** A sign-up or profile completion that names no accepted version. */
  required: 'Accept the privacy notice to continue',
  version: 'A privacy notice version is 1 to 64 letters, digits, dots, dashes or underscores',
  /** The version accepted is not the one in force (it changed while the page was open). */
  changed: 'The privacy notice has changed since this page was opened: read it again and accept it',
  noUser: 'No user record for this account',
} as const;

/** What a user record keeps of the notice: the version they accepted last, and when. */
export interface PrivacyNoticeAccepted {
  version: string;
  acceptedAt: string;
}

/** GET /privacy-notice: the notice in force, its markdown text with the server's HTML of it. */
export interface PrivacyNotice {
  version: string;
  /** Markdown, as the chapter wrote it (or the portal's default). */
  text: string;
  /** The chapter's full notice, when it has one. */
  url: string | null;
  /** The sanitized HTML of `text` (`@portal/shared/markdown`), so the page downloads no renderer. */
  renderedMarkdown?: Record<string, string>;
}

/**
 * Whether the signed-in person must accept the notice before going on: they have a record and
 * accepted another version, or none. Without a version in force (an older API) nobody is asked.
 */
export function privacyNoticeDue(
  accepted: PrivacyNoticeAccepted | undefined,
  versionInForce: string | undefined,
): boolean {
  return versionInForce !== undefined && accepted?.version !== versionInForce;
}

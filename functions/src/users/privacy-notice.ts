import { renderMarkdownTexts } from '@portal/shared/markdown';
import {
  DEFAULT_PRIVACY_NOTICE_VERSION,
  PRIVACY_NOTICE_MESSAGES,
  type PrivacyNotice,
  type PrivacyNoticeAccepted,
} from '@portal/shared/domain';
import { ApiError } from '../http/api-error';
import { cachedMarkdownToHtml } from '../markdown/rendered-markdown';

/**
 * The chapter's privacy notice as the server is configured with it (the PORTAL_PRIVACY_NOTICE_*
 * settings: docs/decisions/privacy-notice-config.md). The server alone knows the version in force,
 * so it alone decides whether an acceptance is current.
 */
export interface PrivacyNoticeSettings {
  version: string;
  /** Markdown; absent: the portal's default text (`defaultPrivacyNoticeText`). */
  text?: string;
  /** The chapter's full notice; absent: none. */
  url?: string;
}

export { DEFAULT_PRIVACY_NOTICE_VERSION };

export const DEFAULT_PRIVACY_NOTICE: PrivacyNoticeSettings = { version: DEFAULT_PRIVACY_NOTICE_VERSION };

/**
 * What the portal really keeps, who reads it and for how long, in the chapter's name
 * (docs/product.md#privacy-notice). The retention period is the club's setting; its default is
 * described here.
 */
export function defaultPrivacyNoticeText(chapterName: string): string {
  return [
    `**What ${chapterName} keeps.** Your account (your name and email address), every application you start and its answers, the files you upload, your interview bookings, the decisions and letters sent to you, and a copy of every email the portal sends you. Reviewers' scores and comments about your application are kept with it.`,
    '',
    "**Who sees it.** The club's reviewers read the applications assigned to them; its director of recruitment reads every application, its files and its reviews, to decide who joins. No other applicant sees them. The portal stores it all with its hosting provider (Google Firebase).",
    '',
    "**How long.** Until the club's retention period ends: by default, the applications, files and emails of applicants who are not accepted are deleted 180 days after decisions are released. Your account stays until it is deleted.",
    '',
    'Your profile page downloads everything the portal holds about you, at any time.',
  ].join('\n');
}

/** The notice in force, as GET /privacy-notice answers it. */
export function privacyNoticeOf(settings: PrivacyNoticeSettings, chapterName: string): PrivacyNotice {
  const text = settings.text ?? defaultPrivacyNoticeText(chapterName);
  const renderedMarkdown = renderMarkdownTexts([text], cachedMarkdownToHtml);
  return {
    version: settings.version,
    text,
    url: settings.url ?? null,
    ...(renderedMarkdown && { renderedMarkdown }),
  };
}

/**
 * What a user record keeps of an acceptance of `version` at `at`; a 400 (`privacy-notice-changed`,
 * naming `field`) when it is not the version in force.
 */
export function acceptance(
  settings: PrivacyNoticeSettings,
  version: string,
  at: Date,
  field = 'privacyNoticeVersion',
): PrivacyNoticeAccepted {
  if (version !== settings.version) {
    throw ApiError.because('privacy-notice-changed', PRIVACY_NOTICE_MESSAGES.changed, [
      { path: field, message: PRIVACY_NOTICE_MESSAGES.changed },
    ]);
  }
  return { version, acceptedAt: at.toISOString() };
}

import type { Logger } from 'pino';
import type { FileStore } from './files/file-store';
import type { AppCheckVerifier } from './http/app-check';
import type { RateLimits } from './http/rate-limit';
import type { IdentityAdmin } from './identity/identity-admin';
import type { IdentityVerifier } from './identity/identity-verifier';
import type { MailSettings } from './outbox/outbox';
import type { DocumentStore } from './store/document-store';
import type { PrivacyNoticeSettings } from './users/privacy-notice';

/** What `createApp` is built from; each route module takes the part it needs. */
export interface AppDeps {
  store: DocumentStore;
  files: FileStore;
  identity: IdentityVerifier;
  accounts: IdentityAdmin;
  logger: Logger;
  /** Names the running storage adapter in the health answer. */
  storeName: string;
  version: string;
  /** Verifies the App Check token of every request but GET /health; absent (local mode, tests) = off. */
  appCheck?: AppCheckVerifier;
  /** The chapter's name, the portal's address and time zone, for the emails; absent = DEFAULT_MAIL_SETTINGS. */
  mail?: MailSettings;
  /** The chapter's privacy notice (PORTAL_PRIVACY_NOTICE_*); absent = DEFAULT_PRIVACY_NOTICE. */
  privacyNotice?: PrivacyNoticeSettings;
  /** The server clock (save and submit times, deadlines); tests inject their own. */
  now?: () => Date;
  /**
   * Limits on POST /auth/register (per client IP), /auth/update, /auth/complete and
   * /auth/privacy-notice (per account)
   * and file uploads (per user, else IP), counted in `store`; absent = GENEROUS_RATE_LIMITS, which
   * no test or local run reaches.
   */
  rateLimits?: RateLimits;
  /** Origins allowed to call the API across origins (CORS); absent or empty = same-origin only. */
  allowedOrigins?: readonly string[];
  /**
   * How many proxies in front of the API append to X-Forwarded-For (Express's `trust proxy` hop
   * count); the client's address is the entry that many hops back. Absent = 0: the socket's peer
   * is the client (the local runtime), and a client's X-Forwarded-For is ignored.
   */
  trustedProxyHops?: number;
  /**
   * How long a request works on its long work (a release's emails, auto-assign, the ZIP of the files)
   * before it answers 202 and leaves the rest to its job (absent: JOB_INLINE_MS); tests make it 0.
   */
  jobInlineMs?: number;
}

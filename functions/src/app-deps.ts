import type { Logger } from 'pino';
import type { FileStore } from './files/file-store';
import type { AppCheckVerifier } from './http/app-check';
import type { RateLimits } from './http/rate-limit';
import type { IdentityAdmin } from './identity/identity-admin';
import type { IdentityVerifier } from './identity/identity-verifier';
import type { DocumentStore } from './store/document-store';

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
  /** The server clock (save and submit times, deadlines); tests inject their own. */
  now?: () => Date;
  /**
   * Limits on POST /auth/register, POST /auth/update (per client IP) and file uploads (per user,
   * else IP); absent = GENEROUS_RATE_LIMITS, which no test or local run reaches.
   */
  rateLimits?: RateLimits;
  /** Origins allowed to call the API across origins (CORS); absent or empty = same-origin only. */
  allowedOrigins?: readonly string[];
}

import type { Express } from 'express';
import pino, { type Logger } from 'pino';
import { createApp } from '../app';
import { loadPrivacyNoticeSettings, loadProductionConfig, type ProductionConfig } from '../config';
import type { MailSettings } from '../outbox/outbox';
import type { FileStore } from '../files/file-store';
import type { AppCheckVerifier } from '../http/app-check';
import { createFirebaseAppCheckVerifier } from '../http/firebase-app-check';
import { PRODUCTION_RATE_LIMITS, type RateLimits } from '../http/rate-limit';
import {
  createFirebaseIdentityAdmin,
  createFirebaseIdentityVerifier,
  getFirebaseAdminApp,
} from '../identity/firebase-identity';
import type { IdentityAdmin } from '../identity/identity-admin';
import type { IdentityVerifier } from '../identity/identity-verifier';
import type { DocumentStore } from '../store/document-store';
import type { PrivacyNoticeSettings } from '../users/privacy-notice';

export interface ProductionAdapters {
  store: DocumentStore;
  files: FileStore;
}

export interface ProductionOptions {
  identity?: IdentityVerifier;
  accounts?: IdentityAdmin;
  logger?: Logger;
  /** Firebase App Check unless given; null switches the check off (the APP_CHECK_ENFORCED param). */
  appCheck?: AppCheckVerifier | null;
  /**
   * Origins allowed to call the API across origins (CORS); the ALLOWED_ORIGINS param unless
   * given. Empty (its default) = same-origin only, which is all the Hosting rewrite needs.
   */
  allowedOrigins?: readonly string[];
  /** PRODUCTION_RATE_LIMITS unless given. */
  rateLimits?: RateLimits;
  /** The TRUSTED_PROXY_HOPS param unless given (2: Hosting, then the Cloud Functions front end). */
  trustedProxyHops?: number;
  /** From the PORTAL_CHAPTER_NAME, PORTAL_URL and PORTAL_CHAPTER_TIME_ZONE params unless given. */
  mail?: MailSettings;
  /** From the PORTAL_PRIVACY_NOTICE_* params unless given. */
  privacyNotice?: PrivacyNoticeSettings;
}

/** The emails' settings from the params: the portal's address defaults to the project's Hosting site. */
export function productionMailSettings(
  config: Pick<ProductionConfig, 'PORTAL_CHAPTER_NAME' | 'PORTAL_URL' | 'PORTAL_CHAPTER_TIME_ZONE'>,
  project = process.env.GCLOUD_PROJECT,
): MailSettings {
  return {
    chapterName: config.PORTAL_CHAPTER_NAME,
    portalUrl: config.PORTAL_URL ?? `https://${project}.web.app`,
    ...(config.PORTAL_CHAPTER_TIME_ZONE && { timeZone: config.PORTAL_CHAPTER_TIME_ZONE }),
  };
}

/** Variables that point a Firebase SDK (or the functions runtime) at an emulator instead of the real service. */
const EMULATOR_VARIABLES = ['FIREBASE_EMULATOR_HUB', 'FUNCTIONS_EMULATOR'];
const isEmulatorVariable = (name: string) => name.endsWith('_EMULATOR_HOST') || EMULATOR_VARIABLES.includes(name);

/**
 * Production never talks to an emulator: with FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin
 * accepts id tokens without checking their signature, so anyone could sign in as anyone.
 */
export function assertNoEmulatorHosts(env: NodeJS.ProcessEnv = process.env): void {
  const set = Object.keys(env)
    .filter((name) => isEmulatorVariable(name) && env[name])
    .sort();
  if (set.length > 0) {
    throw new Error(
      `Refusing to start in production with ${set.join(', ')} set: an emulator's tokens carry no signature. Unset ${set.length === 1 ? 'it' : 'them'} in the function's environment.`,
    );
  }
}

/** The API as Cloud Functions runs it: Firebase Auth and App Check with the runtime's default credentials. */
export function createProductionApp(adapters: ProductionAdapters, options: ProductionOptions = {}): Express {
  return createApp({
    store: adapters.store,
    files: adapters.files,
    identity: options.identity ?? createFirebaseIdentityVerifier(getFirebaseAdminApp()),
    accounts: options.accounts ?? createFirebaseIdentityAdmin(getFirebaseAdminApp()),
    logger: options.logger ?? pino({ level: 'info' }),
    appCheck:
      options.appCheck === null
        ? undefined
        : (options.appCheck ?? createFirebaseAppCheckVerifier(getFirebaseAdminApp())),
    rateLimits: options.rateLimits ?? PRODUCTION_RATE_LIMITS,
    allowedOrigins: options.allowedOrigins ?? loadProductionConfig().ALLOWED_ORIGINS,
    trustedProxyHops: options.trustedProxyHops ?? loadProductionConfig().TRUSTED_PROXY_HOPS,
    mail: options.mail ?? productionMailSettings(loadProductionConfig()),
    privacyNotice: options.privacyNotice ?? loadPrivacyNoticeSettings(),
    storeName: 'firestore',
    // Set at bundle time by tools/build-functions.ts.
    version: process.env.PORTAL_VERSION ?? 'development',
  });
}

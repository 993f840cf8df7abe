import { z } from 'zod/mini';
import { DEFAULT_PRIVACY_NOTICE_VERSION, PRIVACY_NOTICE_VERSION_PATTERN, timeZoneSchema } from '@portal/shared/domain';
import type { PrivacyNoticeSettings } from './users/privacy-notice';

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const WINDOW_UNITS_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;
const FIFTEEN_MINUTES_MS = 15 * 60_000;

/**
 * A rate limit as `<requests>/<window>`, e.g. `1000/15m`, `5/30s`, `100/1h`; a bare number means
 * per 15 minutes (production's window).
 */
const rateLimitSetting = z
  .pipe(
    z.string().check(z.regex(/^\d+(\/\d+[smh])?$/, 'A limit as <requests>/<window>, e.g. 1000/15m, 5/30s or 100/1h')),
    z.transform((value: string) => {
      const [count, window] = value.split('/');
      const windowMs = window
        ? Number(window.slice(0, -1)) * WINDOW_UNITS_MS[window.slice(-1) as keyof typeof WINDOW_UNITS_MS]
        : FIFTEEN_MINUTES_MS;
      return { limit: Number(count), windowMs };
    }),
  )
  .check(z.refine((rate) => rate.limit >= 1 && rate.windowMs >= 1000, 'At least 1 request in a window of at least 1s'));

/** Maps the raw value before the schema reads it (zod's classic `z.preprocess`). */
const preprocess = <S extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: S) =>
  z.pipe(z.transform(fn), schema);

const port = (fallback: number) => z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535)), fallback);

/**
 * Local defaults: generous, so the browser tests and benches (~60 registrations and their uploads
 * from 127.0.0.1 in a few minutes) never trip them; set lower to watch the 429 answers.
 */
export const LOCAL_RATE_LIMIT_DEFAULTS = { RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_UPLOADS: '3000/15m' } as const;

/** The stores `npm start` can run on. */
export const LOCAL_STORES = ['sqlite', 'firestore-emulator'] as const;
/** The Firestore emulator's JVM settings (tools/firestore-emulator.ts, FIRESTORE_EMULATOR_JVMS). */
export const FIRESTORE_EMULATOR_JVM_NAMES = ['as-shipped', 'short-runs'] as const;
export type LocalStoreName = (typeof LOCAL_STORES)[number];

const localConfigSchema = z.object({
  PORT: port(8080),
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), '.data'),
  AUTH_EMULATOR_PORT: port(9099),
  PORTAL_PROJECT_ID: z._default(
    z
      .string()
      .check(z.regex(/^demo-[a-z0-9-]+$/, 'Local mode needs a demo- project id so nothing reaches a real project')),
    'demo-portal',
  ),
  LOG_LEVEL: z._default(logLevel, 'info'),
  /**
   * sqlite (a file under DATA_DIR) or firestore-emulator: the production adapter on Google's Cloud
   * Firestore emulator, which the launcher starts on FIRESTORE_EMULATOR_PORT (data kept under DATA_DIR).
   */
  PORTAL_STORE: z._default(z.enum(LOCAL_STORES, `One of ${LOCAL_STORES.join(', ')}`), 'sqlite'),
  FIRESTORE_EMULATOR_PORT: port(8085),
  /**
   * How the Firestore emulator's JVM runs: as-shipped (the JVM's defaults, as gcloud starts it) or
   * short-runs (the JIT's first tier only: less CPU for a run of minutes, slower queries), which the
   * browser tests set (docs/decisions/firestore-emulator-jvm.md).
   */
  FIRESTORE_EMULATOR_JVM: z._default(
    z.enum(FIRESTORE_EMULATOR_JVM_NAMES, `One of ${FIRESTORE_EMULATOR_JVM_NAMES.join(', ')}`),
    'as-shipped',
  ),
  /**
   * on: a fresh data directory also gets sample applications with reviews (calibrated scores and
   * one flagged disagreement on the dashboard); off: the demo form and accounts only (browser tests).
   */
  DEMO_REVIEWS: z._default(z.enum(['on', 'off'], 'on or off'), 'on'),
  /**
   * How long a request works on long work (a release's emails, auto-assign, the files ZIP) before it
   * answers 202 and leaves the rest to its job, in ms (empty: JOB_INLINE_MS, production's); 0 makes
   * every such action a job the page follows (a browser test of the progress).
   */
  PORTAL_JOB_INLINE_MS: z.optional(
    preprocess(
      (value) => (value === '' ? undefined : value),
      z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(60_000))),
    ),
  ),
  RATE_LIMIT_AUTH: preprocess(
    (value) => (value === '' || value === undefined ? LOCAL_RATE_LIMIT_DEFAULTS.RATE_LIMIT_AUTH : value),
    rateLimitSetting,
  ),
  RATE_LIMIT_UPLOADS: preprocess(
    (value) => (value === '' || value === undefined ? LOCAL_RATE_LIMIT_DEFAULTS.RATE_LIMIT_UPLOADS : value),
    rateLimitSetting,
  ),
});
export type LocalConfig = z.infer<typeof localConfigSchema>;

/** Reads the local runtime's settings from the environment; a bad value stops the start with a clear message. */
export function loadLocalConfig(env: NodeJS.ProcessEnv = process.env): LocalConfig {
  const result = localConfigSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return result.data;
}

/** The API's rate limits (AppDeps.rateLimits) from the local settings: RATE_LIMIT_AUTH is both the sign-up and the profile limit. */
export function localRateLimits(config: Pick<LocalConfig, 'RATE_LIMIT_AUTH' | 'RATE_LIMIT_UPLOADS'>) {
  return { signUp: config.RATE_LIMIT_AUTH, profile: config.RATE_LIMIT_AUTH, uploads: config.RATE_LIMIT_UPLOADS };
}

/** The defaults of the production params (functions/src/compose/params.ts declares them with these). */
export const PRODUCTION_DEFAULTS = {
  PORTAL_REGION: 'us-central1',
  API_MEMORY_MB: 512,
  API_MAX_INSTANCES: 10,
  /** Warm instances kept: 0 outside an application window; 1 while applications are open (docs/deploy.md). */
  API_MIN_INSTANCES: 0,
  /** Requests one instance serves at once: 20 uploads of 10 MB fit in 512 MB beside the app. */
  API_CONCURRENCY: 20,
  APP_CHECK_ENFORCED: true,
  STORAGE_BUCKET: '',
  ALLOWED_ORIGINS: '',
  /** Firebase Hosting's CDN, then the Cloud Functions front end: each appends to X-Forwarded-For. */
  TRUSTED_PROXY_HOPS: 2,
  /** The chapter's name in every email (as the build's PORTAL_CHAPTER_NAME). */
  PORTAL_CHAPTER_NAME: 'Example Chapter',
  /** The portal's address for links in emails; empty: the project's default Hosting site. */
  PORTAL_URL: '',
  /** The zone of dates in emails when a form names none; empty: UTC. */
  PORTAL_CHAPTER_TIME_ZONE: '',
} as const;

/** Cloud Functions memory sizes (MB) a gen-2 function accepts. */
const MEMORY_SIZES = [128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768] as const;
/** An unset or empty value means the param's default (the CLI writes declared defaults at deploy). */
const unsetAsUndefined = (value: unknown) => (value === '' || value === undefined ? undefined : value);
// zod 4 answers a default as is (unparsed), so it is given in the output type.
const withDefault = <T extends z.ZodMiniType>(schema: T, fallback: z.output<T>) =>
  preprocess(unsetAsUndefined, z._default(schema, fallback as never));

const origin = z.string().check(
  z.refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
    } catch {
      return false;
    }
  }, 'Each allowed origin is scheme://host[:port] with no path or trailing slash, e.g. https://portal.example.org'),
);

const productionConfigSchema = z.object({
  PORTAL_REGION: withDefault(
    z.string().check(z.regex(/^[a-z]+-[a-z]+[0-9]+$/, 'A Cloud Functions region, e.g. us-central1')),
    PRODUCTION_DEFAULTS.PORTAL_REGION,
  ),
  API_MEMORY_MB: withDefault(
    z.coerce
      .number()
      .check(z.refine((mb) => (MEMORY_SIZES as readonly number[]).includes(mb), `One of ${MEMORY_SIZES.join(', ')}`)),
    PRODUCTION_DEFAULTS.API_MEMORY_MB,
  ),
  API_MAX_INSTANCES: withDefault(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)),
    PRODUCTION_DEFAULTS.API_MAX_INSTANCES,
  ),
  API_MIN_INSTANCES: withDefault(
    z.coerce.number().check(z.int(), z.gte(0), z.lte(100)),
    PRODUCTION_DEFAULTS.API_MIN_INSTANCES,
  ),
  API_CONCURRENCY: withDefault(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(1000)),
    PRODUCTION_DEFAULTS.API_CONCURRENCY,
  ),
  // Unset means enforced: App Check can only be switched off explicitly.
  APP_CHECK_ENFORCED: z.pipe(
    withDefault(z.enum(['true', 'false'], 'true or false'), 'true'),
    z.transform((value: 'true' | 'false') => value === 'true'),
  ),
  STORAGE_BUCKET: preprocess(
    unsetAsUndefined,
    z.optional(
      z
        .string()
        .check(
          z.regex(
            /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/,
            'A Cloud Storage bucket name, or empty for the default bucket',
          ),
        ),
    ),
  ),
  ALLOWED_ORIGINS: preprocess(
    (value) =>
      (typeof value === 'string' ? value : '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    z.array(origin),
  ),
  TRUSTED_PROXY_HOPS: withDefault(
    z.coerce.number('A whole number of proxy hops, 0 to 10').check(z.int(), z.gte(0), z.lte(10)),
    PRODUCTION_DEFAULTS.TRUSTED_PROXY_HOPS,
  ),
  PORTAL_CHAPTER_NAME: withDefault(
    z.string().check(z.minLength(1), z.maxLength(200)),
    PRODUCTION_DEFAULTS.PORTAL_CHAPTER_NAME,
  ),
  PORTAL_URL: preprocess(unsetAsUndefined, z.optional(origin)),
  PORTAL_CHAPTER_TIME_ZONE: preprocess(unsetAsUndefined, z.optional(timeZoneSchema)),
});
export type ProductionConfig = z.infer<typeof productionConfigSchema>;

/**
 * Reads the API function's params (Firebase sets them as environment variables at deploy). The
 * params' own `.value()` turns garbage into 0 or false, so the raw strings are validated here.
 */
export function loadProductionConfig(env: NodeJS.ProcessEnv = process.env): ProductionConfig {
  const result = productionConfigSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return result.data;
}

/** The chapter's privacy notice settings, the same locally and in production (docs/decisions/privacy-notice-config.md). */
const privacyNoticeSchema = z
  .object({
    PORTAL_PRIVACY_NOTICE_VERSION: preprocess(
      unsetAsUndefined,
      z.optional(
        z
          .string()
          .check(
            z.regex(
              PRIVACY_NOTICE_VERSION_PATTERN,
              '1 to 64 letters, digits, dots, dashes or underscores, e.g. 2026-09',
            ),
          ),
      ),
    ),
    PORTAL_PRIVACY_NOTICE_TEXT: preprocess(
      unsetAsUndefined,
      z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(20_000, 'At most 20,000 characters'))),
    ),
    PORTAL_PRIVACY_NOTICE_URL: preprocess(
      unsetAsUndefined,
      z.optional(
        z.string().check(
          z.refine((value) => {
            try {
              return ['https:', 'http:'].includes(new URL(value).protocol);
            } catch {
              return false;
            }
          }, 'The http(s) address of the full notice, e.g. https://chapter.example.org/privacy'),
        ),
      ),
    ),
  })
  .check(
    z.refine((env) => env.PORTAL_PRIVACY_NOTICE_VERSION !== undefined || !env.PORTAL_PRIVACY_NOTICE_TEXT, {
      path: ['PORTAL_PRIVACY_NOTICE_VERSION'],
      message: 'A notice of its own (PORTAL_PRIVACY_NOTICE_TEXT) needs a version of its own',
    }),
    z.refine((env) => env.PORTAL_PRIVACY_NOTICE_VERSION !== undefined || !env.PORTAL_PRIVACY_NOTICE_URL, {
      path: ['PORTAL_PRIVACY_NOTICE_VERSION'],
      message: 'A notice of its own (PORTAL_PRIVACY_NOTICE_URL) needs a version of its own',
    }),
  );

/**
 * The privacy notice in force, from PORTAL_PRIVACY_NOTICE_VERSION, _TEXT (markdown) and _URL;
 * unset, the portal's default text at version 1. A bad value stops the start, naming the setting.
 */
export function loadPrivacyNoticeSettings(env: NodeJS.ProcessEnv = process.env): PrivacyNoticeSettings {
  const result = privacyNoticeSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const {
    PORTAL_PRIVACY_NOTICE_VERSION: version,
    PORTAL_PRIVACY_NOTICE_TEXT: text,
    PORTAL_PRIVACY_NOTICE_URL: url,
  } = result.data;
  return { version: version ?? DEFAULT_PRIVACY_NOTICE_VERSION, ...(text && { text }), ...(url && { url }) };
}

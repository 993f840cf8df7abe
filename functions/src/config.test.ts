import { DEFAULT_PRIVACY_NOTICE_VERSION } from '@portal/shared/domain';
import { loadLocalConfig, loadPrivacyNoticeSettings, loadProductionConfig, localRateLimits } from './config';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

describe('loadLocalConfig', () => {
  it('has defaults for a plain local start', () => {
    expect(loadLocalConfig({})).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: '.data',
      AUTH_EMULATOR_PORT: 9099,
      PORTAL_PROJECT_ID: 'demo-portal',
      LOG_LEVEL: 'info',
      PORTAL_STORE: 'sqlite',
      FIRESTORE_EMULATOR_PORT: 8085,
      FIRESTORE_EMULATOR_JVM: 'as-shipped',
      DEMO_REVIEWS: 'on',
      RATE_LIMIT_AUTH: { limit: 1000, windowMs: FIFTEEN_MINUTES },
      RATE_LIMIT_UPLOADS: { limit: 3000, windowMs: FIFTEEN_MINUTES },
    });
  });

  it('takes every setting from the environment', () => {
    const config = loadLocalConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/portal-data',
      AUTH_EMULATOR_PORT: '9199',
      PORTAL_PROJECT_ID: 'demo-club-portal',
      LOG_LEVEL: 'debug',
      PORTAL_STORE: 'firestore-emulator',
      FIRESTORE_EMULATOR_PORT: '8185',
      FIRESTORE_EMULATOR_JVM: 'short-runs',
      DEMO_REVIEWS: 'off',
      RATE_LIMIT_AUTH: '5/30s',
      RATE_LIMIT_UPLOADS: '100/1h',
    });
    expect(config).toEqual({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/portal-data',
      AUTH_EMULATOR_PORT: 9199,
      PORTAL_PROJECT_ID: 'demo-club-portal',
      LOG_LEVEL: 'debug',
      PORTAL_STORE: 'firestore-emulator',
      FIRESTORE_EMULATOR_PORT: 8185,
      FIRESTORE_EMULATOR_JVM: 'short-runs',
      DEMO_REVIEWS: 'off',
      RATE_LIMIT_AUTH: { limit: 5, windowMs: 30_000 },
      RATE_LIMIT_UPLOADS: { limit: 100, windowMs: 3_600_000 },
    });
  });

  it('reads a bare rate limit as per 15 minutes, an empty one as the generous default', () => {
    const config = loadLocalConfig({ RATE_LIMIT_AUTH: '20', RATE_LIMIT_UPLOADS: '' });
    expect(localRateLimits(config)).toEqual({
      signUp: { limit: 20, windowMs: FIFTEEN_MINUTES },
      profile: { limit: 20, windowMs: FIFTEEN_MINUTES },
      uploads: { limit: 3000, windowMs: FIFTEEN_MINUTES },
    });
  });

  it.each(['0', 'ten', '10/15', '10/0m', '10 per minute', '-1/1m'])('refuses the rate limit %j', (value) => {
    expect(() => loadLocalConfig({ RATE_LIMIT_AUTH: value })).toThrow(/^Invalid configuration:\n\s+RATE_LIMIT_AUTH: /);
    expect(() => loadLocalConfig({ RATE_LIMIT_UPLOADS: value })).toThrow(/RATE_LIMIT_UPLOADS: /);
  });

  it('refuses a Firestore emulator JVM it does not know, naming the choices', () => {
    expect(() => loadLocalConfig({ FIRESTORE_EMULATOR_JVM: 'fast' })).toThrow(
      /FIRESTORE_EMULATOR_JVM: One of as-shipped, short-runs/,
    );
  });

  it.each(['0', '70000', 'eighty', '80.5'])('refuses the port %j, naming the setting', (port) => {
    expect(() => loadLocalConfig({ PORT: port })).toThrow(/^Invalid configuration:\n\s+PORT: /);
  });

  it('refuses a bad Auth emulator port, naming the setting', () => {
    expect(() => loadLocalConfig({ AUTH_EMULATOR_PORT: '-1' })).toThrow(/AUTH_EMULATOR_PORT: /);
  });

  it.each(['my-real-project', 'demo-', 'Demo-portal'])(
    'refuses the project id %j, which could reach a real project',
    (projectId) => {
      expect(() => loadLocalConfig({ PORTAL_PROJECT_ID: projectId })).toThrow(
        'PORTAL_PROJECT_ID: Local mode needs a demo- project id so nothing reaches a real project',
      );
    },
  );

  it('refuses a store it cannot run on, naming the setting and the choices', () => {
    expect(() => loadLocalConfig({ PORTAL_STORE: 'postgres' })).toThrow(
      /PORTAL_STORE: One of sqlite, firestore-emulator/,
    );
    expect(() => loadLocalConfig({ FIRESTORE_EMULATOR_PORT: 'x' })).toThrow(/FIRESTORE_EMULATOR_PORT: /);
  });

  it('lists every bad setting at once', () => {
    expect(() => loadLocalConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT: [\s\S]*LOG_LEVEL: /);
  });
});

describe('loadProductionConfig', () => {
  it("has the params' defaults when nothing is set, App Check on", () => {
    expect(loadProductionConfig({})).toEqual({
      PORTAL_REGION: 'us-central1',
      API_MEMORY_MB: 512,
      API_MAX_INSTANCES: 10,
      API_MIN_INSTANCES: 0,
      API_CONCURRENCY: 20,
      APP_CHECK_ENFORCED: true,
      STORAGE_BUCKET: undefined,
      ALLOWED_ORIGINS: [],
      TRUSTED_PROXY_HOPS: 2,
      PORTAL_CHAPTER_NAME: 'Example Chapter',
      PORTAL_URL: undefined,
      PORTAL_CHAPTER_TIME_ZONE: undefined,
    });
  });

  it('takes every param as the CLI sets it', () => {
    expect(
      loadProductionConfig({
        PORTAL_REGION: 'europe-west1',
        API_MEMORY_MB: '1024',
        API_MAX_INSTANCES: '3',
        API_MIN_INSTANCES: '1',
        API_CONCURRENCY: '40',
        APP_CHECK_ENFORCED: 'false',
        STORAGE_BUCKET: 'club-portal.firebasestorage.app',
        ALLOWED_ORIGINS: 'https://portal.example.org, https://admin.example.org',
        TRUSTED_PROXY_HOPS: '1',
        PORTAL_CHAPTER_NAME: 'Rho Chapter',
        PORTAL_URL: 'https://apply.rho.example.org',
        PORTAL_CHAPTER_TIME_ZONE: 'Europe/Berlin',
      }),
    ).toEqual({
      PORTAL_REGION: 'europe-west1',
      API_MEMORY_MB: 1024,
      API_MAX_INSTANCES: 3,
      API_MIN_INSTANCES: 1,
      API_CONCURRENCY: 40,
      APP_CHECK_ENFORCED: false,
      STORAGE_BUCKET: 'club-portal.firebasestorage.app',
      ALLOWED_ORIGINS: ['https://portal.example.org', 'https://admin.example.org'],
      TRUSTED_PROXY_HOPS: 1,
      PORTAL_CHAPTER_NAME: 'Rho Chapter',
      PORTAL_URL: 'https://apply.rho.example.org',
      PORTAL_CHAPTER_TIME_ZONE: 'Europe/Berlin',
    });
  });

  it('refuses a portal address with a path and a time zone that is not one, naming each', () => {
    expect(() =>
      loadProductionConfig({ PORTAL_URL: 'https://apply.example.org/x', PORTAL_CHAPTER_TIME_ZONE: 'Mars/Base' }),
    ).toThrow(/PORTAL_URL[\s\S]*PORTAL_CHAPTER_TIME_ZONE/);
  });

  it('reads empty values (the CLI writes empty defaults) as unset', () => {
    expect(loadProductionConfig({ STORAGE_BUCKET: '', ALLOWED_ORIGINS: '', APP_CHECK_ENFORCED: '' })).toMatchObject({
      STORAGE_BUCKET: undefined,
      ALLOWED_ORIGINS: [],
      APP_CHECK_ENFORCED: true,
    });
  });

  it.each([
    ['APP_CHECK_ENFORCED', 'yes'],
    ['APP_CHECK_ENFORCED', 'TRUE'],
    ['PORTAL_REGION', 'Mars'],
    ['API_MEMORY_MB', '500'],
    ['API_MAX_INSTANCES', '0'],
    ['API_MAX_INSTANCES', 'many'],
    ['API_MIN_INSTANCES', '-1'],
    ['API_CONCURRENCY', '0'],
    ['STORAGE_BUCKET', 'gs://bucket'],
    ['ALLOWED_ORIGINS', 'https://portal.example.org/'],
    ['ALLOWED_ORIGINS', 'portal.example.org'],
    ['TRUSTED_PROXY_HOPS', 'true'],
    ['TRUSTED_PROXY_HOPS', '-1'],
    ['TRUSTED_PROXY_HOPS', '11'],
  ])('refuses %s=%j, naming the setting', (name, value) => {
    expect(() => loadProductionConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n\\s+${name}`));
  });
});

describe('loadPrivacyNoticeSettings', () => {
  it("is the portal's default notice, at its version, when nothing is set (or set empty)", () => {
    expect(loadPrivacyNoticeSettings({})).toEqual({ version: DEFAULT_PRIVACY_NOTICE_VERSION });
    expect(
      loadPrivacyNoticeSettings({
        PORTAL_PRIVACY_NOTICE_VERSION: '',
        PORTAL_PRIVACY_NOTICE_TEXT: '',
        PORTAL_PRIVACY_NOTICE_URL: '',
      }),
    ).toEqual({ version: DEFAULT_PRIVACY_NOTICE_VERSION });
  });

  it("takes the chapter's own version, text and link", () => {
    expect(
      loadPrivacyNoticeSettings({
        PORTAL_PRIVACY_NOTICE_VERSION: '2026-09',
        PORTAL_PRIVACY_NOTICE_TEXT: 'We keep **your application**.',
        PORTAL_PRIVACY_NOTICE_URL: 'https://chapter.example.org/privacy',
      }),
    ).toEqual({
      version: '2026-09',
      text: 'We keep **your application**.',
      url: 'https://chapter.example.org/privacy',
    });
    // A new version of the default text: everyone is asked again.
    expect(loadPrivacyNoticeSettings({ PORTAL_PRIVACY_NOTICE_VERSION: '2' })).toEqual({ version: '2' });
  });

  it('refuses a text or link of its own without a version of its own, which would ask nobody again', () => {
    expect(() => loadPrivacyNoticeSettings({ PORTAL_PRIVACY_NOTICE_TEXT: 'Our notice.' })).toThrow(
      /PORTAL_PRIVACY_NOTICE_VERSION: A notice of its own \(PORTAL_PRIVACY_NOTICE_TEXT\) needs a version of its own/,
    );
    expect(() => loadPrivacyNoticeSettings({ PORTAL_PRIVACY_NOTICE_URL: 'https://chapter.example.org/p' })).toThrow(
      /PORTAL_PRIVACY_NOTICE_VERSION: /,
    );
  });

  it('refuses a bad version and a link that is no http(s) address, naming each', () => {
    expect(() =>
      loadPrivacyNoticeSettings({
        PORTAL_PRIVACY_NOTICE_VERSION: 'version 2',
        PORTAL_PRIVACY_NOTICE_URL: 'javascript:alert(1)',
      }),
    ).toThrow(/PORTAL_PRIVACY_NOTICE_VERSION: [\s\S]*PORTAL_PRIVACY_NOTICE_URL: /);
  });
});

import { clientConfigSchema } from './client-config';

const CHAPTER = {
  name: 'Example Chapter',
  website: 'https://example.org/',
  photoSharing: 'https://photos.example.org/chapter',
  professionalNetwork: 'https://network.example.org/chapter',
  codeHosting: 'https://code.example.org/chapter',
};

/** Obviously fake values: no real key is ever committed. */
const production = {
  mode: 'production',
  remotesManifestUrl: '/remotes.json',
  firebase: {
    apiKey: 'test-key',
    authDomain: 'test-project.firebaseapp.com',
    projectId: 'test-project',
    appId: '1:000000000000:web:test',
  },
  appCheck: { siteKey: 'test-site-key' },
  chapter: CHAPTER,
};

const local = {
  mode: 'local',
  apiBaseUrl: '/api',
  remotesManifestUrl: '/remotes.json',
  firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-portal' },
  authEmulator: true,
  chapter: CHAPTER,
};

function problems(candidate: unknown): Record<string, string> {
  const result = clientConfigSchema.safeParse(candidate);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

test('a complete production config is accepted, with the API under /api by default', () => {
  const config = clientConfigSchema.parse(production);
  expect(config.apiBaseUrl).toBe('/api');
  expect(config.appCheck).toEqual({ siteKey: 'test-site-key' });
  expect(config.authEmulator).toBeUndefined();
});

test('a production config without the App Check site key or the web app id is refused', () => {
  const { appCheck: _appCheck, ...withoutAppCheck } = production;
  const withoutAppId = { ...production, firebase: { ...production.firebase, appId: undefined } };

  expect(problems(withoutAppCheck)).toEqual({
    'appCheck.siteKey': expect.stringContaining('FIREBASE_APP_CHECK_SITE_KEY'),
  });
  expect(problems(withoutAppId)).toEqual({ 'firebase.appId': expect.stringContaining('FIREBASE_APP_ID') });
  expect(problems({ ...withoutAppCheck, firebase: withoutAppId.firebase })).toEqual({
    'appCheck.siteKey': expect.any(String),
    'firebase.appId': expect.any(String),
  });
  expect(problems({ ...production, appCheck: { siteKey: '' } })).toHaveProperty(['appCheck.siteKey']);
});

test('a production config never talks to the Auth emulator or an offline demo project', () => {
  expect(problems({ ...production, authEmulator: true })).toEqual({
    authEmulator: 'a production build must not connect to the Auth emulator',
  });
  expect(problems({ ...production, authEmulator: false })).toEqual({});
  expect(problems({ ...production, firebase: { ...production.firebase, projectId: 'demo-portal' } })).toEqual({
    'firebase.projectId': expect.stringContaining('demo project'),
  });
});

test('a local config needs neither App Check nor a web app id', () => {
  expect(problems(local)).toEqual({});
  expect(clientConfigSchema.parse(local).appCheck).toBeUndefined();
});

test("the chapter's time zone is optional, and must be a real IANA zone when given", () => {
  expect(clientConfigSchema.safeParse({ ...local, chapter: { ...CHAPTER, timeZone: 'Europe/Berlin' } }).success).toBe(
    true,
  );
  const wrong = clientConfigSchema.safeParse({ ...local, chapter: { ...CHAPTER, timeZone: 'Mars/Olympus_Mons' } });
  expect(wrong.success).toBe(false);
  expect(wrong.error?.issues[0]?.path).toEqual(['chapter', 'timeZone']);
});

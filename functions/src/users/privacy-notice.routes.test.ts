import request from 'supertest';
import { PRIVACY_NOTICE_MESSAGES, type PrivacyNotice, type User } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { createHarness, START, type Harness } from '../testing/api-harness';
import { DEFAULT_PRIVACY_NOTICE_VERSION, defaultPrivacyNoticeText } from './privacy-notice';
import { testSqliteStore } from '../testing/test-store';

/**
 * The privacy notice (docs/product.md#privacy-notice): anyone reads the one in force; sign-up and
 * profile completion record the version accepted and refuse without it (400, never 500); the
 * session names the version in force, and a signed-in user accepts a new one.
 */

let harness: Harness;
afterEach(() => harness.close());

const REGISTRATION = { email: 'nova@example.com', password: 'hunter22x', firstName: 'Nova', lastName: 'Newcomer' };
const CHANGED = {
  error: {
    code: 'invalid-request',
    reason: 'privacy-notice-changed',
    message: PRIVACY_NOTICE_MESSAGES.changed,
    details: [{ path: 'privacyNoticeVersion', message: PRIVACY_NOTICE_MESSAGES.changed }],
  },
};

const register = (body: object) => request(harness.server).post('/api/auth/register').send(body);
const users = async () => (await harness.store.query<User>(COLLECTIONS.users)).items.map((item) => item.data);

describe('GET /api/privacy-notice', () => {
  beforeEach(async () => {
    harness = await createHarness();
  });

  it('answers anyone, signed in or not, with the default notice in force and its HTML', async () => {
    const res = await request(harness.server).get('/api/privacy-notice');
    expect(res.status).toBe(200);
    const notice = res.body as PrivacyNotice;
    expect(notice).toMatchObject({
      version: DEFAULT_PRIVACY_NOTICE_VERSION,
      text: defaultPrivacyNoticeText('Example Chapter'),
      url: null,
    });
    expect(notice.renderedMarkdown?.[notice.text]).toContain('<strong>Who sees it.</strong>');
    expect((await harness.as('ada').get('/privacy-notice')).body).toEqual(notice);
  });

  it('says honestly what is kept, who sees it and for how long', () => {
    const text = defaultPrivacyNoticeText('Example Chapter');
    for (const kept of ['account', 'application', 'answers', 'files', 'interview', 'decisions', 'email']) {
      expect(text).toContain(kept);
    }
    expect(text).toContain("Reviewers' scores and comments");
    expect(text).toMatch(/reviewers read the applications assigned to them/);
    expect(text).toMatch(/director of recruitment reads every application/);
    expect(text).toMatch(/180 days after decisions are released/);
  });
});

describe('POST /api/auth/register and the privacy notice', () => {
  beforeEach(async () => {
    harness = await createHarness();
  });

  it('records the version accepted and when, on the new user record', async () => {
    const res = await register({ ...REGISTRATION, privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION });
    expect(res.status).toBe(201);
    const accepted = { version: DEFAULT_PRIVACY_NOTICE_VERSION, acceptedAt: START.toISOString() };
    expect(res.body).toMatchObject({ email: REGISTRATION.email, privacyNotice: accepted });
    expect(await harness.store.get(COLLECTIONS.users, res.body.id)).toMatchObject({ privacyNotice: accepted });
  });

  it('refuses a sign-up without the notice accepted with 400 naming the field, and creates nothing', async () => {
    const before = await users();
    const res = await register(REGISTRATION);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        code: 'invalid-request',
        message: 'Invalid registration',
        details: [{ path: 'privacyNoticeVersion', message: PRIVACY_NOTICE_MESSAGES.required }],
      },
    });
    expect(await users()).toEqual(before);
    expect([...harness.accounts.accounts.values()].map((account) => account.email)).not.toContain(REGISTRATION.email);
  });

  it('refuses a version that is not the one in force (the notice changed meanwhile), and creates nothing', async () => {
    const before = await users();
    const res = await register({ ...REGISTRATION, privacyNoticeVersion: '0' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(CHANGED);
    expect(await users()).toEqual(before);
    expect([...harness.accounts.accounts.values()].map((account) => account.email)).not.toContain(REGISTRATION.email);
  });
});

describe('POST /api/auth/complete and the privacy notice', () => {
  beforeEach(async () => {
    harness = await createHarness();
    // eve signed up outside the API: an identity without a user record.
    await harness.store.delete(COLLECTIONS.users, 'eve');
  });

  it('refuses a completion without the notice accepted, or of another version, with 400, creating nothing', async () => {
    const names = { firstName: 'Eve', lastName: 'Example' };
    const missing = await harness.as('eve').post('/auth/complete', names);
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([
      { path: 'privacyNoticeVersion', message: PRIVACY_NOTICE_MESSAGES.required },
    ]);
    const stale = await harness.as('eve').post('/auth/complete', { ...names, privacyNoticeVersion: '0' });
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual(CHANGED);
    expect(await harness.store.get(COLLECTIONS.users, 'eve')).toBeNull();
  });

  it('records the version accepted with the new record', async () => {
    const res = await harness
      .as('eve')
      .post('/auth/complete', { firstName: 'Eve', lastName: 'Example', privacyNoticeVersion: '1' });
    expect(res.status).toBe(201);
    expect(await harness.store.get(COLLECTIONS.users, 'eve')).toMatchObject({
      privacyNotice: { version: '1', acceptedAt: START.toISOString() },
    });
  });
});

describe('a new version of the notice', () => {
  const NEW = { version: '2026-09', text: 'We keep **less** now.', url: 'https://chapter.example.org/privacy' };

  beforeEach(async () => {
    harness = await createHarness({ store: testSqliteStore(), privacyNotice: NEW });
    await harness.store.update(COLLECTIONS.users, 'ada', {
      privacyNotice: { version: DEFAULT_PRIVACY_NOTICE_VERSION, acceptedAt: START.toISOString() },
    });
  });

  it('is what the notice and every session name, whatever the user accepted before', async () => {
    expect((await harness.as('ada').get('/privacy-notice')).body).toMatchObject({
      version: NEW.version,
      text: NEW.text,
      url: NEW.url,
      renderedMarkdown: { [NEW.text]: '<p>We keep <strong>less</strong> now.</p>' },
    });
    const session = await harness.as('ada').get('/session');
    expect(session.body).toMatchObject({
      privacyNoticeVersion: NEW.version,
      user: { id: 'ada', privacyNotice: { version: DEFAULT_PRIVACY_NOTICE_VERSION } },
    });
  });

  it('is accepted by a signed-in user of any role: their record names it, and the time', async () => {
    harness.clock.now = new Date('2026-09-01T08:00:00.000Z');
    for (const caller of ['ada', 'rita', 'dora'] as const) {
      const res = await harness.as(caller).post('/auth/privacy-notice', { version: NEW.version });
      expect(res.status).toBe(200);
      const accepted = { version: NEW.version, acceptedAt: '2026-09-01T08:00:00.000Z' };
      expect(res.body).toMatchObject({ id: caller, privacyNotice: accepted });
      expect((await harness.as(caller).get('/session')).body.user.privacyNotice).toEqual(accepted);
    }
  });

  it('refuses the old version with 400 (the notice changed), changing nothing', async () => {
    const before = await harness.store.get(COLLECTIONS.users, 'ada');
    const res = await harness.as('ada').post('/auth/privacy-notice', { version: DEFAULT_PRIVACY_NOTICE_VERSION });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { ...CHANGED.error, details: [{ path: 'version', message: CHANGED.error.message }] },
    });
    expect(await harness.store.get(COLLECTIONS.users, 'ada')).toEqual(before);
  });

  it('is refused without a record (404), without a version (400), unverified (403) and anonymous (401)', async () => {
    await harness.store.delete(COLLECTIONS.users, 'eve');
    expect((await harness.as('eve').post('/auth/privacy-notice', { version: NEW.version })).status).toBe(404);
    expect(await harness.store.get(COLLECTIONS.users, 'eve')).toBeNull();
    const missing = await harness.as('ada').post('/auth/privacy-notice', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.details).toEqual([{ path: 'version', message: PRIVACY_NOTICE_MESSAGES.required }]);
    expect((await harness.as('unverified').post('/auth/privacy-notice', { version: NEW.version })).status).toBe(403);
    expect((await request(harness.server).post('/api/auth/privacy-notice').send({ version: NEW.version })).status).toBe(
      401,
    );
  });
});

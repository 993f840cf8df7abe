import request from 'supertest';
import type { IdentityVerifier } from '../identity/identity-verifier';
import { appOnSqlite } from '../testing/app-on-sqlite';
import { DEFAULT_PRIVACY_NOTICE_VERSION } from '../users/privacy-notice';
import { GENEROUS_RATE_LIMITS, PRODUCTION_RATE_LIMITS, rateLimitedMessage, type RateLimits } from './rate-limit';

const verifier: IdentityVerifier = {
  async verifyIdToken(token) {
    if (!token.startsWith('token-')) throw new Error('unknown token');
    const uid = token.slice('token-'.length);
    return { uid, email: `${uid}@example.com`, emailVerified: true };
  },
};

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
const SMALL: RateLimits = {
  signUp: { limit: 2, windowMs: ONE_HOUR },
  profile: { limit: 2, windowMs: FIFTEEN_MINUTES },
  uploads: { limit: 2, windowMs: FIFTEEN_MINUTES },
};
const rateLimited = (minutes: number) => ({
  error: { code: 'rate-limited', message: `Too many attempts; try again in ${minutes} minutes` },
});
const RATE_LIMITED = rateLimited(15);

const buildApp = appOnSqlite({ identity: verifier }).build;

let counter = 0;
const registration = () => {
  counter += 1;
  return {
    email: `person${counter}@example.com`,
    password: 'password-123',
    firstName: 'Ada',
    lastName: 'Lovelace',
    privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION,
  };
};

describe('the sign-up limit (per client address)', () => {
  it('answers 429 rate-limited with the wait and RateLimit/Retry-After headers once the limit is spent', async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 2; i += 1) {
      const ok = await signUp(app);
      expect(ok.status).toBe(201);
      expect(ok.headers['ratelimit']).toMatch(new RegExp(`^"sign-up"; r=${1 - i}; t=\\d+$`));
      expect(ok.headers['ratelimit-policy']).toMatch(/^"sign-up"; q=2; w=3600\b/);
    }
    const refused = await signUp(app);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(rateLimited(60));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(refused.headers['ratelimit']).toMatch(/^"sign-up"; r=0; t=\d+$/);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('counts only sign-ups that could create an account: a flood of junk leaves a real one through', async () => {
    const app = buildApp({ rateLimits: SMALL });
    const junk = [{}, { email: 'not-an-email' }, registration(), registration()].map((body, index) =>
      index < 2 ? body : { ...body, unexpected: true },
    );
    for (let i = 0; i < 5; i += 1) {
      for (const body of junk) expect((await signUp(app, body)).status).toBe(400);
      expect((await request(app).post('/api/auth/register').set('Content-Type', 'text/plain').send('x')).status).toBe(
        415,
      );
    }
    const taken = registration();
    expect((await signUp(app, taken)).status).toBe(201);
    // An address already taken is an answer about an account: it counts (no free probing of addresses).
    expect((await signUp(app, taken)).status).toBe(409);
    expect((await signUp(app)).status).toBe(429);
  });

  it('leaves other routes alone', async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 2; i += 1) await signUp(app);
    expect((await signUp(app)).status).toBe(429);

    const health = await request(app).get('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers['ratelimit']).toBeUndefined();
    const session = await request(app).get('/api/session').set('Authorization', 'Bearer token-ada');
    expect(session.status).toBe(200);
  });

  it('trusts no X-Forwarded-For by default (locally the browser is the peer): a forged one does not reset the limit', async () => {
    const app = buildApp({ rateLimits: SMALL });
    const from = (ip: string) =>
      request(app).post('/api/auth/register').set('X-Forwarded-For', ip).send(registration());
    for (let i = 0; i < 2; i += 1) expect((await from(`203.0.113.${i}`)).status).toBe(201);
    expect((await from('198.51.100.20')).status).toBe(429);
    expect((await signUp(app)).status).toBe(429);
  });

  it('behind one trusted proxy counts the address it appended, whatever the client put before it', async () => {
    const app = buildApp({ rateLimits: SMALL, trustedProxyHops: 1 });
    // What the API receives once the proxy has appended the real client's address.
    const via = (forwarded: string) =>
      request(app).post('/api/auth/register').set('X-Forwarded-For', forwarded).send(registration());
    for (let i = 0; i < 2; i += 1) expect((await via(`10.0.0.${i}, 203.0.113.7`)).status).toBe(201);
    expect((await via('198.51.100.99, 203.0.113.7')).status).toBe(429);
    expect((await via('203.0.113.7')).status).toBe(429);
    expect((await via('203.0.113.7, 198.51.100.20')).status).toBe(201);
  });

  it('behind two trusted proxies (Hosting, then the functions front end) counts the client before both', async () => {
    const app = buildApp({ rateLimits: SMALL, trustedProxyHops: 2 });
    const via = (forwarded: string) =>
      request(app).post('/api/auth/register').set('X-Forwarded-For', forwarded).send(registration());
    for (let i = 0; i < 2; i += 1) expect((await via(`forged-${i}, 203.0.113.7, 192.0.2.${i}`)).status).toBe(201);
    expect((await via('198.51.100.1, 203.0.113.7, 192.0.2.9')).status).toBe(429);
    expect((await via('203.0.113.7, 198.51.100.20, 192.0.2.9')).status).toBe(201);
  });

  it('shares the counts between instances over one store, as Cloud Functions instances share Firestore', async () => {
    const first = buildApp({ rateLimits: SMALL });
    const second = buildApp({ rateLimits: SMALL });
    expect((await signUp(first)).status).toBe(201);
    expect((await signUp(second)).status).toBe(201);
    expect((await signUp(first)).status).toBe(429);
    expect((await signUp(second)).status).toBe(429);
  });

  it('without configured limits uses generous ones that ordinary use never reaches', async () => {
    const app = buildApp();
    for (let i = 0; i < 30; i += 1) expect((await signUp(app)).status).toBe(201);
    const last = await signUp(app);
    expect(last.headers['ratelimit-policy']).toMatch(
      new RegExp(`^"sign-up"; q=${GENEROUS_RATE_LIMITS.signUp.limit}; w=900\\b`),
    );
  });
});

describe('the profile limit (per signed-in account)', () => {
  const update = (app: ReturnType<typeof buildApp>, uid: string, body: object = {}) =>
    request(app).post('/api/auth/update').set('Authorization', `Bearer token-${uid}`).send(body);

  it('counts POST /auth/update and /auth/complete together per account, junk too, and refuses past it', async () => {
    const app = buildApp({ rateLimits: SMALL });
    expect((await update(app, 'ada')).status).toBe(400);
    expect(
      (await request(app).post('/api/auth/complete').set('Authorization', 'Bearer token-ada').send({})).status,
    ).toBe(400);
    const refused = await update(app, 'ada', { email: 'ada@example.com', firstName: 'Ada', lastName: 'L' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_LIMITED);
    expect(refused.headers['ratelimit-policy']).toMatch(/^"profile"; q=2; w=900\b/);
  });

  it('counts accepting the privacy notice again (POST /auth/privacy-notice) as a profile change', async () => {
    const app = buildApp({ rateLimits: SMALL });
    const accept = () => request(app).post('/api/auth/privacy-notice').set('Authorization', 'Bearer token-ada');
    expect((await accept().send({})).status).toBe(400);
    expect((await update(app, 'ada')).status).toBe(400);
    const refused = await accept().send({ version: DEFAULT_PRIVACY_NOTICE_VERSION });
    expect(refused.status).toBe(429);
    expect(refused.headers['ratelimit-policy']).toMatch(/^"profile"; q=2; w=900\b/);
  });

  it("one account's flood, from the same address, refuses neither another account's update nor a sign-up", async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 20; i += 1) await update(app, 'mallory');
    expect((await update(app, 'mallory')).status).toBe(429);

    expect((await update(app, 'bob')).status).toBe(400);
    expect((await signUp(app)).status).toBe(201);
  });

  it('counts no call without a valid identity, so anonymous floods lock nobody out', async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 10; i += 1) {
      expect((await request(app).post('/api/auth/update').send({})).status).toBe(401);
      expect(
        (await request(app).post('/api/auth/complete').set('Authorization', 'Bearer forged').send({})).status,
      ).toBe(401);
    }
    expect((await update(app, 'ada')).status).toBe(400);
    expect((await signUp(app)).status).toBe(201);
  });

  it('a flood of sign-ups from an address leaves the signed-in people behind it alone', async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 3; i += 1) await signUp(app);
    expect((await signUp(app)).status).toBe(429);
    expect((await update(app, 'ada')).status).toBe(400);
  });
});

function signUp(app: ReturnType<typeof buildApp>, body: object = registration()) {
  return request(app).post('/api/auth/register').send(body);
}

describe('rate limits on file uploads (per user, else per IP)', () => {
  const upload = (app: ReturnType<typeof buildApp>, token?: string) => {
    const req = request(app)
      .post('/api/files/response-1/resume')
      .set('Content-Type', 'application/pdf')
      .set('X-File-Name', 'cv.pdf');
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.send(Buffer.from('%PDF-1.4\n'));
  };

  it('answers 429 once a signed-in user has spent the limit, while another user on the same IP may go on', async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 2; i += 1) expect((await upload(app, 'token-ada')).status).not.toBe(429);
    const refused = await upload(app, 'token-ada');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(RATE_LIMITED);
    expect(refused.headers['retry-after']).toBeDefined();

    expect((await upload(app, 'token-bob')).status).not.toBe(429);
  });

  it('counts callers without a valid token by IP', async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 2; i += 1) expect((await upload(app)).status).toBe(401);
    expect((await upload(app)).status).toBe(429);
    // The signed-in user is counted apart from the anonymous attempts from the same address.
    expect((await upload(app, 'token-ada')).status).not.toBe(429);
  });

  it('does not count reading files or the auth routes', async () => {
    const app = buildApp({ rateLimits: SMALL });
    for (let i = 0; i < 3; i += 1) await upload(app, 'token-ada');
    const read = await request(app).get('/api/files/some-file/meta').set('Authorization', 'Bearer token-ada');
    expect(read.status).not.toBe(429);
    expect((await request(app).post('/api/auth/register').send(registration())).status).toBe(201);
  });
});

describe('the limits and the message', () => {
  it('production allows 100 sign-ups an hour per address, 10 profile changes and 30 uploads per account in 15 minutes', () => {
    expect(PRODUCTION_RATE_LIMITS).toEqual({
      signUp: { limit: 100, windowMs: ONE_HOUR },
      profile: { limit: 10, windowMs: FIFTEEN_MINUTES },
      uploads: { limit: 30, windowMs: FIFTEEN_MINUTES },
    });
  });

  it.each([
    [FIFTEEN_MINUTES, 'Too many attempts; try again in 15 minutes'],
    [14 * 60 * 1000 + 1, 'Too many attempts; try again in 15 minutes'],
    [60 * 1000, 'Too many attempts; try again in 1 minute'],
    [5_000, 'Too many attempts; try again in 1 minute'],
    [0, 'Too many attempts; try again in 1 minute'],
  ])('after %i ms says %j', (ms, message) => {
    expect(rateLimitedMessage(ms)).toBe(message);
  });
});

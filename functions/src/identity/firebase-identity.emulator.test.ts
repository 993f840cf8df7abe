import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import pino from 'pino';
import request from 'supertest';
import { DEFAULT_PRIVACY_NOTICE_VERSION } from '@portal/shared/domain';
import { createApp } from '../app';
import { createLocalFileStore } from '../files/local-file-store';
import { IdentityConflictError, type AccountSpec } from './identity-admin';
import { createFirebaseIdentityAdmin, createFirebaseIdentityVerifier, getFirebaseAdminApp } from './firebase-identity';
import { signInWithEmulator } from '../testing/emulator-sign-in';
import jwt from 'jsonwebtoken';
import { setTimeout as delay } from 'node:timers/promises';
import type { Express } from 'express';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { testUser } from '../testing/api-harness';
import { userRecord } from '../users/users.repository';
import { syncAccountStatuses } from './account-status-sync';
import type { ListedAccount } from './identity-admin';
import { testSqliteStore } from '../testing/test-store';

let app: App;

beforeAll(() => {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) throw new Error('The jest globalSetup must start the Auth emulator');
  app = getFirebaseAdminApp(process.env.TEST_AUTH_PROJECT_ID!);
});

function accountSpec(overrides: Partial<AccountSpec> = {}): AccountSpec {
  const uid = `user-${randomUUID()}`;
  return {
    uid,
    email: `${uid}@example.com`,
    password: 'correct-horse-1',
    displayName: 'Test User',
    emailVerified: true,
    ...overrides,
  };
}

describe('the Firebase identity admin', () => {
  it('creates an account once and leaves it as it is afterwards', async () => {
    const admin = createFirebaseIdentityAdmin(app);
    const spec = accountSpec();
    expect(await admin.ensureAccount(spec)).toBe('created');
    expect(await admin.ensureAccount({ ...spec, password: 'another-password-2', displayName: 'Changed' })).toBe(
      'existed',
    );

    const user = await getAuth(app).getUser(spec.uid);
    expect(user).toMatchObject({ email: spec.email, displayName: 'Test User', emailVerified: true });
    await expect(signInWithEmulator(spec.email, spec.password)).resolves.toEqual(expect.any(String));
  });
});

describe('the Firebase identity admin for sign-up and profile changes', () => {
  const newAccount = () => ({
    email: `new-${randomUUID()}@example.com`,
    password: 'correct-horse-1',
    displayName: 'New User',
  });

  it('creates an unverified account that can sign in and reads it back', async () => {
    const admin = createFirebaseIdentityAdmin(app);
    const account = newAccount();
    const { uid } = await admin.createAccount(account);
    expect(await admin.getAccount(uid)).toEqual({
      uid,
      email: account.email,
      emailVerified: false,
      disabled: false,
      sessionsValidAfter: null,
    });
    expect((await getAuth(app).getUser(uid)).displayName).toBe('New User');
    await expect(signInWithEmulator(account.email, account.password)).resolves.toEqual(expect.any(String));
  });

  it('refuses a second account with the same email with an IdentityConflictError', async () => {
    const admin = createFirebaseIdentityAdmin(app);
    const account = newAccount();
    await admin.createAccount(account);
    await expect(admin.createAccount(account)).rejects.toBeInstanceOf(IdentityConflictError);
  });

  it('updates only the given fields and refuses an email another account has', async () => {
    const admin = createFirebaseIdentityAdmin(app);
    const { uid } = await admin.createAccount(newAccount());
    const other = newAccount();
    await admin.createAccount(other);

    await admin.updateAccount(uid, { emailVerified: true });
    expect(await getAuth(app).getUser(uid)).toMatchObject({ emailVerified: true, displayName: 'New User' });
    await expect(admin.updateAccount(uid, { email: other.email })).rejects.toBeInstanceOf(IdentityConflictError);

    const changed = `changed-${randomUUID()}@example.com`;
    await admin.updateAccount(uid, { email: changed, emailVerified: false, displayName: 'Changed' });
    expect(await getAuth(app).getUser(uid)).toMatchObject({
      email: changed,
      emailVerified: false,
      displayName: 'Changed',
    });
  });

  it('deletes an account, treats a missing one as deleted, and reads it as null', async () => {
    const admin = createFirebaseIdentityAdmin(app);
    const { uid } = await admin.createAccount(newAccount());
    await admin.deleteAccount(uid);
    await admin.deleteAccount(uid);
    expect(await admin.getAccount(uid)).toBeNull();
  });

  it('deletes many accounts at once, counting a missing one as deleted', async () => {
    const admin = createFirebaseIdentityAdmin(app);
    const first = await admin.createAccount(newAccount());
    const second = await admin.createAccount(newAccount());
    const kept = await admin.createAccount(newAccount());
    expect(await admin.deleteAccounts([first.uid, second.uid, `missing-${randomUUID()}`])).toEqual({ failed: [] });
    expect(await admin.getAccount(first.uid)).toBeNull();
    expect(await admin.getAccount(second.uid)).toBeNull();
    expect(await admin.getAccount(kept.uid)).not.toBeNull();
  });
});

describe('the Firebase identity verifier', () => {
  it('turns a real id token into the caller identity', async () => {
    const spec = accountSpec();
    await createFirebaseIdentityAdmin(app).ensureAccount(spec);
    const identity = await createFirebaseIdentityVerifier(app).verifyIdToken(
      await signInWithEmulator(spec.email, spec.password),
    );
    expect(identity).toEqual({ uid: spec.uid, email: spec.email, emailVerified: true, authTime: expect.any(Number) });
  });

  it('reports an unverified email as unverified', async () => {
    const spec = accountSpec({ emailVerified: false });
    await createFirebaseIdentityAdmin(app).ensureAccount(spec);
    const identity = await createFirebaseIdentityVerifier(app).verifyIdToken(
      await signInWithEmulator(spec.email, spec.password),
    );
    expect(identity).toEqual({ uid: spec.uid, email: spec.email, emailVerified: false, authTime: expect.any(Number) });
  });

  it('rejects a garbage token', async () => {
    await expect(createFirebaseIdentityVerifier(app).verifyIdToken('not.a.token')).rejects.toThrow();
  });

  it("accepts the token of an account deleted since: revocation is the user record's to say", async () => {
    const spec = accountSpec();
    await createFirebaseIdentityAdmin(app).ensureAccount(spec);
    const token = await signInWithEmulator(spec.email, spec.password);
    await getAuth(app).deleteUser(spec.uid);
    await expect(createFirebaseIdentityVerifier(app).verifyIdToken(token)).resolves.toMatchObject({ uid: spec.uid });
  });
});

describe('GET /api/session with Firebase identity', () => {
  it('accepts a bearer id token from the Auth emulator', async () => {
    const spec = accountSpec();
    await createFirebaseIdentityAdmin(app).ensureAccount(spec);
    const token = await signInWithEmulator(spec.email, spec.password);
    const filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-identity-test-'));
    const store = testSqliteStore();
    try {
      const api = createApp({
        store,
        files: createLocalFileStore({ root: filesDir }),
        identity: createFirebaseIdentityVerifier(app),
        accounts: createFirebaseIdentityAdmin(app),
        logger: pino({ level: 'silent' }),
        storeName: 'sqlite',
        version: 'test',
      });
      const res = await request(api).get('/api/session').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        identity: { uid: spec.uid, email: spec.email, emailVerified: true },
        user: null,
        privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION,
      });
    } finally {
      await store.close();
      rmSync(filesDir, { recursive: true, force: true });
    }
  });
});

describe("revocation on the real Auth emulator: the user record decides, the sync brings the provider's changes", () => {
  const signedIn = async (overrides: Partial<AccountSpec> = {}) => {
    const spec = accountSpec(overrides);
    await createFirebaseIdentityAdmin(app).ensureAccount(spec);
    return { spec, token: await signInWithEmulator(spec.email, spec.password) };
  };
  let store: DocumentStore;
  let api: Express;
  let filesDir: string;
  beforeEach(() => {
    filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-identity-test-'));
    store = testSqliteStore();
    api = createApp({
      store,
      files: createLocalFileStore({ root: filesDir }),
      identity: createFirebaseIdentityVerifier(app),
      accounts: createFirebaseIdentityAdmin(app),
      logger: pino({ level: 'silent' }),
      storeName: 'sqlite',
      version: 'test',
    });
  });
  afterEach(async () => {
    await store.close();
    rmSync(filesDir, { recursive: true, force: true });
  });
  /** A signed-in account with its user record. */
  const registered = async () => {
    const account = await signedIn();
    await store.set(
      COLLECTIONS.users,
      account.spec.uid,
      userRecord({ ...testUser(account.spec.uid), email: account.spec.email }),
    );
    return account;
  };
  const session = (token: string) => request(api).get('/api/session').set('Authorization', `Bearer ${token}`);
  const sync = () => syncAccountStatuses({ store, accounts: createFirebaseIdentityAdmin(app) });

  it('makes no call to the provider on the request path, however many requests a token makes', async () => {
    const { spec, token } = await registered();
    const auth = getAuth(app);
    const spies = (['getUser', 'getUsers', 'listUsers', 'verifyIdToken'] as const).map((method) =>
      jest.spyOn(auth, method),
    );
    const verify = jest.spyOn(jwt, 'verify');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => session(token)));
      for (let i = 0; i < 20; i++) answers.push(await session(token));
      expect(answers.map((res) => res.status)).toEqual(Array(40).fill(200));
      expect(answers[0]!.body).toMatchObject({ identity: { uid: spec.uid }, user: { id: spec.uid } });
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
      // The token's claims are checked once while it is valid (verified-token-cache.ts).
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      for (const spy of spies) spy.mockRestore();
      verify.mockRestore();
    }
  });

  it('lists what revokes: nothing for an active account, a disable, a revocation time', async () => {
    const active = await signedIn();
    const disabled = await signedIn();
    const revoked = await signedIn();
    await delay(1100);
    await getAuth(app).updateUser(disabled.spec.uid, { disabled: true });
    await getAuth(app).revokeRefreshTokens(revoked.spec.uid);
    const validAfter = (await getAuth(app).getUser(revoked.spec.uid)).tokensValidAfterTime!;
    const listed = new Map<string, ListedAccount>();
    let pageToken: string | undefined;
    do {
      const page = await createFirebaseIdentityAdmin(app).listAccounts({ ...(pageToken ? { pageToken } : {}) });
      for (const account of page.accounts) listed.set(account.uid, account);
      pageToken = page.nextPageToken;
    } while (pageToken);
    expect(listed.get(active.spec.uid)).toEqual({ uid: active.spec.uid, disabled: false, sessionsValidAfter: null });
    expect(listed.get(disabled.spec.uid)).toEqual({ uid: disabled.spec.uid, disabled: true, sessionsValidAfter: null });
    expect(listed.get(revoked.spec.uid)).toEqual({
      uid: revoked.spec.uid,
      disabled: false,
      sessionsValidAfter: new Date(validAfter).toISOString(),
    });
  });

  it('refuses an account disabled in the console once the sync ran, and a deleted one', async () => {
    const disabled = await registered();
    const deleted = await registered();
    await sync();
    await getAuth(app).updateUser(disabled.spec.uid, { disabled: true });
    await getAuth(app).deleteUser(deleted.spec.uid);
    expect((await session(disabled.token)).status).toBe(200);
    expect((await session(deleted.token)).status).toBe(200);
    await sync();
    for (const token of [disabled.token, deleted.token]) {
      const refused = await session(token);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({
        error: { code: 'unauthenticated', message: 'Your session is not valid; sign in again' },
      });
    }
  });

  it('ends sessions the provider revoked ("sign out everywhere", its password reset) once the sync ran; a new sign-in holds', async () => {
    const { spec, token } = await registered();
    await sync();
    // The provider revokes sessions signed in before the second of the revocation.
    await delay(1100);
    await getAuth(app).revokeRefreshTokens(spec.uid);
    expect((await session(token)).status).toBe(200);
    await sync();
    expect((await session(token)).status).toBe(401);
    const fresh = await signInWithEmulator(spec.email, spec.password);
    expect((await session(fresh)).status).toBe(200);
  });

  it("checks an emulator token's claims: another project's, an expired or a signed one is refused", async () => {
    const { spec, token } = await signedIn();
    const claims = jwt.decode(token) as Record<string, unknown>;
    const project = process.env.TEST_AUTH_PROJECT_ID!;
    const { iat: _iat, exp: _exp, aud: _aud, iss: _iss, ...rest } = claims;
    const unsigned = (options: Omit<jwt.SignOptions, 'algorithm'>, payload: object = rest) =>
      jwt.sign(payload, null, { algorithm: 'none', ...options });
    const verifier = createFirebaseIdentityVerifier(app);
    const as = (audience: string, expiresIn: number) =>
      unsigned({ audience, issuer: `https://securetoken.google.com/${audience}`, expiresIn });
    await expect(verifier.verifyIdToken(as(project, 3600))).resolves.toMatchObject({ uid: spec.uid });
    await expect(verifier.verifyIdToken(as('demo-other-project', 3600))).rejects.toThrow(/audience/);
    await expect(
      verifier.verifyIdToken(
        unsigned({ audience: project, issuer: 'https://securetoken.google.com/demo-other', expiresIn: 3600 }),
      ),
    ).rejects.toThrow(/issuer/);
    await expect(verifier.verifyIdToken(as(project, -10))).rejects.toThrow(/expired/);
    const signed = jwt.sign(rest, 'some-secret', {
      algorithm: 'HS256',
      audience: project,
      issuer: `https://securetoken.google.com/${project}`,
      expiresIn: 3600,
    });
    await expect(verifier.verifyIdToken(signed)).rejects.toThrow();
  });
});

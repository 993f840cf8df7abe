import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../app';
import { createLocalFileStore } from '../files/local-file-store';
import { createSqliteStore } from '../store/sqlite-store';
import { IdentityConflictError, type AccountSpec } from './identity-admin';
import { createFirebaseIdentityAdmin, createFirebaseIdentityVerifier, getFirebaseAdminApp } from './firebase-identity';
import { signInWithEmulator } from '../testing/emulator-sign-in';
import jwt from 'jsonwebtoken';
import { setTimeout as delay } from 'node:timers/promises';
import { REVOCATION_CHECK_MS } from './account-status-cache';

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
    expect(await admin.getAccount(uid)).toEqual({ uid, email: account.email, emailVerified: false });
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
    expect(identity).toEqual({ uid: spec.uid, email: spec.email, emailVerified: true });
  });

  it('reports an unverified email as unverified', async () => {
    const spec = accountSpec({ emailVerified: false });
    await createFirebaseIdentityAdmin(app).ensureAccount(spec);
    const identity = await createFirebaseIdentityVerifier(app).verifyIdToken(
      await signInWithEmulator(spec.email, spec.password),
    );
    expect(identity).toEqual({ uid: spec.uid, email: spec.email, emailVerified: false });
  });

  it('rejects a garbage token', async () => {
    await expect(createFirebaseIdentityVerifier(app).verifyIdToken('not.a.token')).rejects.toThrow();
  });

  it('rejects the token of an account that was deleted since', async () => {
    const spec = accountSpec();
    await createFirebaseIdentityAdmin(app).ensureAccount(spec);
    const token = await signInWithEmulator(spec.email, spec.password);
    await getAuth(app).deleteUser(spec.uid);
    await expect(createFirebaseIdentityVerifier(app).verifyIdToken(token)).rejects.toThrow();
  });
});

describe('GET /api/session with Firebase identity', () => {
  it('accepts a bearer id token from the Auth emulator', async () => {
    const spec = accountSpec();
    await createFirebaseIdentityAdmin(app).ensureAccount(spec);
    const token = await signInWithEmulator(spec.email, spec.password);
    const filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-identity-test-'));
    const store = createSqliteStore({ filename: ':memory:' });
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
      expect(res.body).toEqual({ identity: { uid: spec.uid, email: spec.email, emailVerified: true }, user: null });
    } finally {
      await store.close();
      rmSync(filesDir, { recursive: true, force: true });
    }
  });
});

describe('the Firebase identity verifier, without a call to the provider per request', () => {
  const signedIn = async (overrides: Partial<AccountSpec> = {}) => {
    const spec = accountSpec(overrides);
    await createFirebaseIdentityAdmin(app).ensureAccount(spec);
    return { spec, token: await signInWithEmulator(spec.email, spec.password) };
  };
  /** A verifier on a clock the test moves. */
  const onClock = () => {
    const clock = { now: Date.now() };
    return { clock, verifier: createFirebaseIdentityVerifier(app, { now: () => clock.now }) };
  };

  it('asks the provider about an account once, however many requests its token makes', async () => {
    const { spec, token } = await signedIn();
    const auth = getAuth(app);
    const getUser = jest.spyOn(auth, 'getUser');
    const verifyIdToken = jest.spyOn(auth, 'verifyIdToken');
    try {
      const verifier = createFirebaseIdentityVerifier(app);
      const identities = await Promise.all(Array.from({ length: 20 }, () => verifier.verifyIdToken(token)));
      for (let i = 0; i < 20; i++) await verifier.verifyIdToken(token);
      expect(identities).toEqual(Array(20).fill({ uid: spec.uid, email: spec.email, emailVerified: true }));
      expect(getUser).toHaveBeenCalledTimes(1);
      expect(verifyIdToken).not.toHaveBeenCalled();
    } finally {
      getUser.mockRestore();
      verifyIdToken.mockRestore();
    }
  });

  it("checks a token's claims once while it is valid, yet still ends its session once revoked", async () => {
    const { spec, token } = await signedIn();
    const { clock, verifier } = onClock();
    const verify = jest.spyOn(jwt, 'verify');
    try {
      for (let i = 0; i < 5; i++) await expect(verifier.verifyIdToken(token)).resolves.toMatchObject({ uid: spec.uid });
      expect(verify).toHaveBeenCalledTimes(1);
      await delay(1100);
      await getAuth(app).revokeRefreshTokens(spec.uid);
      clock.now += REVOCATION_CHECK_MS;
      await expect(verifier.verifyIdToken(token)).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  it(`ends a revoked session ("sign out everywhere") within ${REVOCATION_CHECK_MS / 1000} s without a new sign-in`, async () => {
    const { spec, token } = await signedIn();
    const { clock, verifier } = onClock();
    await verifier.verifyIdToken(token);
    // The provider revokes sessions signed in before the second of the revocation.
    await delay(1100);
    await getAuth(app).revokeRefreshTokens(spec.uid);
    clock.now += REVOCATION_CHECK_MS - 1000;
    await expect(verifier.verifyIdToken(token)).resolves.toMatchObject({ uid: spec.uid });
    clock.now += 1000;
    await expect(verifier.verifyIdToken(token)).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
  });

  it('ends older sessions at once when the account signs in again after the revocation', async () => {
    const { spec, token } = await signedIn();
    const { verifier } = onClock();
    await verifier.verifyIdToken(token);
    await delay(1100);
    await getAuth(app).revokeRefreshTokens(spec.uid);
    const fresh = await signInWithEmulator(spec.email, spec.password);
    await expect(verifier.verifyIdToken(fresh)).resolves.toMatchObject({ uid: spec.uid });
    await expect(verifier.verifyIdToken(token)).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
  });

  it(`refuses a disabled account within ${REVOCATION_CHECK_MS / 1000} s, and a deleted one`, async () => {
    const disabled = await signedIn();
    const deleted = await signedIn();
    const { clock, verifier } = onClock();
    await verifier.verifyIdToken(disabled.token);
    await verifier.verifyIdToken(deleted.token);
    await getAuth(app).updateUser(disabled.spec.uid, { disabled: true });
    await getAuth(app).deleteUser(deleted.spec.uid);
    clock.now += REVOCATION_CHECK_MS;
    await expect(verifier.verifyIdToken(disabled.token)).rejects.toMatchObject({ code: 'auth/user-disabled' });
    await expect(verifier.verifyIdToken(deleted.token)).rejects.toMatchObject({ code: 'auth/user-not-found' });
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

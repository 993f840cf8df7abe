import { DEFAULT_PRIVACY_NOTICE_VERSION } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { createHarness, later, SIGNED_IN, type Caller, type Harness } from '../testing/api-harness';
import { deletedUserMarkerId, markUserDeleted } from '../users/deleted-users';
import { recordAccountStatus } from './account-status';

const SESSION_NOT_VALID = { error: { code: 'unauthenticated', message: 'Your session is not valid; sign in again' } };

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

/** A route of each kind: the caller's session, an applicant's list, the super-reviewer's users. */
const ROUTES: [Caller, string][] = [
  ['ada', '/session'],
  ['ada', '/responses/mine'],
  ['dora', '/admin/users'],
];

describe('a session the user record revokes', () => {
  it.each(ROUTES)(
    'is accepted until the record says the account is disabled, then answered 401 (%s %s)',
    async (caller, path) => {
      const uid = caller === 'ada' ? 'ada' : 'dora';
      expect((await harness.as(caller).get(path)).status).toBe(200);

      await recordAccountStatus(harness.store, uid, { disabled: true, sessionsValidAfter: null });
      const refused = await harness.as(caller).get(path);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(SESSION_NOT_VALID);

      await recordAccountStatus(harness.store, uid, { disabled: false, sessionsValidAfter: null });
      expect((await harness.as(caller).get(path)).status).toBe(200);
    },
  );

  it.each(ROUTES)(
    'is answered 401 once its sessions were signed out after its sign-in (%s %s)',
    async (caller, path) => {
      const uid = caller === 'ada' ? 'ada' : 'dora';
      // Sessions signed in from the second of the revocation on still hold: Firebase's rule.
      await recordAccountStatus(harness.store, uid, { disabled: false, sessionsValidAfter: SIGNED_IN.toISOString() });
      expect((await harness.as(caller).get(path)).status).toBe(200);

      await recordAccountStatus(harness.store, uid, {
        disabled: false,
        sessionsValidAfter: later(SIGNED_IN, 1000).toISOString(),
      });
      const refused = await harness.as(caller).get(path);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(SESSION_NOT_VALID);
    },
  );

  it('leaves no status fields on the record of an account active again', async () => {
    await recordAccountStatus(harness.store, 'ada', {
      disabled: true,
      sessionsValidAfter: later(SIGNED_IN, 1000).toISOString(),
    });
    expect(await harness.store.get(COLLECTIONS.users, 'ada')).toMatchObject({
      disabled: true,
      sessionsValidAfter: later(SIGNED_IN, 1000).toISOString(),
    });
    await recordAccountStatus(harness.store, 'ada', { disabled: false, sessionsValidAfter: null });
    const record = await harness.store.get(COLLECTIONS.users, 'ada');
    expect(record).not.toHaveProperty('disabled');
    expect(record).not.toHaveProperty('sessionsValidAfter');
    expect(record).toMatchObject({ id: 'ada', email: 'ada@example.com', role: 'applicant' });
  });

  it("is answered 401 once the user was deleted (no record, the deletion's marker), with or without a record before", async () => {
    expect((await harness.as('ada').get('/session')).status).toBe(200);
    await harness.store.transaction(async (tx) => {
      tx.delete(COLLECTIONS.users, 'ada');
      markUserDeleted(tx, 'ada', later(SIGNED_IN, 1000).toISOString());
    });
    for (const path of ['/session', '/responses/mine']) {
      const refused = await harness.as('ada').get(path);
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(SESSION_NOT_VALID);
    }
  });

  it('still answers an identity that has no record yet (and was never deleted) with its identity alone', async () => {
    await harness.store.delete(COLLECTIONS.users, 'ada');
    expect(await harness.store.get(COLLECTIONS.deletedUsers, deletedUserMarkerId('ada'))).toBeNull();
    const res = await harness.as('ada').get('/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      identity: { uid: 'ada', email: 'ada@example.com', emailVerified: true },
      user: null,
      privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION,
    });
  });
});

describe('the request path', () => {
  it('never calls the identity provider, whatever the route and however many requests', async () => {
    harness.accounts.calls.clear();
    for (const [caller, path] of [...ROUTES, ...ROUTES]) expect((await harness.as(caller).get(path)).status).toBe(200);
    await recordAccountStatus(harness.store, 'ada', { disabled: true, sessionsValidAfter: null });
    expect((await harness.as('ada').get('/session')).status).toBe(401);
    expect(Object.fromEntries(harness.accounts.calls)).toEqual({});
  });
});

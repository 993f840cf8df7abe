import { COLLECTIONS } from '../store/collections';
import { createHarness, FORM_ID, later, SIGNED_IN, type Harness } from '../testing/api-harness';
import { DEFAULT_PRIVACY_NOTICE_VERSION } from './privacy-notice';

/**
 * POST /api/auth/complete creates a user record for a signed-in identity that has none. The test
 * verifier accepts a token whatever its account has become since, as a real server's does until the
 * token expires (revocation is the user record's to say): the record must still not come back.
 */

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const NAME = { firstName: 'Ada', lastName: 'Again', privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION };
const SESSION_NOT_VALID = { error: { code: 'unauthenticated', message: 'Your session is not valid; sign in again' } };

const record = (uid: string) => harness.store.get(COLLECTIONS.users, uid);

async function expectNoComeback(uid: 'ada' | 'eve') {
  const res = await harness.as(uid).post('/auth/complete', NAME);
  expect(res.status).toBe(401);
  expect(res.body).toEqual(SESSION_NOT_VALID);
  expect(await record(uid)).toBeNull();
  // Without a record nothing else opens either: no application can be started.
  expect((await harness.as(uid).post('/responses', { formId: FORM_ID })).status).not.toBe(201);
}

describe('POST /api/auth/complete with the session of a deleted user', () => {
  it('recreates no record and starts no application with the old token', async () => {
    expect((await harness.as('dora').post('/admin/users/delete', { userIds: ['ada'] })).status).toBe(200);
    await expectNoComeback('ada');
  });

  it('refuses the deleted id even when its identity account still exists (a failed account deletion)', async () => {
    expect((await harness.as('dora').post('/admin/users/delete', { userIds: ['ada'] })).status).toBe(200);
    await harness.accounts.ensureAccount({
      uid: 'ada',
      email: 'ada@example.com',
      password: 'test-password-1',
      displayName: 'Ada Tester',
      emailVerified: true,
    });
    await expectNoComeback('ada');
  });

  it('stores no id of the deleted user in the clear to remember it', async () => {
    await harness.as('dora').post('/admin/users/delete', { userIds: ['eve'] });
    const remembered = await harness.store.query(COLLECTIONS.deletedUsers);
    expect(remembered.items).toHaveLength(1);
    expect(JSON.stringify(remembered.items)).not.toContain('eve');
  });
});

describe('POST /api/auth/complete checks the account at the identity provider', () => {
  beforeEach(async () => {
    // eve signed up outside the API: an identity without a user record.
    await harness.store.delete(COLLECTIONS.users, 'eve');
  });

  it('creates the record of an identity the provider still has, with the address it verified', async () => {
    const res = await harness.as('eve').post('/auth/complete', NAME);
    expect(res.status).toBe(201);
    expect(await record('eve')).toMatchObject({ id: 'eve', email: 'eve@example.com', firstName: 'Ada' });
  });

  it('refuses once the provider no longer has the account', async () => {
    harness.accounts.accounts.delete('eve');
    await expectNoComeback('eve');
  });

  it('refuses when the address at the provider is no longer the one the token verified', async () => {
    await harness.accounts.updateAccount('eve', { email: 'someone-else@example.com', emailVerified: true });
    await expectNoComeback('eve');
  });

  it('refuses when the provider no longer counts the address as verified', async () => {
    await harness.accounts.updateAccount('eve', { emailVerified: false });
    await expectNoComeback('eve');
  });

  it('refuses an account the provider has disabled', async () => {
    harness.accounts.setDisabled('eve', true);
    await expectNoComeback('eve');
  });

  it("starts the record with the provider's revocation, so sessions from before it end at once", async () => {
    // The address's owner reset the password after eve's sign-in (SIGNED_IN), then signed in anew.
    const resetAt = later(SIGNED_IN, 60_000);
    harness.accounts.revokeSessions('eve', resetAt.getTime());
    const res = await harness.as('eve').post('/auth/complete', NAME);
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('sessionsValidAfter');
    expect(await record('eve')).toMatchObject({ sessionsValidAfter: resetAt.toISOString() });
    // The token from before the reset (the test's) no longer holds.
    expect((await harness.as('eve').get('/session')).status).toBe(401);
  });
});

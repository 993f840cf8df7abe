import { AUTH_MESSAGES, searchTokens, userView, type Registration, type UserRecord } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { ApiError } from '../http/api-error';
import { createInMemoryIdentityAdmin, type InMemoryIdentityAdmin } from '../identity/in-memory-identity-admin';
import type { DocumentStore } from '../store/document-store';
import { createUsersRepository, userRecord, type UsersRepository } from './users.repository';
import { createUsersService } from './users.service';
import { DEFAULT_PRIVACY_NOTICE_VERSION } from './privacy-notice';
import { testSqliteStore } from '../testing/test-store';

const ADA: Registration = {
  email: 'ada@example.com',
  password: 'correct-horse-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION,
};

let store: DocumentStore;
let accounts: InMemoryIdentityAdmin;

beforeEach(() => {
  store = testSqliteStore();
  accounts = createInMemoryIdentityAdmin();
});
afterEach(() => store.close());

function service(users: Partial<UsersRepository> = {}) {
  return createUsersService({ users: { ...createUsersRepository(store), ...users }, accounts });
}

const storedRecords = async () => (await store.query<UserRecord>(COLLECTIONS.users)).items.map((item) => item.data);
const storedUsers = async () => (await storedRecords()).map(userView);
const apiError = (code: string, message: string) => expect.objectContaining({ name: 'ApiError', code, message });

describe('register', () => {
  it('creates the identity account and an applicant record under its uid', async () => {
    const user = await service().register(ADA);
    const [account] = [...accounts.accounts.values()];
    expect(user).toEqual({
      id: account!.uid,
      email: ADA.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'applicant',
      activeApplications: [],
      privacyNotice: { version: DEFAULT_PRIVACY_NOTICE_VERSION, acceptedAt: expect.any(String) },
    });
    expect(account).toMatchObject({ email: ADA.email, password: ADA.password, displayName: 'Ada Lovelace' });
    expect(await storedUsers()).toEqual([user]);
  });

  it('stores the search tokens and sort name with the record, and answers without them', async () => {
    const user = await service().register(ADA);
    expect(user).not.toHaveProperty('searchTokens');
    const [record] = await storedRecords();
    expect(record).toMatchObject({ sortName: 'ada lovelace', searchTokens: searchTokens(ADA) });
    expect(record!.searchTokens).toEqual(expect.arrayContaining(['ada l', 'lovel', 'ada@ex']));
  });

  it('turns a taken email into a conflict and writes no record', async () => {
    await service().register(ADA);
    await expect(service().register({ ...ADA, firstName: 'Eve' })).rejects.toEqual(
      apiError('conflict', AUTH_MESSAGES.emailTaken),
    );
    expect(accounts.accounts.size).toBe(1);
    expect(await storedUsers()).toHaveLength(1);
  });

  it('passes other identity failures on as they are and writes no record', async () => {
    const outage = new Error('identity provider down');
    accounts.createAccount = () => Promise.reject(outage);
    await expect(service().register(ADA)).rejects.toBe(outage);
    expect(await storedUsers()).toEqual([]);
  });

  it('deletes the identity account again when the record cannot be created, and rethrows', async () => {
    const diskFull = new Error('disk full');
    await expect(service({ create: () => Promise.reject(diskFull) }).register(ADA)).rejects.toBe(diskFull);
    expect(accounts.accounts.size).toBe(0);
    expect(await storedUsers()).toEqual([]);
  });

  it('reports both failures, naming the leftover account, when the deletion fails too', async () => {
    const diskFull = new Error('disk full');
    const deleteFailed = new Error('identity provider down');
    accounts.deleteAccount = () => Promise.reject(deleteFailed);

    const error = await service({ create: () => Promise.reject(diskFull) })
      .register(ADA)
      .catch((caught: unknown) => caught);

    const [uid] = accounts.accounts.keys();
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).errors).toEqual([diskFull, deleteFailed]);
    expect((error as AggregateError).message).toContain(uid);
  });
});

describe('updateProfile', () => {
  async function registeredReviewer() {
    const user = await service().register(ADA);
    await store.update(COLLECTIONS.users, user.id, {
      role: 'reviewer',
      applicantRolePreferences: ['bootcamp'],
      activeApplications: ['form-1'],
    });
    await accounts.updateAccount(user.id, { emailVerified: true });
    return userView((await store.get<UserRecord>(COLLECTIONS.users, user.id))!);
  }

  it('writes only the profile fields and keeps role and the other fields', async () => {
    const user = await registeredReviewer();
    const updated = await service().updateProfile(user.id, {
      email: ADA.email,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const expected = { ...user, firstName: 'Grace', lastName: 'Hopper' };
    expect(updated).toEqual(expected);
    expect(await storedUsers()).toEqual([expected]);
    expect(accounts.accounts.get(user.id)).toMatchObject({
      email: ADA.email,
      emailVerified: true,
      displayName: 'Grace Hopper',
    });
  });

  it('keeps the search tokens and sort name in step with the new profile, and answers without them', async () => {
    const user = await registeredReviewer();
    const updated = await service().updateProfile(user.id, {
      email: 'grace@navy.example',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(updated).not.toHaveProperty('searchTokens');
    expect(updated).not.toHaveProperty('sortName');
    const [record] = await storedRecords();
    expect(record!.sortName).toBe('grace hopper');
    expect(record!.searchTokens).toEqual(
      searchTokens({ email: 'grace@navy.example', firstName: 'Grace', lastName: 'Hopper' }),
    );
    expect(record!.searchTokens).not.toContain('ada');
  });

  it('leaves the identity account alone when nothing it holds changed', async () => {
    const user = await registeredReviewer();
    accounts.updateAccount = () => Promise.reject(new Error('must not be called'));
    await expect(
      service().updateProfile(user.id, { email: ADA.email, firstName: 'Ada', lastName: 'Lovelace' }),
    ).resolves.toEqual(user);
  });

  it('changes the identity email and marks it unverified', async () => {
    const user = await registeredReviewer();
    const updated = await service().updateProfile(user.id, {
      email: 'grace@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(updated).toEqual({ ...user, email: 'grace@example.com' });
    expect(accounts.accounts.get(user.id)).toMatchObject({ email: 'grace@example.com', emailVerified: false });
  });

  it('answers not-found without a record and touches no account', async () => {
    await accounts.ensureAccount({
      uid: 'ghost',
      email: 'ghost@example.com',
      password: 'x',
      displayName: 'G',
      emailVerified: true,
    });
    await expect(
      service().updateProfile('ghost', { email: 'new@example.com', firstName: 'A', lastName: 'B' }),
    ).rejects.toEqual(apiError('not-found', 'No user record for this account'));
    expect(accounts.accounts.get('ghost')).toMatchObject({ email: 'ghost@example.com', emailVerified: true });
  });

  it('turns a taken email into a conflict and writes nothing', async () => {
    const user = await registeredReviewer();
    await accounts.ensureAccount({
      uid: 'eve',
      email: 'eve@example.com',
      password: 'x',
      displayName: 'Eve',
      emailVerified: true,
    });
    await expect(
      service().updateProfile(user.id, { email: 'eve@example.com', firstName: 'X', lastName: 'Y' }),
    ).rejects.toEqual(apiError('conflict', AUTH_MESSAGES.emailTaken));
    expect(await store.get(COLLECTIONS.users, user.id)).toEqual(userRecord(user));
    expect(accounts.accounts.get(user.id)).toMatchObject({
      email: ADA.email,
      emailVerified: true,
      displayName: 'Ada Lovelace',
    });
  });

  it('restores the identity email, verification and name when the record cannot be written, and rethrows', async () => {
    const user = await registeredReviewer();
    const diskFull = new Error('disk full');
    const failing = service({ updateProfile: () => Promise.reject(diskFull) });

    await expect(
      failing.updateProfile(user.id, { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' }),
    ).rejects.toBe(diskFull);

    expect(await store.get(COLLECTIONS.users, user.id)).toEqual(userRecord(user));
    expect(accounts.accounts.get(user.id)).toMatchObject({
      email: ADA.email,
      emailVerified: true,
      displayName: 'Ada Lovelace',
    });
  });

  it('answers not-found and restores the identity when the record vanished meanwhile', async () => {
    const user = await registeredReviewer();
    const vanishing = service({
      updateProfile: async (id, fields) => {
        await store.delete(COLLECTIONS.users, id);
        return createUsersRepository(store).updateProfile(id, fields);
      },
    });
    const error = await vanishing
      .updateProfile(user.id, { email: 'grace@example.com', firstName: 'A', lastName: 'B' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'not-found', status: 404 });
    expect(accounts.accounts.get(user.id)).toMatchObject({ email: ADA.email, emailVerified: true });
  });

  it('reports both failures when the identity cannot be restored either', async () => {
    const user = await registeredReviewer();
    const diskFull = new Error('disk full');
    const update = accounts.updateAccount;
    let calls = 0;
    accounts.updateAccount = (uid, changes) =>
      ++calls === 1 ? update(uid, changes) : Promise.reject(new Error('identity provider down'));

    const error = await service({ updateProfile: () => Promise.reject(diskFull) })
      .updateProfile(user.id, { email: 'grace@example.com', firstName: 'A', lastName: 'B' })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).errors[0]).toBe(diskFull);
    expect((error as AggregateError).message).toContain(user.id);
  });
});

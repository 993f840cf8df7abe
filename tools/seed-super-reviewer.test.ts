import type { User } from '@portal/shared/domain';
import {
  createInMemoryIdentityAdmin,
  type InMemoryIdentityAdmin,
} from '../functions/src/identity/in-memory-identity-admin';
import type { DocumentStore } from '../functions/src/store/document-store';
import { createSqliteStore } from '../functions/src/store/sqlite-store';
import { createUsersRepository } from '../functions/src/users/users.repository';
import { seedSuperReviewer, SeedRefusedError, type FindAccountByEmail } from './seed-super-reviewer';

let store: DocumentStore;
let accounts: InMemoryIdentityAdmin;
let findAccountByEmail: FindAccountByEmail;

beforeEach(() => {
  store = createSqliteStore({ filename: ':memory:' });
  accounts = createInMemoryIdentityAdmin();
  findAccountByEmail = async (email) => {
    const account = [...accounts.accounts.values()].find((candidate) => candidate.email === email);
    return account ? { uid: account.uid } : null;
  };
});
afterEach(() => store.close());

async function register(email: string, role: User['role'] = 'applicant'): Promise<User> {
  const { uid } = await accounts.createAccount({ email, password: 'a-long-password', displayName: 'Ada L' });
  const user: User = {
    id: uid,
    email,
    firstName: 'Ada',
    lastName: 'Lovelace',
    role,
    applicantRolePreferences: ['bootcamp', 'engineer', 'designer'],
    activeApplications: ['form-1'],
  };
  await createUsersRepository(store).create(user);
  return user;
}

describe('seedSuperReviewer', () => {
  it('makes a registered user a super-reviewer, changing only the role', async () => {
    const ada = await register('ada@example.com');
    await register('bob@example.com');
    const result = await seedSuperReviewer({ email: ' ada@example.com ', findAccountByEmail, store });
    expect(result).toEqual({ uid: ada.id, email: 'ada@example.com', previousRole: 'applicant', changed: true });
    const users = createUsersRepository(store);
    expect(await users.get(ada.id)).toEqual({ ...ada, role: 'super-reviewer' });
    expect((await users.get([...accounts.accounts.keys()][1]!))?.role).toBe('applicant');
  });

  it('leaves a super-reviewer as is and says so', async () => {
    const ada = await register('ada@example.com', 'super-reviewer');
    expect(await seedSuperReviewer({ email: 'ada@example.com', findAccountByEmail, store })).toEqual({
      uid: ada.id,
      email: 'ada@example.com',
      previousRole: 'super-reviewer',
      changed: false,
    });
  });

  it('refuses when no account signs in with the email', async () => {
    const seeding = seedSuperReviewer({ email: 'nobody@example.com', findAccountByEmail, store });
    await expect(seeding).rejects.toBeInstanceOf(SeedRefusedError);
    await expect(seeding).rejects.toThrow(
      'No account signs in with nobody@example.com: register through the portal first',
    );
  });

  it('refuses when the account has no user record (not registered through the portal)', async () => {
    const { uid } = await accounts.createAccount({
      email: 'ghost@example.com',
      password: 'pw-long-enough',
      displayName: 'G',
    });
    await expect(seedSuperReviewer({ email: 'ghost@example.com', findAccountByEmail, store })).rejects.toThrow(
      `The account ${uid} (ghost@example.com) has no user record`,
    );
  });
});

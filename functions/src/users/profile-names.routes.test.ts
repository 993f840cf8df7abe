import type { User } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { createHarness, type Harness } from '../testing/api-harness';
import { DEFAULT_PRIVACY_NOTICE_VERSION } from './privacy-notice';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

/** The user records and identity accounts (the rate limiter's counters aside). */
async function people(): Promise<unknown> {
  const users = (await harness.store.query<User>(COLLECTIONS.users)).items;
  return { users, accounts: [...harness.accounts.accounts.values()] };
}

// A name ends up in email subjects: with a line break in it, it could add a header to a message.
const HEADER_INJECTION = 'Eve\r\nBcc: victim@example.org';
const issue = (path: string, label: string) => ({
  path,
  message: `${label} cannot contain line breaks or control characters`,
});

describe('names with line breaks or control characters', () => {
  it('are refused at sign-up with 400, naming the field, creating nothing', async () => {
    const before = await people();
    const res = await harness.as('eve').post('/auth/register', {
      email: 'newcomer@example.com',
      password: 'hunter22x',
      firstName: HEADER_INJECTION,
      lastName: 'Comer\u0000',
      privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([issue('firstName', 'First name'), issue('lastName', 'Last name')]);
    expect(await people()).toEqual(before);
  });

  it('are refused in a profile update with 400, naming the field, changing nothing', async () => {
    const before = await people();
    const res = await harness
      .as('eve')
      .post('/auth/update', { email: 'eve@example.com', firstName: 'Eve', lastName: 'Tester\u2028Bcc: x' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([issue('lastName', 'Last name')]);
    expect(await people()).toEqual(before);
  });
});

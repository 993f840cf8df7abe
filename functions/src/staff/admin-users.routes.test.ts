import { STAFF_MESSAGES, type Page, type StaffMember, type User } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { CALLERS, createHarness, testUser, type Caller, type Harness } from '../testing/api-harness';
import { addUser, dumpState, rawAsDora, unauthenticated, withProtoKey, type Method } from '../testing/raw-requests';
import { seedApplication } from '../testing/staff-fixtures';
import { userRecord } from '../users/users.repository';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const storedUser = (id: string) => harness.store.get<User & { searchTokens?: string[] }>(COLLECTIONS.users, id);

/** Every route of this file refuses callers who are not super-reviewers, and bad input, writing nothing. */
describe.each<{ method: Method; path: string; body: object; malformed: [string, unknown][] }>([
  {
    method: 'get',
    path: '/admin/users',
    body: {},
    malformed: [],
  },
  {
    method: 'post',
    path: '/admin/users/role',
    body: { userIds: ['ada'], role: 'reviewer' },
    malformed: [
      ['missing userIds', { role: 'reviewer' }],
      ['missing role', { userIds: ['ada'] }],
      ['an unknown role', { userIds: ['ada'], role: 'admin' }],
      ['userIds as a string', { userIds: 'ada', role: 'reviewer' }],
      ['a number as an id', { userIds: [42], role: 'reviewer' }],
      ['an empty list', { userIds: [], role: 'reviewer' }],
      ['a repeated id', { userIds: ['ada', 'ada'], role: 'reviewer' }],
      ['an id with a slash', { userIds: ['ada/x'], role: 'reviewer' }],
      ['an extra field', { userIds: ['ada'], role: 'reviewer', applicantRolePreferences: ['bootcamp'] }],
      ['an array body', [{ userIds: ['ada'], role: 'reviewer' }]],
      ['null', null],
    ],
  },
  {
    method: 'post',
    path: '/admin/users/delete',
    body: { userIds: ['ada'] },
    malformed: [
      ['missing userIds', {}],
      ['userIds as a string', { userIds: 'ada' }],
      ['an empty list', { userIds: [] }],
      ['a repeated id', { userIds: ['ada', 'ada'] }],
      ['too many ids', { userIds: Array.from({ length: 501 }, (_, index) => `user-${index}`) }],
      ['an extra field', { userIds: ['ada'], force: true }],
      ['null', null],
    ],
  },
])('$method $path', ({ method, path, body, malformed }) => {
  const call = (caller: Caller) =>
    method === 'get' ? harness.as(caller).get(path) : harness.as(caller)[method](path, body);

  it.each<[Caller, number, string]>([
    ['ada', 403, STAFF_MESSAGES.superReviewerOnly],
    ['rita', 403, STAFF_MESSAGES.superReviewerOnly],
    ['unverified', 403, 'Verify your email address to continue'],
  ])('refuses %s with %i and writes nothing', async (caller, status, message) => {
    const before = await dumpState(harness);
    const res = await call(caller);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toBe(message);
    expect(await dumpState(harness)).toEqual(before);
  });

  it('refuses a caller without a token with 401 and writes nothing', async () => {
    const before = await dumpState(harness);
    expect((await unauthenticated(harness, method, path, body)).status).toBe(401);
    expect(await dumpState(harness)).toEqual(before);
  });

  if (method !== 'get') {
    it.each(malformed)('answers 400 to a body with %s and writes nothing', async (_name, bad) => {
      const before = await dumpState(harness);
      const res = await rawAsDora(harness, method, path, JSON.stringify(bad));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid-request');
      expect(await dumpState(harness)).toEqual(before);
    });

    it('answers 400 to a body with a __proto__ key and writes nothing', async () => {
      const before = await dumpState(harness);
      const res = await rawAsDora(harness, method, path, withProtoKey(body));
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ path: '' })]);
      expect(await dumpState(harness)).toEqual(before);
    });
  }
});

describe('GET /api/admin/users', () => {
  beforeEach(async () => {
    await addUser(harness, {
      id: 'lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'countess@analytical.org',
    });
    await addUser(harness, { id: 'turing', firstName: 'Alan', lastName: 'Turing', email: 'alan@bletchley.uk' });
    await addUser(harness, { id: 'hopper', firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.mil' });
    await addUser(harness, {
      id: 'hamilton',
      firstName: 'Margaret',
      lastName: 'Hamilton',
      email: 'mh@apollo.gov',
      role: 'reviewer',
      applicantRolePreferences: ['bootcamp', 'engineer', 'designer'],
    });
  });

  const list = (query: string) => harness.as('dora').get(`/admin/users${query}`);

  it('lists every user as a staff member, ordered by name, with the total', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    const page = res.body as Page<StaffMember>;
    expect(page.items.map((item) => item.id)).toEqual([
      'lovelace',
      'ada',
      'turing',
      'dora',
      'eve',
      'hopper',
      'hamilton',
      'rita',
      'rob',
      'una',
    ]);
    expect(page.total).toBe(10);
    expect(page.nextCursor).toBeNull();
    expect(page.items.find((item) => item.id === 'hamilton')).toEqual({
      id: 'hamilton',
      firstName: 'Margaret',
      lastName: 'Hamilton',
      email: 'mh@apollo.gov',
      role: 'reviewer',
      applicantRolePreferences: ['bootcamp', 'engineer', 'designer'],
    });
    expect(page.items.find((item) => item.id === 'turing')).toEqual({
      id: 'turing',
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@bletchley.uk',
      role: 'applicant',
      applicantRolePreferences: [],
    });
  });

  it('finds users by a prefix of the first name, the last name, the full name or the email, in any case', async () => {
    const ids = async (search: string) =>
      ((await list(`?search=${encodeURIComponent(search)}`)).body as Page<StaffMember>).items.map((item) => item.id);
    expect(await ids('lovel')).toEqual(['lovelace']);
    expect(await ids('ADA L')).toEqual(['lovelace']);
    expect(await ids('  ada   lovelace ')).toEqual(['lovelace']);
    expect(await ids('countess@ana')).toEqual(['lovelace']);
    expect(await ids('grace@')).toEqual(['hopper']);
    expect(await ids('ada')).toEqual(['lovelace', 'ada']);
    expect(await ids('al')).toEqual(['turing']);
    expect(await ids('elace')).toEqual([]);
    expect(await ids('')).toHaveLength(10);
  });

  it('pages through a search with the cursor, keeping the total', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(`?search=a&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = res.body as Page<StaffMember>;
      expect(page.total).toBe(3);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(['lovelace', 'ada', 'turing']);
  });

  it('pages through every user two at a time in name order', async () => {
    const first = (await list('?limit=2')).body as Page<StaffMember>;
    expect(first.items.map((item) => item.id)).toEqual(['lovelace', 'ada']);
    expect(first.total).toBe(10);
    const second = (await list(`?limit=2&cursor=${first.nextCursor}`)).body as Page<StaffMember>;
    expect(second.items.map((item) => item.id)).toEqual(['turing', 'dora']);
  });

  it('filters by role, alone and with a search', async () => {
    const reviewers = (await list('?role=reviewer')).body as Page<StaffMember>;
    expect(reviewers.items.map((item) => item.id)).toEqual(['hamilton', 'rita', 'rob']);
    expect(reviewers.total).toBe(3);
    const found = (await list('?role=reviewer&search=ri')).body as Page<StaffMember>;
    expect(found.items.map((item) => item.id)).toEqual(['rita']);
    expect(found.total).toBe(1);
  });

  it('never answers the search tokens or the sort name', async () => {
    const res = await list('?search=ada');
    for (const item of res.body.items) {
      expect(Object.keys(item).sort()).toEqual(
        ['applicantRolePreferences', 'email', 'firstName', 'id', 'lastName', 'role'].sort(),
      );
    }
  });

  it('does not find a record stored without search tokens (written before they existed)', async () => {
    await harness.store.set(COLLECTIONS.users, 'legacy', {
      id: 'legacy',
      email: 'legacy@example.com',
      firstName: 'Lena',
      lastName: 'Legacy',
      role: 'applicant',
      activeApplications: [],
    });
    expect((await list('?search=lena')).body.items).toEqual([]);
  });

  it('names the cursor when the store cannot read it (the typed cursor error of both adapters)', async () => {
    const res = await list('?cursor=bm90LWEtY3Vyc29y');
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid-request',
      message: 'Invalid cursor',
      details: [{ path: 'cursor', message: 'Not a cursor of this list' }],
    });
  });

  it.each([
    ['a malformed cursor', '?cursor=not-a-cursor'],
    ['a cursor with bad characters', '?cursor=%7B%7D'],
    ['limit 0', '?limit=0'],
    ['limit 101', '?limit=101'],
    ['a text limit', '?limit=many'],
    ['an unknown role', '?role=admin'],
    ['an unknown parameter', '?sort=email'],
    ['a repeated parameter', '?search=a&search=b'],
    ['a search that is too long', `?search=${'a'.repeat(101)}`],
    ['a __proto__ parameter', '?__proto__=x'],
  ])('answers 400 to %s', async (_name, query) => {
    const before = await dumpState(harness);
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-request');
    expect(await dumpState(harness)).toEqual(before);
  });
});

describe('users stored by the test fixtures', () => {
  const ids = async (query: string) =>
    ((await harness.as('dora').get(`/admin/users${query}`)).body as Page<StaffMember>).items.map((item) => item.id);

  it('are stored as production stores users, so the Users page lists them and finds them by name', async () => {
    await seedApplication(harness, { id: 'seeded', firstName: 'Sasha', lastName: 'Seeded' }, ['engineer']);
    for (const caller of Object.values(CALLERS)) {
      expect(await storedUser(caller.uid)).toEqual(userRecord(testUser(caller.uid, caller.role)));
    }
    expect(await ids('?limit=100')).toEqual(['ada', 'dora', 'eve', 'rita', 'rob', 'seeded', 'una']);
    expect(await ids('?search=tester')).toEqual(['ada', 'dora', 'eve', 'rita', 'rob', 'una']);
    expect(await ids('?search=sasha')).toEqual(['seeded']);
    expect(await ids('?role=super-reviewer')).toEqual(['dora']);
  });
});

describe('POST /api/admin/users/role', () => {
  it('changes the role of every listed user in one batch and nothing else', async () => {
    const batch = jest.spyOn(harness.store, 'batch');
    const adaBefore = await storedUser('ada');
    const res = await harness.as('dora').post('/admin/users/role', { userIds: ['ada', 'eve'], role: 'reviewer' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2, reassigned: 0, unassigned: 0 });
    expect(batch).toHaveBeenCalledTimes(1);
    // The batch also holds one audit entry per changed user.
    expect(batch.mock.calls[0]![0].filter((write) => write.collection === COLLECTIONS.users)).toHaveLength(2);
    expect(await storedUser('ada')).toEqual({ ...adaBefore, role: 'reviewer' });
    expect((await storedUser('eve'))?.role).toBe('reviewer');
    expect((await storedUser('rita'))?.role).toBe('reviewer');
    expect((await storedUser('una'))?.role).toBe('applicant');
  });

  it('applies at once: the promoted user passes the super-reviewer check on the next call', async () => {
    await harness.as('dora').post('/admin/users/role', { userIds: ['rita'], role: 'super-reviewer' });
    expect((await harness.as('rita').get('/admin/users')).status).toBe(200);
  });

  it('keeps the role preferences of a reviewer who stops being one', async () => {
    await harness.store.update(COLLECTIONS.users, 'rita', {
      applicantRolePreferences: ['bootcamp', 'engineer', 'product'],
    });
    await harness.as('dora').post('/admin/users/role', { userIds: ['rita'], role: 'applicant' });
    expect(await storedUser('rita')).toMatchObject({
      role: 'applicant',
      applicantRolePreferences: ['bootcamp', 'engineer', 'product'],
    });
  });

  it('refuses to demote the last super-reviewer with 409 and changes nothing', async () => {
    const before = await dumpState(harness);
    const res = await harness.as('dora').post('/admin/users/role', { userIds: ['ada', 'dora'], role: 'reviewer' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'conflict', message: STAFF_MESSAGES.lastSuperReviewer } });
    expect(await dumpState(harness)).toEqual(before);
  });

  it('lets a super-reviewer step down while another remains', async () => {
    await harness.store.update(COLLECTIONS.users, 'rob', { role: 'super-reviewer' });
    const res = await harness.as('dora').post('/admin/users/role', { userIds: ['dora'], role: 'reviewer' });
    expect(res.status).toBe(200);
    expect((await storedUser('dora'))?.role).toBe('reviewer');
  });

  it('answers 400 naming each unknown id and changes nothing', async () => {
    const before = await dumpState(harness);
    const res = await harness
      .as('dora')
      .post('/admin/users/role', { userIds: ['ada', 'ghost', 'eve', 'nobody'], role: 'reviewer' });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid-request',
      message: 'No user with the ID ghost, nobody',
      details: [
        { path: 'userIds.1', message: STAFF_MESSAGES.noUser },
        { path: 'userIds.3', message: STAFF_MESSAGES.noUser },
      ],
    });
    expect(await dumpState(harness)).toEqual(before);
  });
});

describe('POST /api/admin/users/delete', () => {
  it('deletes each user record in a transaction of its own, and their identity accounts', async () => {
    const transaction = jest.spyOn(harness.store, 'transaction');
    const res = await harness.as('dora').post('/admin/users/delete', { userIds: ['ada', 'rita'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    expect(transaction).toHaveBeenCalledTimes(2);
    expect(await storedUser('ada')).toBeNull();
    expect(await storedUser('rita')).toBeNull();
    expect(harness.accounts.accounts.has('ada')).toBe(false);
    expect(harness.accounts.accounts.has('rita')).toBe(false);
    expect(await storedUser('eve')).not.toBeNull();
    expect(harness.accounts.accounts.has('eve')).toBe(true);
  });

  it('refuses to delete the last super-reviewer with 409, deleting neither records nor accounts', async () => {
    const before = await dumpState(harness);
    const res = await harness.as('dora').post('/admin/users/delete', { userIds: ['eve', 'dora'] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'conflict', message: STAFF_MESSAGES.lastSuperReviewer } });
    expect(await dumpState(harness)).toEqual(before);
  });

  it('deletes a super-reviewer while another remains', async () => {
    await harness.store.update(COLLECTIONS.users, 'rob', { role: 'super-reviewer' });
    const res = await harness.as('rob').post('/admin/users/delete', { userIds: ['dora'] });
    expect(res.status).toBe(200);
    expect(await storedUser('dora')).toBeNull();
    expect(harness.accounts.accounts.has('dora')).toBe(false);
  });

  it('answers 400 naming each unknown id and deletes nothing', async () => {
    const before = await dumpState(harness);
    const res = await harness.as('dora').post('/admin/users/delete', { userIds: ['ghost', 'ada'] });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'userIds.0', message: STAFF_MESSAGES.noUser }]);
    expect(await dumpState(harness)).toEqual(before);
  });

  it('answers 500 naming the accounts left when the identity provider fails after the records are gone', async () => {
    harness.accounts.deleteAccounts = async (uids) => ({ failed: uids.filter((uid) => uid === 'eve') });
    const res = await harness.as('dora').post('/admin/users/delete', { userIds: ['ada', 'eve'] });
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({
      code: 'internal',
      details: { deleted: 2, accountsNotDeleted: ['eve'] },
    });
    expect(await storedUser('ada')).toBeNull();
    expect(await storedUser('eve')).toBeNull();
  });

  it('answers 500 naming every account when the identity provider is down', async () => {
    harness.accounts.deleteAccounts = () => Promise.reject(new Error('identity provider unreachable'));
    const res = await harness.as('dora').post('/admin/users/delete', { userIds: ['ada'] });
    expect(res.status).toBe(500);
    expect(res.body.error.details).toEqual({ deleted: 1, accountsNotDeleted: ['ada'] });
  });
});

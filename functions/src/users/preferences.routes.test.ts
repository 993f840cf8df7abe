import { STAFF_MESSAGES, TEAM_ROLES, type User } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { dumpState, rawAsDora, unauthenticated, withProtoKey } from '../testing/raw-requests';
import { createHarness, testUser, type Harness } from '../testing/api-harness';
import { userRecord } from './users.repository';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const ROLES = ['bootcamp', 'engineer', 'designer'];
const path = (userId: string) => `/users/${userId}/preferences`;
const stored = (id: string) => harness.store.get(COLLECTIONS.users, id);

describe('PUT /api/users/:userId/preferences', () => {
  it('lets a reviewer set their own preferences and the roles offered, writing only those, and answers the user', async () => {
    const before = await stored('rita');
    const res = await harness.as('rita').put(path('rita'), { roles: ROLES });
    expect(res.status).toBe(200);
    // The roles they chose among: the active form's, sorted (a form with other roles asks again).
    const offered = [...TEAM_ROLES].sort();
    const expected: User = {
      ...testUser('rita', 'reviewer'),
      applicantRolePreferences: ROLES as User['applicantRolePreferences'],
      rolePreferencesFor: offered,
    };
    expect(res.body).toEqual(expected);
    expect(await stored('rita')).toEqual({ ...before, applicantRolePreferences: ROLES, rolePreferencesFor: offered });
    expect(await stored('rita')).toEqual(userRecord(expected));
  });

  it('replaces earlier preferences', async () => {
    await harness.as('rita').put(path('rita'), { roles: ROLES });
    const res = await harness.as('rita').put(path('rita'), { roles: ['product', 'bootcamp', 'tech-lead', 'engineer'] });
    expect(res.status).toBe(200);
    expect((await stored('rita'))?.applicantRolePreferences).toEqual(['product', 'bootcamp', 'tech-lead', 'engineer']);
  });

  it("lets a super-reviewer set a reviewer's preferences", async () => {
    const res = await harness.as('dora').put(path('rob'), { roles: ROLES });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'rob', applicantRolePreferences: ROLES });
    expect((await stored('rob'))?.applicantRolePreferences).toEqual(ROLES);
  });

  it.each([
    ['ada', 'rita'],
    ['rob', 'rita'],
    ['rita', 'ada'],
  ] as const)("refuses %s setting %s's preferences with 403 and writes nothing", async (caller, target) => {
    const before = await dumpState(harness);
    const res = await harness.as(caller).put(path(target), { roles: ROLES });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: STAFF_MESSAGES.superReviewerOnly });
    expect(await dumpState(harness)).toEqual(before);
  });

  it.each([
    ['ada', 'ada'],
    ['dora', 'ada'],
    ['dora', 'dora'],
  ] as const)(
    'answers %s setting the non-reviewer %s\'s preferences with 403 "User is not a reviewer!"',
    async (caller, target) => {
      const before = await dumpState(harness);
      const res = await harness.as(caller).put(path(target), { roles: ROLES });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: { code: 'forbidden', message: 'User is not a reviewer!' } });
      expect(await dumpState(harness)).toEqual(before);
    },
  );

  it.each([
    ['without Bootcamp', ['engineer', 'designer', 'product']],
    ['with fewer than 3 roles', ['bootcamp', 'engineer']],
    ['with only Bootcamp', ['bootcamp']],
    ['with none', []],
    ['with a role twice', ['bootcamp', 'engineer', 'engineer']],
  ])('answers 400 with the rule to preferences %s and writes nothing', async (_name, roles) => {
    const before = await dumpState(harness);
    const res = await harness.as('rita').put(path('rita'), { roles });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid-request',
      message: 'All reviewers must review Bootcamp applications. Select at least 3 roles!',
      details: [{ path: 'roles', message: STAFF_MESSAGES.preferencesRule }],
    });
    expect(await dumpState(harness)).toEqual(before);
  });

  it.each(['ghost', 'bad%2Fid'])('answers 404 to the unknown user %j', async (userId) => {
    const before = await dumpState(harness);
    const res = await harness.as('dora').put(path(userId), { roles: ROLES });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not-found', message: STAFF_MESSAGES.noUser });
    expect(await dumpState(harness)).toEqual(before);
  });

  it('refuses a caller without a token with 401, and one with an unverified email with 403', async () => {
    const before = await dumpState(harness);
    expect((await unauthenticated(harness, 'put', path('rita'), { roles: ROLES })).status).toBe(401);
    expect((await harness.as('unverified').put(path('una'), { roles: ROLES })).status).toBe(403);
    expect(await dumpState(harness)).toEqual(before);
  });

  it.each<[string, string]>([
    ['missing roles', '{}'],
    ['roles as a string', '{"roles":"bootcamp"}'],
    ['an unknown role', '{"roles":["bootcamp","engineer","astronaut"]}'],
    ['a number as a role', '{"roles":["bootcamp","engineer",3]}'],
    ['more roles than exist', JSON.stringify({ roles: [...ROLES, ...ROLES, ...ROLES] })],
    ['an extra field', JSON.stringify({ roles: ROLES, role: 'super-reviewer' })],
    ['a __proto__ key', withProtoKey({ roles: ROLES })],
    ['an array', JSON.stringify([ROLES])],
    ['null', 'null'],
  ])('answers 400 to a body with %s and writes nothing', async (_name, json) => {
    const before = await dumpState(harness);
    const res = await rawAsDora(harness, 'put', path('rita'), json);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-request');
    expect(await dumpState(harness)).toEqual(before);
  });
});

import request from 'supertest';
import { STAFF_MESSAGES, type ApplicationResponse } from '@portal/shared/domain';
import { createHarness, FORM_ID, type Caller, type Harness } from '../testing/api-harness';
import { assign, dumpStore, submitApplication } from '../testing/staff-fixtures';

/**
 * Every staff route, called by those who may not, and with malformed input: each answers 4xx
 * and leaves every collection exactly as it was.
 */

let harness: Harness;
let ada: ApplicationResponse;
let assessmentId: string;

beforeAll(async () => {
  harness = await createHarness();
  ada = await submitApplication(harness, 'ada');
  await submitApplication(harness, 'eve');
  const [created] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rob' }]);
  assessmentId = created!.id;
});
afterAll(() => harness.close());

type Method = 'get' | 'post' | 'put' | 'delete';
interface Call {
  method: Method;
  path: string;
  body?: object;
}

const UNKNOWN = '99999999-9999-4999-8999-999999999999';
const SCORES = { motivation: 4, experience: 2, communication: 3 };

/** Built lazily: the ids exist only after beforeAll. */
const ROUTES: Record<string, { who: 'super' | 'staff'; call: () => Call; malformed: () => [Call, number][] }> = {
  'GET rows': {
    who: 'super',
    call: () => ({ method: 'get', path: `/admin/forms/${FORM_ID}/rows` }),
    malformed: () => [
      [{ method: 'get', path: `/admin/forms/${FORM_ID}/rows?limit=abc` }, 400],
      [{ method: 'get', path: `/admin/forms/${FORM_ID}/rows?cursor=%7B%7D` }, 400],
      [{ method: 'get', path: '/admin/forms/no-such-form/rows' }, 404],
      [{ method: 'get', path: '/admin/forms/a.b/rows' }, 404],
    ],
  },
  'GET staff': {
    who: 'super',
    call: () => ({ method: 'get', path: `/admin/forms/${FORM_ID}/staff` }),
    malformed: () => [
      [{ method: 'get', path: `/admin/forms/${FORM_ID}/staff?kind=both` }, 400],
      [{ method: 'get', path: `/admin/forms/${FORM_ID}/staff?cursor=x` }, 400],
      [{ method: 'get', path: '/admin/forms/no-such-form/staff' }, 404],
    ],
  },
  'GET assessments': {
    who: 'staff',
    call: () => ({ method: 'get', path: `/admin/forms/${FORM_ID}/assessments?staffId=rob` }),
    malformed: () => [
      [{ method: 'get', path: `/admin/forms/${FORM_ID}/assessments?staffId=a%20b` }, 400],
      [{ method: 'get', path: `/admin/forms/${FORM_ID}/assessments?cursor=zzz` }, 400],
      [{ method: 'get', path: `/admin/forms/${FORM_ID}/assessments?kind=essay` }, 400],
      [{ method: 'get', path: '/admin/forms/no-such-form/assessments' }, 404],
    ],
  },
  'POST auto-assign preview': {
    who: 'super',
    call: () => ({
      method: 'post',
      path: `/admin/forms/${FORM_ID}/auto-assign/preview`,
      body: { reviewersPerApplication: 1 },
    }),
    malformed: () => [
      [{ method: 'post', path: `/admin/forms/${FORM_ID}/auto-assign/preview`, body: {} }, 400],
      [
        { method: 'post', path: `/admin/forms/${FORM_ID}/auto-assign/preview`, body: { reviewersPerApplication: 0 } },
        400,
      ],
      [
        {
          method: 'post',
          path: `/admin/forms/${FORM_ID}/auto-assign/preview`,
          body: { reviewersPerApplication: 1, kind: 'interview' },
        },
        400,
      ],
      [
        { method: 'post', path: '/admin/forms/no-such-form/auto-assign/preview', body: { reviewersPerApplication: 1 } },
        404,
      ],
    ],
  },
  'POST auto-assign': {
    who: 'super',
    call: () => ({
      method: 'post',
      path: `/admin/forms/${FORM_ID}/auto-assign`,
      body: { reviewersPerApplication: 1, planId: 'x' },
    }),
    malformed: () => [
      [{ method: 'post', path: `/admin/forms/${FORM_ID}/auto-assign`, body: { reviewersPerApplication: 1 } }, 400],
      [
        {
          method: 'post',
          path: `/admin/forms/${FORM_ID}/auto-assign`,
          body: { reviewersPerApplication: 9, planId: 'x' },
        },
        400,
      ],
      [
        {
          method: 'post',
          path: `/admin/forms/${FORM_ID}/auto-assign`,
          body: { reviewersPerApplication: 1, planId: 'x' },
        },
        409,
      ],
    ],
  },
  'POST release': {
    who: 'super',
    call: () => ({ method: 'post', path: `/admin/forms/${FORM_ID}/release`, body: {} }),
    malformed: () => [
      [{ method: 'post', path: `/admin/forms/${FORM_ID}/release`, body: { decisionsReleased: true } }, 400],
      [{ method: 'post', path: '/admin/forms/no-such-form/release', body: {} }, 404],
      [{ method: 'post', path: `/admin/forms/${FORM_ID}/release`, body: {} }, 409],
    ],
  },
  'POST assignments': {
    who: 'super',
    call: () => ({
      method: 'post',
      path: '/admin/assignments',
      body: { kind: 'review', assignments: [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }] },
    }),
    malformed: () => [
      [{ method: 'post', path: '/admin/assignments', body: { kind: 'review', assignments: [] } }, 400],
      [
        {
          method: 'post',
          path: '/admin/assignments',
          body: { kind: 'essay', assignments: [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }] },
        },
        400,
      ],
      [
        {
          method: 'post',
          path: '/admin/assignments',
          body: { kind: 'review', assignments: [{ responseId: 'x', role: 'engineer', staffId: 'rita' }] },
        },
        400,
      ],
      [
        {
          method: 'post',
          path: '/admin/assignments',
          body: { kind: 'review', assignments: [{ responseId: ada.id, role: 'engineer', staffId: 'rob' }] },
        },
        400,
      ],
      [
        {
          method: 'post',
          path: '/admin/assignments',
          body: { kind: 'review', assignments: [{ responseId: ada.id, role: 'ceo', staffId: 'rita' }], extra: 1 },
        },
        400,
      ],
    ],
  },
  'DELETE assessment': {
    who: 'super',
    call: () => ({ method: 'delete', path: `/admin/assessments/review/${assessmentId}` }),
    malformed: () => [
      [{ method: 'delete', path: `/admin/assessments/essay/${assessmentId}` }, 404],
      [{ method: 'delete', path: `/admin/assessments/interview/${assessmentId}` }, 404],
      [{ method: 'delete', path: '/admin/assessments/review/not-a-uuid' }, 404],
      [{ method: 'delete', path: `/admin/assessments/review/${UNKNOWN}` }, 404],
    ],
  },
  'GET assessment': {
    who: 'staff',
    call: () => ({ method: 'get', path: `/admin/assessments/review/${assessmentId}` }),
    malformed: () => [
      [{ method: 'get', path: `/admin/assessments/essay/${assessmentId}` }, 404],
      [{ method: 'get', path: '/admin/assessments/review/not-a-uuid' }, 404],
      [{ method: 'get', path: `/admin/assessments/review/${UNKNOWN}` }, 404],
    ],
  },
  'PUT assessment': {
    who: 'staff',
    call: () => ({
      method: 'put',
      path: `/admin/assessments/review/${assessmentId}`,
      body: { scores: SCORES, comments: '', version: 0 },
    }),
    malformed: () => {
      const path = `/admin/assessments/review/${assessmentId}`;
      return [
        [{ method: 'put', path, body: { scores: { motivation: '4' }, comments: '', version: 0 } }, 400],
        [{ method: 'put', path, body: { scores: {}, comments: '' } }, 400],
        [{ method: 'put', path, body: { scores: {}, comments: '', version: -1 } }, 400],
        [{ method: 'put', path, body: { scores: { 'a b': 1 }, comments: '', version: 0 } }, 400],
        [{ method: 'put', path, body: { scores: { motivation: 1.5 }, comments: '', version: 0 } }, 400],
        [{ method: 'put', path, body: { scores: { motivation: 5 }, comments: '', version: 0 } }, 400],
        [{ method: 'put', path, body: { scores: {}, comments: '', version: 0, state: 'submitted' } }, 400],
        [{ method: 'put', path, body: { scores: {}, comments: '', version: 3 } }, 409],
        [
          {
            method: 'put',
            path: `/admin/assessments/review/${UNKNOWN}`,
            body: { scores: {}, comments: '', version: 0 },
          },
          404,
        ],
      ];
    },
  },
  'POST assessment submit': {
    who: 'staff',
    call: () => ({
      method: 'post',
      path: `/admin/assessments/review/${assessmentId}/submit`,
      body: { scores: SCORES, comments: '', version: 0 },
    }),
    malformed: () => {
      const path = `/admin/assessments/review/${assessmentId}/submit`;
      return [
        [{ method: 'post', path, body: {} }, 400],
        [{ method: 'post', path, body: { scores: { motivation: 4 }, comments: '', version: 0 } }, 400],
        [{ method: 'post', path, body: { scores: SCORES, comments: 7, version: 0 } }, 400],
        [
          {
            method: 'post',
            path: '/admin/assessments/review/nope/submit',
            body: { scores: SCORES, comments: '', version: 0 },
          },
          404,
        ],
      ];
    },
  },
  'POST assessment reopen': {
    who: 'super',
    call: () => ({ method: 'post', path: `/admin/assessments/review/${assessmentId}/reopen`, body: {} }),
    malformed: () => [
      [{ method: 'post', path: `/admin/assessments/review/${assessmentId}/reopen`, body: { state: 'draft' } }, 400],
      [{ method: 'post', path: `/admin/assessments/review/${assessmentId}/reopen`, body: {} }, 409],
      [{ method: 'post', path: `/admin/assessments/review/${UNKNOWN}/reopen`, body: {} }, 404],
    ],
  },
  'GET response': {
    who: 'staff',
    call: () => ({ method: 'get', path: `/admin/responses/${ada.id}` }),
    malformed: () => [
      [{ method: 'get', path: '/admin/responses/not-a-uuid' }, 404],
      [{ method: 'get', path: `/admin/responses/${UNKNOWN}` }, 404],
    ],
  },
  'PUT qualified': {
    who: 'super',
    call: () => ({ method: 'put', path: `/admin/rows/${ada.id}/engineer/qualified`, body: { qualified: true } }),
    malformed: () => [
      [{ method: 'put', path: `/admin/rows/${ada.id}/engineer/qualified`, body: { qualified: 'yes' } }, 400],
      [{ method: 'put', path: `/admin/rows/${ada.id}/engineer/qualified`, body: {} }, 400],
      [{ method: 'put', path: `/admin/rows/${ada.id}/ceo/qualified`, body: { qualified: true } }, 404],
      [{ method: 'put', path: `/admin/rows/${ada.id}/designer/qualified`, body: { qualified: true } }, 404],
      [{ method: 'put', path: `/admin/rows/bad/engineer/qualified`, body: { qualified: true } }, 404],
    ],
  },
  'PUT decision': {
    who: 'super',
    call: () => ({ method: 'put', path: `/admin/rows/${ada.id}/engineer/decision`, body: { decision: 'accepted' } }),
    malformed: () => [
      [{ method: 'put', path: `/admin/rows/${ada.id}/engineer/decision`, body: { decision: 'interview' } }, 400],
      [
        {
          method: 'put',
          path: `/admin/rows/${ada.id}/engineer/decision`,
          body: { decision: 'accepted', final: false },
        },
        400,
      ],
      [{ method: 'put', path: `/admin/rows/${UNKNOWN}/engineer/decision`, body: { decision: 'accepted' } }, 404],
    ],
  },
};

function send(caller: Caller | null, call: Call) {
  if (caller === null) {
    const test = request(harness.server)[call.method](`/api${call.path}`);
    return call.method === 'get' || call.method === 'delete' ? test : test.send(call.body ?? {});
  }
  const as = harness.as(caller);
  return call.method === 'get' || call.method === 'delete'
    ? as[call.method](call.path)
    : as[call.method](call.path, call.body);
}

async function refused(caller: Caller | null, call: Call) {
  const before = await dumpStore(harness);
  const res = await send(caller, call);
  expect(await dumpStore(harness)).toEqual(before);
  return res;
}

const entries = Object.entries(ROUTES);

describe.each(entries)('%s', (_name, route) => {
  it('answers 401 without a token and 403 to an unverified caller, writing nothing', async () => {
    expect((await refused(null, route.call())).status).toBe(401);
    expect((await refused('unverified', route.call())).body.error.code).toBe('email-not-verified');
  });

  it('answers 403 to an applicant, writing nothing', async () => {
    const res = await refused('ada', route.call());
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'forbidden',
      message: route.who === 'super' ? STAFF_MESSAGES.superReviewerOnly : STAFF_MESSAGES.staffOnly,
    });
  });

  it('answers 403 to a reviewer not assigned, writing nothing', async () => {
    const res = await refused('rita', route.call());
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      route.who === 'super' ? STAFF_MESSAGES.superReviewerOnly : STAFF_MESSAGES.notAssigned,
    );
  });

  it('answers malformed input with 4xx as the super-reviewer, writing nothing', async () => {
    for (const [call, status] of route.malformed()) {
      const res = await refused('dora', call);
      expect({ call, status: res.status }).toEqual({ call, status });
      expect(res.body.error.code).toEqual(expect.any(String));
    }
  });
});

it('covers every route of the staff API table', () => {
  expect(entries).toHaveLength(15);
});

it('refuses a body that is not JSON with 4xx, writing nothing', async () => {
  const before = await dumpStore(harness);
  const res = await request(harness.server)
    .put(`/api/admin/assessments/review/${assessmentId}`)
    .set('Authorization', 'Bearer token-dora')
    .set('Content-Type', 'application/json')
    .send('{"scores":');
  expect(res.status).toBe(400);
  expect(await dumpStore(harness)).toEqual(before);
});

import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import type request from 'supertest';
import { withAnswer, type ApplicationResponse, type UploadedFile } from '@portal/shared/domain';
import { MAX_UPLOAD_BODY_BYTES } from '../files/files.routes';
import { COLLECTIONS } from '../store/collections';
import { CALLERS, words } from '../testing/api-harness';
import { dumpStore } from '../testing/staff-fixtures';
import { createFixture, expectSameStore, PDF, type Fixture, type Stage } from '../testing/security/fixtures';
import {
  allowedCaller,
  call,
  callerOf,
  concretePath,
  defaultParams,
  inputOf,
  MATRIX,
  type MatrixRow,
} from '../testing/security/route-matrix';

/**
 * Hostile input on every route that takes a body, a query or a file, sent by a caller the route
 * otherwise allows: each refusal is a 4xx with `{ error: { code, message } }` and leaves the store
 * as it was; text that is accepted comes back as JSON text, unchanged. The routes come from the
 * authorization matrix, so a new route with input is covered here as soon as it has its row.
 */

jest.setTimeout(120_000);

const rows = Object.entries(MATRIX);

const byInput = (input: ReturnType<typeof inputOf>) => rows.filter(([, row]) => inputOf(row) === input);
const BODY_ROUTES = byInput('body');
const QUERY_ROUTES = byInput('query');
const UPLOAD_ROUTES = byInput('upload');
const NO_INPUT_ROUTES = byInput('none');

const UNICODE = {
  'lone surrogate': '\ud800',
  'RTL override': 'abc\u202Efdp.exe',
  'zero-width joiner': 'a\u200d\u200db',
  emoji: '👩🏽‍💻🚀',
  NUL: 'a\u0000b',
} as const;
const SCRIPT = '<script>alert(1)</script>';
const ONE_MB_PLUS = 'a'.repeat(1_100_000);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Every path to a string inside `value`, walking only the first element of each list. */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.length > 0 ? stringPaths(value[0], [...at, 0]) : [];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => stringPaths(child, [...at, key]));
  }
  return [];
}

function setAt(value: unknown, at: (string | number)[], leaf: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at[at.length - 1]!] = leaf;
  return copy;
}

async function withFixture<T>(row: MatrixRow, run: (fixture: Fixture) => Promise<T>): Promise<T> {
  const fixture = await createFixture(row.stage ?? 'submitted');
  try {
    await row.prepare?.(fixture);
    return await run(fixture);
  } finally {
    await fixture.harness.close();
  }
}

function expectErrorBody(res: request.Response, context: string) {
  const error = (res.body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  expect({ context, type: res.type, code: typeof error?.code, message: typeof error?.message }).toEqual({
    context,
    type: 'application/json',
    code: 'string',
    message: 'string',
  });
  expect({ context, empty: (error!.message as string).trim() === '' }).toEqual({ context, empty: false });
}

/** A refused call: a 4xx (one of `statuses` when given), a clear error, and the store unchanged. */
async function expectRefused(
  fixture: Fixture,
  send: () => Promise<request.Response>,
  context: string,
  statuses?: number[],
): Promise<request.Response> {
  const before = await dumpStore(fixture.harness);
  const res = await send();
  expect({ context, status: res.status, clientError: res.status >= 400 && res.status < 500 }).toEqual({
    context,
    status: statuses?.includes(res.status) === false ? statuses : res.status,
    clientError: true,
  });
  expectErrorBody(res, context);
  expectSameStore({ context }, await dumpStore(fixture.harness), before);
  return res;
}

/**
 * Text that a route may accept: never a 5xx; a refusal is a clean one; an answer is JSON, and any
 * echo of the text is the text itself (no markup, no mangling).
 */
async function expectSafe(fixture: Fixture, send: () => Promise<request.Response>, text: string, context: string) {
  const before = await dumpStore(fixture.harness);
  const res = await send();
  expect({ context, serverError: res.status >= 500 }).toEqual({ context, serverError: false });
  if (res.status >= 400) {
    expectErrorBody(res, context);
    expectSameStore({ context }, await dumpStore(fixture.harness), before);
    return;
  }
  if (res.status === 204) return;
  expect({ context, type: res.type }).toEqual({ context, type: 'application/json' });
  if (text === SCRIPT && res.text.includes('alert(1)')) {
    const echoed = JSON.stringify(res.body);
    expect({ context, echoedIntact: echoed.split('alert(1)').length === echoed.split(SCRIPT).length }).toEqual({
      context,
      echoedIntact: true,
    });
  }
}

const proto = {
  assertClean: () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  },
};

/* ------------------------------------------------------------------ routes without input */

describe('routes without input', () => {
  it.each(NO_INPUT_ROUTES)('%s is skipped: it has a reason', (_key, row) => {
    expect(row.noInput).toEqual(expect.any(String));
  });
});

/* ------------------------------------------------------------------ JSON bodies */

interface BodyCase {
  name: string;
  /** Raw text sent as is, or a value sent as JSON. */
  raw?: string;
  json?: unknown;
  contentType?: string;
  statuses?: number[];
  /** Free text the route may accept. */
  text?: string;
}

function bodyCases(valid: Record<string, unknown>, optional: string[] = []): BodyCase[] {
  const keys = Object.keys(valid);
  const fields = JSON.stringify(valid).slice(1, -1);
  const rest = fields ? `,${fields}` : '';
  const firstArray = stringPaths(valid).find((at) => at.includes(0));
  const arrayAt = firstArray ? firstArray.slice(0, firstArray.indexOf(0)) : [keys[0] ?? 'items'];
  const cases: BodyCase[] = [
    { name: 'null body', raw: 'null', statuses: [400] },
    { name: 'array body', raw: '[]', statuses: [400] },
    { name: 'array of the valid body', raw: `[${JSON.stringify(valid)}]`, statuses: [400] },
    { name: 'number body', raw: '42', statuses: [400] },
    { name: 'string body', raw: '"text"', statuses: [400] },
    { name: 'boolean body', raw: 'true', statuses: [400] },
    ...keys
      .filter((key) => !optional.includes(key))
      .map((key) => ({ name: `missing ${key}`, json: { ...valid, [key]: undefined }, statuses: [400] })),
    ...keys.map((key) => ({ name: `${key} as a wrong type`, json: { ...valid, [key]: wrongType(valid[key]) } })),
    { name: 'an extra field', json: { ...valid, unexpected: true }, statuses: [400] },
    { name: '__proto__ key', raw: `{"__proto__":{"polluted":true}${rest}}`, statuses: [400] },
    {
      name: 'constructor.prototype key',
      raw: `{"constructor":{"prototype":{"polluted":true}}${rest}}`,
      statuses: [400],
    },
    { name: 'a 1 MB+ string', json: { ...valid, [keys[0] ?? 'padding']: ONE_MB_PLUS }, statuses: [413, 400] },
    { name: 'a 100k-element array', json: setAt(valid, arrayAt, Array(100_000).fill('x')), statuses: [400, 413] },
    { name: 'text/plain', raw: JSON.stringify(valid), contentType: 'text/plain', statuses: [415] },
    { name: 'form-encoded', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', statuses: [415] },
    { name: 'malformed JSON', raw: `${JSON.stringify(valid).slice(0, -1)},`, statuses: [400] },
    { name: 'truncated JSON', raw: '{"a":', statuses: [400] },
  ];
  for (const at of stringPaths(valid)) {
    const field = at.join('.');
    for (const [name, text] of Object.entries(UNICODE)) {
      cases.push({ name: `${name} in ${field}`, json: setAt(valid, at, text), text });
    }
    cases.push({ name: `script tag in ${field}`, json: setAt(valid, at, SCRIPT), text: SCRIPT });
  }
  return cases;
}

/** A value of another JSON type than `value`. */
function wrongType(value: unknown): unknown {
  switch (kindOf(value)) {
    case 'string':
      return 12345;
    case 'number':
      return '1';
    case 'boolean':
      return 'true';
    case 'array':
      return { 0: 'x' };
    default:
      return ['x'];
  }
}

function sendBody(fixture: Fixture, key: string, row: MatrixRow, body: BodyCase) {
  const test = call(fixture.harness, callerOf(allowedCaller(row)), key, concretePath(key, fixture));
  if (body.raw !== undefined) return test.set('Content-Type', body.contentType ?? 'application/json').send(body.raw);
  return test.send(body.json as object);
}

describe.each(BODY_ROUTES)('%s (JSON body)', (key, row) => {
  it('refuses or safely stores each hostile body (each on a fresh fixture)', async () => {
    const names = await withFixture(row, async (fixture) =>
      bodyCases(row.body!(fixture), row.optionalFields).map((each) => each.name),
    );
    for (const name of names) {
      await withFixture(row, async (fixture) => {
        const body = bodyCases(row.body!(fixture), row.optionalFields).find((each) => each.name === name)!;
        const send = async () => sendBody(fixture, key, row, body);
        if (body.text !== undefined) await expectSafe(fixture, send, body.text, `${key}: ${name}`);
        else await expectRefused(fixture, send, `${key}: ${name}`, body.statuses);
      });
      proto.assertClean();
    }
  });

  it('refuses generated invalid bodies (fast-check)', async () => {
    await withFixture(row, async (fixture) => {
      const good = row.body!(fixture);
      const keys = Object.keys(good);
      const roundTrip = (value: unknown): Json => {
        const text = JSON.stringify(value);
        return text === undefined ? null : (JSON.parse(text) as Json);
      };
      const send = (body: unknown, context: string) =>
        expectRefused(
          fixture,
          async () => sendBody(fixture, key, row, { name: context, raw: JSON.stringify(body) }),
          context,
        );

      // An unknown key, whatever its value, is always refused (every body schema is strict).
      await fc.assert(
        fc.asyncProperty(
          fc.string({ minLength: 1 }).filter((name) => !keys.includes(name)),
          fc.anything(),
          async (name, value) => {
            await send({ ...good, [name]: roundTrip(value) }, `${key}: extra key ${JSON.stringify(name)}`);
          },
        ),
        { numRuns: 50 },
      );
      // A body that is not an object.
      await fc.assert(
        fc.asyncProperty(
          fc
            .anything()
            .map(roundTrip)
            .filter((value) => kindOf(value) !== 'object'),
          async (value) => {
            await send(value, `${key}: body ${JSON.stringify(value)?.slice(0, 80)}`);
          },
        ),
        { numRuns: 50 },
      );
      // A required field of the wrong type.
      if (keys.length > 0) {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...keys), fc.anything().map(roundTrip), async (name, value) => {
            fc.pre(kindOf(value) !== kindOf(good[name]));
            await send({ ...good, [name]: value }, `${key}: ${name} = ${JSON.stringify(value)?.slice(0, 80)}`);
          }),
          { numRuns: 50 },
        );
      }
      proto.assertClean();
    });
  });
});

/* ------------------------------------------------------------------ queries */

describe.each(QUERY_ROUTES)('%s (query)', (key, row) => {
  const valid = row.query!;
  const keys = Object.keys(valid);
  const withQuery = (fixture: Fixture, query: string) => {
    const base = concretePath(key, fixture, {});
    return call(fixture.harness, callerOf(allowedCaller(row)), key, `${base}?${query}`);
  };
  const encode = (query: Record<string, string>) => new URLSearchParams(query).toString();

  it('refuses hostile queries and answers text safely', async () => {
    await withFixture(row, async (fixture) => {
      const refused: [string, string][] = [
        ['an extra parameter', encode({ ...valid, unexpected: '1' })],
        ['__proto__ parameter', `${encode(valid)}&__proto__=x`],
        ['__proto__[polluted] parameter', `${encode(valid)}&__proto__[polluted]=true`],
        ['constructor[prototype][polluted] parameter', `${encode(valid)}&constructor[prototype][polluted]=true`],
        ...keys.map((name): [string, string] => [`${name} twice`, `${encode(valid)}&${encodeURIComponent(name)}=1`]),
        ...keys.map((name): [string, string] => [`${name} 8000 chars`, encode({ ...valid, [name]: 'a'.repeat(8000) })]),
        ...keys.map((name): [string, string] => [`${name} as a list`, `${encode(valid)}&${name}[]=1`]),
      ];
      for (const [name, query] of refused) {
        await expectRefused(fixture, async () => withQuery(fixture, query), `${key}: ${name}`, [400]);
        proto.assertClean();
      }
      const texts = [...Object.values(UNICODE), SCRIPT];
      for (const name of [...keys, 'search']) {
        for (const text of texts) {
          await expectSafe(
            fixture,
            async () => withQuery(fixture, encode({ ...valid, [name]: text })),
            text,
            `${key}: ${name}=${JSON.stringify(text)}`,
          );
        }
      }
    });
  });

  it('refuses generated unknown parameters (fast-check)', async () => {
    await withFixture(row, async (fixture) => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .string({ minLength: 1 })
            .filter(
              (name) => !['tab', 'search', 'sort', 'dir', 'cursor', 'limit', 'kind', 'staffId', 'role'].includes(name),
            ),
          fc.anything().map((value) => String(JSON.stringify(value))),
          async (name, value) => {
            const query = `${encode(valid)}&${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
            await expectRefused(fixture, async () => withQuery(fixture, query), `${key}: ?${name}=…`);
          },
        ),
        { numRuns: 50 },
      );
      proto.assertClean();
    });
  });
});

/* ------------------------------------------------------------------ file upload */

/** The URI-encoded X-File-Name header; a lone surrogate becomes an invalid UTF-8 escape, as a hostile client would send. */
function encodeName(name: string): string {
  return [...name].map((char) => (/^[\ud800-\udfff]$/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
}

/** Every file under `root`, relative. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const TRAVERSAL_NAMES = [
  '../../etc/passwd',
  '..\\..\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2F..%2Fetc%2Fpasswd',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  '....//....//etc/passwd',
  '.htaccess',
  'resume.pdf\u0000.exe',
  '\u202Efdp.exe',
  `${SCRIPT}.pdf`,
  '👩🏽‍💻.pdf',
  '\ud800.pdf',
  'x'.repeat(5000),
];

describe.each(UPLOAD_ROUTES)('%s (file upload)', (key, row) => {
  const upload = (fixture: Fixture, headers: Record<string, string>, content: Buffer | string = PDF) =>
    call(fixture.harness, callerOf(allowedCaller(row)), key, concretePath(key, fixture))
      .set({ 'Content-Type': 'application/pdf', 'X-File-Name': 'cv.pdf', ...headers })
      .send(content);

  it.each(TRAVERSAL_NAMES.map((name) => [JSON.stringify(name).slice(0, 60), name]))(
    'stores a sanitized name for %s and never writes outside the store',
    async (_label, name) => {
      await withFixture(row, async (fixture) => {
        const res = await upload(fixture, { 'X-File-Name': encodeName(name) });
        expect(res.status).toBe(201);
        const stored = res.body as UploadedFile;
        expect(stored.name).not.toMatch(/[/\\\0]|^\.|[\p{Cc}\p{Cf}]/u);
        expect(stored.name.length).toBeGreaterThan(0);
        const onDisk = await filesUnder(fixture.fileRoot);
        for (const file of onDisk) {
          expect(file).toMatch(/^(\.meta\/)?responses\/[0-9a-f-]{36}\/resume\/[0-9a-f-]{36}(\.json)?$/);
        }
        expect(onDisk).toContain(`responses/${fixture.responseId}/resume/${stored.id}`);
        // The download names the file with its sanitized name only.
        const download = await call(fixture.harness, 'ada', 'GET /api/files/:fileId', `/api/files/${stored.id}`);
        expect(download.status).toBe(200);
        expect(download.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''[^/\\]*$/);
      });
    },
  );

  it('accepts raw (unencoded) traversal names the same way', async () => {
    await withFixture(row, async (fixture) => {
      for (const name of ['../../etc/passwd', '..\\..\\win.ini', '/etc/passwd']) {
        const res = await upload(fixture, { 'X-File-Name': name });
        expect(res.status).toBe(201);
        expect((res.body as UploadedFile).name).not.toMatch(/[/\\]|^\./);
      }
    });
  });

  it('refuses wrong content, types and sizes', async () => {
    const cases: [string, Record<string, string>, Buffer | string, number[]][] = [
      ['text/plain', { 'Content-Type': 'text/plain' }, 'hello', [415]],
      ['JSON', { 'Content-Type': 'application/json' }, '{"a":1}', [415]],
      ['a script as a PDF', {}, `${SCRIPT}`, [415]],
      ['an empty body', {}, Buffer.alloc(0), [400]],
      ['a body over the limit', {}, Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BODY_BYTES)]), [413]],
    ];
    for (const [name, headers, content, statuses] of cases) {
      await withFixture(row, async (fixture) => {
        const before = await filesUnder(fixture.fileRoot);
        await expectRefused(fixture, async () => upload(fixture, headers, content), `${key}: ${name}`, statuses);
        expect(await filesUnder(fixture.fileRoot)).toEqual(before);
      });
    }
  });

  it('refuses generated names and content types with non-PDF bytes (fast-check)', async () => {
    await withFixture(row, async (fixture) => {
      await fc.assert(
        fc.asyncProperty(
          fc.string({ unit: 'binary' }),
          fc.oneof(fc.constant('application/pdf'), fc.stringMatching(/^[a-z]{1,10}\/[a-z0-9.+-]{1,20}$/)),
          fc
            .uint8Array({ minLength: 1, maxLength: 64 })
            .filter((bytes) => !Buffer.from(bytes).toString('latin1').startsWith('%PDF-')),
          async (name, type, bytes) => {
            await expectRefused(
              fixture,
              async () =>
                upload(fixture, { 'X-File-Name': encodeName(name), 'Content-Type': type }, Buffer.from(bytes)),
              `${key}: ${type} named ${JSON.stringify(name)}`,
            );
          },
        ),
        { numRuns: 50 },
      );
    });
  });
});

/* ------------------------------------------------------------------ malformed percent-encoding */

const PARAM_ROUTES = rows.filter(([key]) => key.includes('/:'));
/** Escapes no decoder accepts: a truncated UTF-8 sequence, a non-hex escape, a lone `%`. */
const MALFORMED_ESCAPES = ['%E0%A4%A', '%ZZ', '%'];

describe.each(PARAM_ROUTES)('%s (malformed percent-encoding in a parameter)', (key, row) => {
  it('answers 400 invalid-request before any other check, signed in or not, and changes nothing', async () => {
    await withFixture(row, async (fixture) => {
      const valid = concretePath(key, fixture);
      const params = [...key.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      for (const name of params) {
        const segment = encodeURIComponent(defaultParams(fixture)[name] ?? '');
        for (const escape of MALFORMED_ESCAPES) {
          const path = valid.replace(segment, escape);
          for (const who of ['anonymous', allowedCaller(row)] as const) {
            const context = `${key}: :${name} = ${escape} as ${who}`;
            const res = await expectRefused(
              fixture,
              async () => call(fixture.harness, callerOf(who), key, path),
              context,
              [400],
            );
            expect({ context, code: res.body.error.code }).toEqual({ context, code: 'invalid-request' });
          }
        }
      }
    });
  });
});

/* ------------------------------------------------------------------ values that once got through */

interface KnownCase {
  key: string;
  /** The route's valid body, changed. */
  body: (valid: Record<string, unknown>) => unknown;
  /** The field the refusal names. */
  path: string;
}

/** A value, once accepted, that must stay refused with a 400 naming its field. */
const ONCE_ACCEPTED: [string, KnownCase][] = [
  [
    'a line break in a first name (a header of its own in an email subject)',
    {
      key: 'POST /api/auth/register',
      body: (valid) => ({ ...valid, firstName: 'Eve\r\nBcc: victim@example.org' }),
      path: 'firstName',
    },
  ],
  [
    'a control character in a last name',
    { key: 'POST /api/auth/update', body: (valid) => ({ ...valid, lastName: 'Tester\u0000' }), path: 'lastName' },
  ],
  [
    'a rubric criterion key Object.prototype already has (__proto__)',
    {
      key: 'POST /api/application/forms',
      body: (valid) => {
        const form = structuredClone(valid) as { reviewRubrics: { criteria: { key: string }[] }[] };
        form.reviewRubrics[0]!.criteria[0]!.key = '__proto__';
        return form;
      },
      path: 'reviewRubrics.0.criteria.0.key',
    },
  ],
  [
    '30 words joined by hyphens under a 10-word limit',
    {
      key: 'POST /api/application/submit',
      body: (valid) =>
        withAnswer(
          valid as unknown as ApplicationResponse,
          'about-you',
          'preferred-name',
          words(30).replace(/ /g, '-'),
        ),
      path: 'about-you.preferred-name',
    },
  ],
];

describe.each(ONCE_ACCEPTED)('%s', (name, known) => {
  it('is refused with 400, naming the field, and changes nothing', async () => {
    const row = MATRIX[known.key]!;
    await withFixture(row, async (fixture) => {
      const body: BodyCase = { name, json: known.body(row.body!(fixture)) };
      const context = `${known.key}: ${name}`;
      const res = await expectRefused(fixture, async () => sendBody(fixture, known.key, row, body), context, [400]);
      const paths = (res.body.error.details as { path: string }[]).map((issue) => issue.path);
      expect({ context, paths }).toEqual({ context, paths: expect.arrayContaining([known.path]) });
    });
  });
});

/* ------------------------------------------------------------------ floods, races, stale sessions */

describe('abuse that is valid input sent at the wrong time or too often', () => {
  const REGISTER = 'POST /api/auth/register';
  const UPDATE = 'POST /api/auth/update';
  const COMPLETE = 'POST /api/auth/complete';
  const UPLOAD = 'POST /api/files/:responseId/:questionId';
  const counters = async (fixture: Fixture) => (await fixture.harness.store.query(COLLECTIONS.rateLimits)).items;
  const onFixture = <T>(stage: Stage, run: (fixture: Fixture) => Promise<T>) =>
    withFixture({ stage, expect: {} } as unknown as MatrixRow, run);

  it('junk sign-ups and calls without a valid identity spend no rate-limit counter (one address locks nobody out)', async () => {
    await onFixture('submitted', async (fixture) => {
      const before = await counters(fixture);
      for (let i = 0; i < 5; i += 1) {
        for (const body of [{}, { email: 'x' }, { ...MATRIX[REGISTER]!.body!(fixture), extra: 1 }]) {
          await expectRefused(
            fixture,
            async () => call(fixture.harness, null, REGISTER, '/api/auth/register').send(body),
            `${REGISTER}: junk`,
            [400],
          );
        }
        for (const key of [UPDATE, COMPLETE]) {
          const path = concretePath(key, fixture);
          await expectRefused(
            fixture,
            async () => call(fixture.harness, null, key, path).send({}),
            `${key}: anonymous`,
            [401],
          );
          const forged = call(fixture.harness, null, key, path).set('Authorization', 'Bearer forged');
          await expectRefused(fixture, async () => forged.send({}), `${key}: forged token`, [401]);
        }
      }
      expect(await counters(fixture)).toEqual(before);
    });
  });

  it("a deleted user's old session (still valid for up to a minute) cannot recreate their record", async () => {
    await onFixture('submitted', async (fixture) => {
      const eve = callerOf('otherApplicant')!;
      expect(
        (await fixture.harness.as('dora').post('/admin/users/delete', { userIds: [CALLERS[eve].uid] })).status,
      ).toBe(200);
      await expectRefused(
        fixture,
        async () => call(fixture.harness, eve, COMPLETE, '/api/auth/complete').send(MATRIX[COMPLETE]!.body!(fixture)),
        `${COMPLETE}: deleted user`,
        [401],
      );
    });
  });

  it('30 parallel uploads to one question leave one record and only its bytes', async () => {
    await onFixture('draft', async (fixture) => {
      const path = concretePath(UPLOAD, fixture);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          call(fixture.harness, 'ada', UPLOAD, path)
            .set({ 'Content-Type': 'application/pdf', 'X-File-Name': 'cv.pdf' })
            .send(PDF),
        ),
      );
      expect(
        [...new Set(answers.map((res) => res.status))].filter((status) => status !== 201 && status !== 409),
      ).toEqual([]);
      const records = (await fixture.harness.store.query<UploadedFile>(COLLECTIONS.files)).items
        .map((item) => item.data)
        .filter((file) => file.questionId === 'resume');
      expect(records).toHaveLength(1);
      const stored = (await filesUnder(fixture.fileRoot)).filter((file) => !file.startsWith('.'));
      expect(stored).toEqual([`responses/${fixture.responseId}/resume/${records[0]!.id}`]);
    });
  });
});

/* ------------------------------------------------------------------ counts */

it('covers every route of the matrix', () => {
  expect(BODY_ROUTES.length + QUERY_ROUTES.length + UPLOAD_ROUTES.length + NO_INPUT_ROUTES.length).toBe(rows.length);
  expect(UPLOAD_ROUTES).toHaveLength(1);
});

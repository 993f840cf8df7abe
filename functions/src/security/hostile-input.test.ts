import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { withAnswer, type ApplicationResponse, type UploadedFile } from '@portal/shared/domain';
import { MAX_UPLOAD_BODY_BYTES } from '../files/files.routes';
import { COLLECTIONS } from '../store/collections';
import { CALLERS, words } from '../testing/api-harness';
import { PDF, type Fixture, type Stage } from '../testing/security/fixtures';
import {
  allowedCaller,
  call,
  callerOf,
  concretePath,
  defaultParams,
  MATRIX,
  type MatrixRow,
} from '../testing/security/route-matrix';
import {
  BODY_ROUTES,
  bodyRoutesPart,
  sendBody,
  type BodyCase,
  expectRefused,
  expectSafe,
  NO_INPUT_ROUTES,
  proto,
  QUERY_ROUTES,
  rows,
  SCRIPT,
  UNICODE,
  UPLOAD_ROUTES,
  withFixture,
} from '../testing/security/hostile-input';

/**
 * Hostile input on every route that takes a body, a query or a file, sent by a caller the route
 * otherwise allows: each refusal is a 4xx with `{ error: { code, message } }` and leaves the store
 * as it was; text that is accepted comes back as JSON text, unchanged. The routes come from the
 * authorization matrix, so a new route with input is covered here as soon as it has its row. The
 * JSON bodies are swept in hostile-bodies-N.test.ts, with this file's cases and checks
 * (testing/security/hostile-input.ts).
 */

jest.setTimeout(120_000);

/* ------------------------------------------------------------------ routes without input */

describe('routes without input', () => {
  it.each(NO_INPUT_ROUTES)('%s is skipped: it has a reason', (_key, row) => {
    expect(row.noInput).toEqual(expect.any(String));
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
  // The body sweep's two parts (hostile-bodies-1 and -2) hold every body route once.
  expect([...bodyRoutesPart(1, 2), ...bodyRoutesPart(2, 2)].map(([key]) => key).sort()).toEqual(
    BODY_ROUTES.map(([key]) => key).sort(),
  );
});

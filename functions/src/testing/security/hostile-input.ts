import fc from 'fast-check';
import type request from 'supertest';
import { createFixture, expectStoreUnchanged, snapshotStore, type Fixture } from './fixtures';
import { allowedCaller, call, callerOf, concretePath, inputOf, MATRIX, type MatrixRow } from './route-matrix';

/**
 * The hostile-input sweep's cases and checks (functions/src/security/hostile-input.test.ts says what
 * it proves). Its JSON bodies, most of its time, run in parts (hostile-bodies-N.test.ts), so that
 * jest's workers share them.
 */

export const rows = Object.entries(MATRIX);

const byInput = (input: ReturnType<typeof inputOf>) => rows.filter(([, row]) => inputOf(row) === input);
export const BODY_ROUTES = byInput('body');
export const QUERY_ROUTES = byInput('query');
export const UPLOAD_ROUTES = byInput('upload');
export const NO_INPUT_ROUTES = byInput('none');

export const UNICODE = {
  'lone surrogate': '\ud800',
  'RTL override': 'abc\u202Efdp.exe',
  'zero-width joiner': 'a\u200d\u200db',
  emoji: '👩🏽‍💻🚀',
  NUL: 'a\u0000b',
} as const;
export const SCRIPT = '<script>alert(1)</script>';
const ONE_MB_PLUS = 'a'.repeat(1_100_000);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

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

export async function withFixture<T>(row: MatrixRow, run: (fixture: Fixture) => Promise<T>): Promise<T> {
  const fixture = await createFixture(row.stage ?? 'submitted');
  try {
    await row.prepare?.(fixture);
    return await run(fixture);
  } finally {
    await fixture.harness.close();
  }
}

export function expectErrorBody(res: request.Response, context: string) {
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
export async function expectRefused(
  fixture: Fixture,
  send: () => Promise<request.Response>,
  context: string,
  statuses?: number[],
): Promise<request.Response> {
  const before = snapshotStore(fixture);
  const res = await send();
  expect({ context, status: res.status, clientError: res.status >= 400 && res.status < 500 }).toEqual({
    context,
    status: statuses?.includes(res.status) === false ? statuses : res.status,
    clientError: true,
  });
  expectErrorBody(res, context);
  await expectStoreUnchanged({ context }, fixture, before);
  return res;
}

/**
 * Text that a route may accept: never a 5xx; a refusal is a clean one; an answer is JSON, and any
 * echo of the text is the text itself (no markup, no mangling).
 */
export async function expectSafe(
  fixture: Fixture,
  send: () => Promise<request.Response>,
  text: string,
  context: string,
) {
  const before = snapshotStore(fixture);
  const res = await send();
  expect({ context, serverError: res.status >= 500 }).toEqual({ context, serverError: false });
  if (res.status >= 400) {
    expectErrorBody(res, context);
    await expectStoreUnchanged({ context }, fixture, before);
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

export const proto = {
  assertClean: () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  },
};

/* ------------------------------------------------------------------ JSON bodies */

export interface BodyCase {
  name: string;
  /** Raw text sent as is, or a value sent as JSON. */
  raw?: string;
  json?: unknown;
  contentType?: string;
  statuses?: number[];
  /** Free text the route may accept. */
  text?: string;
}

/**
 * A case as listed: its body made only when sent (each case is sent on a fresh fixture, so a list
 * of made bodies, a 1 MB string and a 100k-element array among them, was made once per case).
 */
type ListedCase = Omit<BodyCase, 'raw' | 'json'> & { body: () => Pick<BodyCase, 'raw' | 'json'> };

function bodyCases(valid: Record<string, unknown>, optional: string[] = []): ListedCase[] {
  const keys = Object.keys(valid);
  const fields = () => JSON.stringify(valid).slice(1, -1);
  const rest = () => (fields() ? `,${fields()}` : '');
  const arrayAt = () => {
    const firstArray = stringPaths(valid).find((at) => at.includes(0));
    return firstArray ? firstArray.slice(0, firstArray.indexOf(0)) : [keys[0] ?? 'items'];
  };
  const raw = (text: () => string) => () => ({ raw: text() });
  const json = (value: () => unknown) => () => ({ json: value() });
  const cases: ListedCase[] = [
    { name: 'null body', body: raw(() => 'null'), statuses: [400] },
    { name: 'array body', body: raw(() => '[]'), statuses: [400] },
    { name: 'array of the valid body', body: raw(() => `[${JSON.stringify(valid)}]`), statuses: [400] },
    { name: 'number body', body: raw(() => '42'), statuses: [400] },
    { name: 'string body', body: raw(() => '"text"'), statuses: [400] },
    { name: 'boolean body', body: raw(() => 'true'), statuses: [400] },
    ...keys
      .filter((key) => !optional.includes(key))
      .map((key) => ({ name: `missing ${key}`, body: json(() => ({ ...valid, [key]: undefined })), statuses: [400] })),
    ...keys.map((key) => ({
      name: `${key} as a wrong type`,
      body: json(() => ({ ...valid, [key]: wrongType(valid[key]) })),
    })),
    { name: 'an extra field', body: json(() => ({ ...valid, unexpected: true })), statuses: [400] },
    { name: '__proto__ key', body: raw(() => `{"__proto__":{"polluted":true}${rest()}}`), statuses: [400] },
    {
      name: 'constructor.prototype key',
      body: raw(() => `{"constructor":{"prototype":{"polluted":true}}${rest()}}`),
      statuses: [400],
    },
    {
      name: 'a 1 MB+ string',
      body: json(() => ({ ...valid, [keys[0] ?? 'padding']: ONE_MB_PLUS })),
      statuses: [413, 400],
    },
    {
      name: 'a 100k-element array',
      body: json(() => setAt(valid, arrayAt(), Array(100_000).fill('x'))),
      statuses: [400, 413],
    },
    { name: 'text/plain', body: raw(() => JSON.stringify(valid)), contentType: 'text/plain', statuses: [415] },
    {
      name: 'form-encoded',
      body: raw(() => 'a=1&b=2'),
      contentType: 'application/x-www-form-urlencoded',
      statuses: [415],
    },
    { name: 'malformed JSON', body: raw(() => `${JSON.stringify(valid).slice(0, -1)},`), statuses: [400] },
    { name: 'truncated JSON', body: raw(() => '{"a":'), statuses: [400] },
  ];
  for (const at of stringPaths(valid)) {
    const field = at.join('.');
    for (const [name, text] of Object.entries(UNICODE)) {
      cases.push({ name: `${name} in ${field}`, body: json(() => setAt(valid, at, text)), text });
    }
    cases.push({ name: `script tag in ${field}`, body: json(() => setAt(valid, at, SCRIPT)), text: SCRIPT });
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

export function sendBody(fixture: Fixture, key: string, row: MatrixRow, body: BodyCase) {
  const test = call(fixture.harness, callerOf(allowedCaller(row)), key, concretePath(key, fixture));
  if (body.raw !== undefined) return test.set('Content-Type', body.contentType ?? 'application/json').send(body.raw);
  return test.send(body.json as object);
}

/** The body routes of part `part` (from 1) of `parts`: every `parts`-th route of the matrix's order. */
export function bodyRoutesPart(part: number, parts: number): typeof BODY_ROUTES {
  return BODY_ROUTES.filter((_, index) => index % parts === part - 1);
}

/** The sweep of the JSON bodies of part `part` (from 1) of `parts` of the body routes. */
export function sweepHostileBodies(part: number, parts: number): void {
  describe.each(bodyRoutesPart(part, parts))('%s (JSON body)', (key, row) => {
    it('refuses or safely stores each hostile body (each on a fresh fixture)', async () => {
      const names = await withFixture(row, async (fixture) =>
        bodyCases(row.body!(fixture), row.optionalFields).map((each) => each.name),
      );
      for (const name of names) {
        await withFixture(row, async (fixture) => {
          const listed = bodyCases(row.body!(fixture), row.optionalFields).find((each) => each.name === name)!;
          const body: BodyCase = { ...listed, ...listed.body() };
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
}

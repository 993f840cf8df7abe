/**
 * The API's own speed against Express's (loopback, 50 connections, one run): a bare Express echo in a
 * process of its own, then the portal started as `npm start` starts it: `GET /api/health`, an
 * authenticated read (`GET /api/responses/mine`) and an authenticated save (`PUT
 * /api/application/save/{id}`, each connection saving its own applicant's response with the version
 * the last save answered). Prints each route's req/s, latency and its ratio to the echo.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import type { ApplicationResponse } from '@portal/shared/domain';
import { startPortalProcess } from '../tools/portal-process';
import { PORT_OFFSET } from '../tools/port-offset';
import { createVerifiedApplicant, type BenchApplicant } from './support/accounts';
import { treeCpuMs } from './support/process-cpu';
import { edited } from './support/load-saves';
import { BENCH_STORE } from './support/bench-store';
import { startWatchdog } from './support/watchdog';

const PROJECT_ID = 'demo-portal';
const FORM_ID = 'demo-form-spring';
const PORT = 18680 + PORT_OFFSET;
const AUTH_EMULATOR_PORT = 18681 + PORT_OFFSET;
const ECHO_PORT = 18690 + PORT_OFFSET;
/** Used with PORTAL_STORE=firestore-emulator (the Auth emulator takes the two ports after its own). */
const FIRESTORE_EMULATOR_PORT = 18685 + PORT_OFFSET;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
/** BENCH_ROUTES=health,read,save (default all): the portal routes to run, e.g. to profile one (PORTAL_CPU_PROF). */
const ROUTES = new Set((process.env.BENCH_ROUTES ?? 'health,read,save').split(',').map((route) => route.trim()));

interface RouteResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
  /** The non-2xx statuses and their counts. */
  statuses: string;
  errors: number;
  /** The portal process's CPU milliseconds per answered request (null for the echo). */
  cpuPerRequestMs: number | null;
}

/** Runs the route for the warm-up, then `afterWarmUp` (if any), then the measured seconds. */
async function cannon(
  label: string,
  options: autocannon.Options,
  afterWarmUp?: () => Promise<void>,
  serverCpuMs: () => number | null = () => null,
): Promise<RouteResult> {
  await autocannon({ ...options, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
  await afterWarmUp?.();
  const cpuBefore = serverCpuMs();
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS });
  const cpuAfter = serverCpuMs();
  const answered = result['2xx'] + result.non2xx;
  return {
    cpuPerRequestMs: cpuBefore !== null && cpuAfter !== null && answered > 0 ? (cpuAfter - cpuBefore) / answered : null,
    label,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx,
    statuses: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stat]) => `${code}: ${stat.count ?? 0}`)
      .join(', '),
    errors: result.errors + result.timeouts,
  };
}

async function startEcho(): Promise<{ url: string; pid: number; stop(): void }> {
  const tsx = path.resolve(__dirname, '../node_modules/.bin/tsx');
  const child = spawn(tsx, [path.join(__dirname, 'support/echo-server.ts')], {
    env: { ...process.env, PORT: String(ECHO_PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the echo server exited (code ${code}): ${output}`)));
  });
  return { url, pid: child.pid ?? -1, stop: () => child.kill('SIGTERM') };
}

/** The stored response (a save cut off at the end of the warm-up may have moved its version on). */
async function storedResponse(baseUrl: string, applicant: BenchApplicant, id: string): Promise<ApplicationResponse> {
  const res = await fetch(`${baseUrl}/api/responses/${id}`, {
    headers: { Authorization: `Bearer ${applicant.idToken}` },
  });
  if (res.status !== 200) throw new Error(`read ${applicant.email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as ApplicationResponse;
}

async function startedResponse(baseUrl: string, applicant: BenchApplicant): Promise<ApplicationResponse> {
  const res = await fetch(`${baseUrl}/api/responses`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${applicant.idToken}` },
    body: JSON.stringify({ formId: FORM_ID }),
  });
  if (res.status !== 201) throw new Error(`start ${applicant.email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as ApplicationResponse;
}

/**
 * Each connection saves its own applicant's response, based on the version its last save answered.
 * The connection's state lives in a closure made per client: autocannon clears a request's context
 * before each request (it starts its list of requests over), which had each request take the next
 * applicant in turn, so two connections at times saved one response at once and one got a 409.
 */
function saveClients(applicants: BenchApplicant[], responses: Map<string, ApplicationResponse>) {
  let next = 0;
  return (client: autocannon.Client) => {
    const index = next++ % applicants.length;
    const applicant = applicants[index]!;
    let counter = 0;
    client.setRequests([
      {
        method: 'PUT',
        setupRequest: (request: autocannon.Request) => {
          counter += 1;
          const response = responses.get(applicant.uid)!;
          return {
            ...request,
            path: `/api/application/save/${response.id}`,
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${applicant.idToken}` },
            body: JSON.stringify(edited(response, index, counter)),
          };
        },
        onResponse: (status: number, body: string) => {
          // A 409 answers a save based on an older version: the answer to the one before was lost
          // (autocannon reconnects after a timeout or a closed socket, dropping what was in
          // flight). It carries the stored response, which the next save builds on, as the editor
          // does after a conflict; else each later save of this connection would be refused too.
          const next =
            status === 200
              ? (JSON.parse(body) as ApplicationResponse)
              : status === 409
                ? (JSON.parse(body) as { error: { details: { current: ApplicationResponse } } }).error.details.current
                : undefined;
          if (next) responses.set(applicant.uid, next);
        },
      },
    ]);
  };
}

/**
 * The whole run is bounded; a watchdog that fires stops the echo server, the portal and its
 * emulators. On the Firestore emulator the start and the 50 accounts' first saves take longer.
 */
const RUN_LIMIT_MS = (BENCH_STORE === 'sqlite' ? 150_000 : 300_000) + 4 * (SECONDS + WARM_UP_SECONDS) * 1000;

async function main() {
  startWatchdog('api bench', RUN_LIMIT_MS);
  const echo = await startEcho();
  const results: RouteResult[] = [];
  const portal = await startPortalProcess({
    port: PORT,
    authEmulatorPort: AUTH_EMULATOR_PORT,
    firestoreEmulatorPort: FIRESTORE_EMULATOR_PORT,
  }).catch((error: unknown) => {
    echo.stop();
    throw error;
  });
  try {
    const stamp = Date.now();
    const applicants = await Promise.all(
      Array.from({ length: CONNECTIONS }, (_, i) =>
        createVerifiedApplicant(portal.url, PROJECT_ID, `api-bench-${stamp}-${i}@example.com`),
      ),
    );
    const responses = new Map<string, ApplicationResponse>();
    for (const applicant of applicants) responses.set(applicant.uid, await startedResponse(portal.url, applicant));
    console.log(
      `api: ${CONNECTIONS} connections, ${SECONDS} s per route after ${WARM_UP_SECONDS} s of warm-up, on loopback ` +
        `(echo ${echo.url}, portal ${portal.url}), store: ${BENCH_STORE}`,
    );

    // The server processes only (tsx's launcher and the node it runs), not the Auth emulator.
    const echoCpu = () => treeCpuMs(echo.pid, /echo-server\.ts/);
    const portalCpu = () => treeCpuMs(portal.pid, /start\.ts/);
    results.push(await cannon('bare Express echo', { url: `${echo.url}/echo` }, undefined, echoCpu));
    if (ROUTES.has('health'))
      results.push(await cannon('GET /api/health', { url: `${portal.url}/api/health` }, undefined, portalCpu));
    const reader = applicants[0]!;
    if (ROUTES.has('read'))
      results.push(
        await cannon(
          'GET /api/responses/mine (auth)',
          { url: `${portal.url}/api/responses/mine`, headers: { Authorization: `Bearer ${reader.idToken}` } },
          undefined,
          portalCpu,
        ),
      );
    if (ROUTES.has('save'))
      results.push(
        await cannon(
          'PUT /api/application/save (auth)',
          { url: portal.url, method: 'PUT', setupClient: saveClients(applicants, responses) },
          async () => {
            // Saves cut off at the end of the warm-up may still be running on the server.
            await delay(3000);
            for (const applicant of applicants) {
              const id = responses.get(applicant.uid)!.id;
              responses.set(applicant.uid, await storedResponse(portal.url, applicant, id));
            }
          },
          portalCpu,
        ),
      );
  } finally {
    await portal.stop();
    echo.stop();
  }

  const echoRate = results[0]!.requestsPerSecond;
  const echoCpuPerRequest = results[0]!.cpuPerRequestMs;
  const cpu = (row: RouteResult) =>
    row.cpuPerRequestMs === null ? '–' : `${(row.cpuPerRequestMs * 1000).toFixed(0)} µs`;
  const cpuRatio = (row: RouteResult) =>
    row.cpuPerRequestMs === null || !echoCpuPerRequest ? '–' : (echoCpuPerRequest / row.cpuPerRequestMs).toFixed(2);
  console.log(
    `\n${'route'.padEnd(36)}${'req/s'.padStart(9)}${'ratio'.padStart(8)}${'p50'.padStart(9)}${'p99'.padStart(9)}` +
      `${'2xx'.padStart(9)}${'other'.padStart(7)}${'errors'.padStart(8)}${'CPU/req'.padStart(10)}${'CPU ratio'.padStart(11)}`,
  );
  for (const row of results) {
    console.log(
      `${row.label.padEnd(36)}${row.requestsPerSecond.toFixed(0).padStart(9)}` +
        `${(row.requestsPerSecond / echoRate).toFixed(2).padStart(8)}${`${row.p50} ms`.padStart(9)}` +
        `${`${row.p99} ms`.padStart(9)}${String(row.ok).padStart(9)}${String(row.other).padStart(7)}` +
        `${String(row.errors).padStart(8)}${cpu(row).padStart(10)}${cpuRatio(row).padStart(11)}`,
    );
  }
  console.log(
    "\nCPU/req: the server process's CPU time per answered request; CPU ratio: the echo's over the route's " +
      '(less moved by other jobs on a shared machine than req/s).',
  );
  for (const row of results.filter((each) => each.statuses)) console.log(`${row.label}: ${row.statuses}`);
  if (results.some((row) => row.other > 0 || row.errors > 0)) {
    console.error('some requests did not answer 2xx: the figures above are not comparable');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

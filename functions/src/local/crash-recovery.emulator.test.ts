import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { applicationResponseSchema, withAnswer, type ApplicationResponse } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { runIntegrityCheck } from '../store/sqlite-store';
import { CRASH_READY, crashUid } from '../testing/crash-server';
import { connectTestFirestore, NO_FIRESTORE_EMULATOR, testFirestoreEmulatorHost } from '../testing/test-firestore';

/**
 * Crash recovery: saves run against a real server process on a SQLite file (WAL, synchronous=FULL)
 * or on the Firestore adapter over the Cloud Firestore emulator, the process is SIGKILLed while saves
 * are in flight, a new process opens the same store, and every acknowledged save must be there; an
 * unacknowledged one is either fully applied or not at all, and a save based on a version from
 * before the crash is refused.
 */

const APPLICANTS = 10;
/** How long the saves run before the kill: Firestore's transactions take longer than SQLite's. */
const LOAD_MS_BEFORE_KILL = { sqlite: 1500, firestore: 4000 };
const REPO_ROOT = path.resolve(__dirname, '../../..');
const SERVER = path.resolve(__dirname, '../testing/crash-server.ts');
const FORM_ID = 'demo-form-spring';

interface RunningServer {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** Runs the crash server as one node process (no tsx wrapper process, so the signal hits the server). */
async function startServer(storeEnv: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...storeEnv, CRASH_PORT: '0', CRASH_USERS: String(APPLICANTS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const port = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = CRASH_READY.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code, signal }) =>
      reject(new Error(`crash server exited (${code ?? signal}) before listening:\n${output}`)),
    );
  });
  return { child, url: `http://127.0.0.1:${port}`, exited, output: () => output };
}

const headers = (uid: string) => ({ 'Content-Type': 'application/json', Authorization: `Bearer token-${uid}` });

const answerText = (uid: string, counter: number) =>
  `${uid} save ${counter}: ` + Array.from({ length: 25 }, (_, i) => `word${i}`).join(' ');

const counterOf = (response: ApplicationResponse): number | null => {
  const answer = response.sectionResponses
    .find((section) => section.sectionId === 'motivation')
    ?.questions.find((question) => question.questionId === 'why-join')?.response;
  const match = typeof answer === 'string' ? / save (\d+):/.exec(answer) : null;
  return match ? Number(match[1]) : null;
};

interface Acked {
  version: number;
  counter: number;
  response: ApplicationResponse;
}

interface Applicant {
  uid: string;
  responseId: string;
  /** The last save the server answered 200 to. */
  acked: Acked;
  ackedCount: number;
  /** The save sent when the connection broke (never answered): its counter and the version it was based on. */
  unanswered: { counter: number; baseVersion: number } | null;
}

let root: string;
const running: RunningServer[] = [];

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'portal-crash-recovery-'));
});

afterAll(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  rmSync(root, { recursive: true, force: true });
});

/**
 * Starts a server on the store, saves under load, kills it, restarts it on the same store and checks
 * every applicant's response through the API; returns the applicants for the store's own checks.
 */
async function crashAndRecover(
  store: keyof typeof LOAD_MS_BEFORE_KILL,
  storeEnv: Record<string, string>,
): Promise<Applicant[]> {
  const first = await startServer(storeEnv);
  running.push(first);
  const applicants: Applicant[] = await Promise.all(
    Array.from({ length: APPLICANTS }, async (_, index) => {
      const uid = crashUid(index);
      const res = await fetch(`${first.url}/api/responses`, {
        method: 'POST',
        headers: headers(uid),
        body: JSON.stringify({ formId: FORM_ID }),
      });
      expect(res.status).toBe(201);
      const response = (await res.json()) as ApplicationResponse;
      return {
        uid,
        responseId: response.id,
        acked: { version: response.version, counter: 0, response },
        ackedCount: 0,
        unanswered: null,
      };
    }),
  );

  let inFlight = 0;
  let inFlightAtKill = -1;
  const saveLoop = async (applicant: Applicant) => {
    for (let counter = 1; ; counter++) {
      const body = withAnswer(applicant.acked.response, 'motivation', 'why-join', answerText(applicant.uid, counter));
      inFlight += 1;
      try {
        const res = await fetch(`${first.url}/api/application/save/${applicant.responseId}`, {
          method: 'PUT',
          headers: headers(applicant.uid),
          body: JSON.stringify(body),
        });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`save answered ${res.status}: ${text}`);
        const saved = JSON.parse(text) as ApplicationResponse;
        applicant.acked = { version: saved.version, counter, response: saved };
        applicant.ackedCount += 1;
      } catch (error) {
        // Only the killed server may break a save; anything else fails the test.
        if (first.child.signalCode !== 'SIGKILL' && inFlightAtKill < 0) throw error;
        applicant.unanswered = { counter, baseVersion: body.version };
        return;
      } finally {
        inFlight -= 1;
      }
    }
  };
  const loops = applicants.map(saveLoop);

  await new Promise((resolve) => setTimeout(resolve, LOAD_MS_BEFORE_KILL[store]));
  inFlightAtKill = inFlight;
  first.child.kill('SIGKILL');
  const killed = await first.exited;
  await Promise.all(loops);
  expect(killed.signal).toBe('SIGKILL');
  // The kill landed during the load: saves were on the wire, and every loop was cut off by it.
  expect(inFlightAtKill).toBeGreaterThan(0);
  expect(applicants.every((applicant) => applicant.unanswered !== null)).toBe(true);
  const totalAcked = applicants.reduce((sum, applicant) => sum + applicant.ackedCount, 0);
  expect(totalAcked).toBeGreaterThanOrEqual(APPLICANTS);

  const second = await startServer(storeEnv);
  running.push(second);
  let appliedUnanswered = 0;
  for (const applicant of applicants) {
    const res = await fetch(`${second.url}/api/responses/${applicant.responseId}`, { headers: headers(applicant.uid) });
    expect(res.status).toBe(200);
    const stored = applicationResponseSchema.parse(await res.json());
    const { acked, unanswered } = applicant;
    // Every acknowledged save is there.
    expect(stored.version).toBeGreaterThanOrEqual(acked.version);
    if (stored.version === acked.version) {
      // Exactly as acknowledged: the unanswered save was not applied at all.
      expect(counterOf(stored)).toBe(acked.counter);
      expect(stored).toEqual(acked.response);
    } else {
      // The unanswered save was applied, completely: the next version with its counter.
      expect(stored.version).toBe(acked.version + 1);
      expect(unanswered).toEqual({ counter: acked.counter + 1, baseVersion: acked.version });
      expect(counterOf(stored)).toBe(unanswered!.counter);
      appliedUnanswered += 1;
    }
  }
  console.log(
    `crash recovery (${storeEnv.CRASH_STORE ?? 'sqlite'}): ${totalAcked} acknowledged saves, ${inFlightAtKill} in flight at SIGKILL; ` +
      `after restart all ${APPLICANTS} responses hold their last acknowledged save ` +
      `(${appliedUnanswered} also hold the unanswered in-flight save, fully applied)`,
  );
  // The restarted server takes saves again on top of the recovered state.
  const probe = applicants[0]!;
  const current = (await (
    await fetch(`${second.url}/api/responses/${probe.responseId}`, { headers: headers(probe.uid) })
  ).json()) as ApplicationResponse;
  const probeStarted = Date.now();
  const after = await fetch(`${second.url}/api/application/save/${probe.responseId}`, {
    method: 'PUT',
    headers: headers(probe.uid),
    body: JSON.stringify(withAnswer(current, 'motivation', 'why-join', answerText(probe.uid, 999_999))),
  });
  expect(after.status).toBe(200);
  // Firestore keeps the locks of the killed server's open transactions until they expire (about 60 s
  // in the emulator): a save to such a document waits for them, and is then stored, not lost.
  console.log(`crash recovery (${store}): the first save after the restart took ${Date.now() - probeStarted} ms`);
  // A save based on a version from before the crash cannot overwrite what was saved since.
  const stale = await fetch(`${second.url}/api/application/save/${probe.responseId}`, {
    method: 'PUT',
    headers: headers(probe.uid),
    body: JSON.stringify(withAnswer(current, 'motivation', 'why-join', answerText(probe.uid, 1_000_000))),
  });
  expect(stale.status).toBe(409);

  second.child.kill('SIGTERM');
  expect((await second.exited).code).toBe(0);
  return applicants;
}

it('keeps every acknowledged save and an intact SQLite database across a SIGKILL under load', async () => {
  const db = path.join(root, 'portal.db');
  await crashAndRecover('sqlite', { CRASH_DB: db });

  expect(runIntegrityCheck(db)).toBe('ok');
  // Every stored response document (read straight from the file) parses and validates.
  const file = new Database(db, { readonly: true, fileMustExist: true });
  try {
    const rows = file
      .prepare('SELECT id, json(data) AS data FROM documents WHERE collection = ?')
      .all(COLLECTIONS.responses) as {
      id: string;
      data: string;
    }[];
    expect(rows).toHaveLength(APPLICANTS);
    for (const row of rows) {
      const parsed = applicationResponseSchema.safeParse(JSON.parse(row.data));
      expect(parsed.success).toBe(true);
      expect(parsed.data?.id).toBe(row.id);
    }
  } finally {
    file.close();
  }
}, 30_000);

const itOnFirestore = testFirestoreEmulatorHost() ? it : it.skip;

itOnFirestore(
  `keeps every acknowledged save on the Firestore emulator across a SIGKILL of the API under load${testFirestoreEmulatorHost() ? '' : ` [skipped: ${NO_FIRESTORE_EMULATOR}]`}`,
  async () => {
    const firestore = connectTestFirestore('crash-recovery');
    try {
      await firestore.clear();
      const applicants = await crashAndRecover('firestore', {
        CRASH_STORE: 'firestore',
        CRASH_PROJECT: firestore.projectId,
      });
      // Every stored response document (read straight from Firestore) parses, validates, and is one of theirs.
      const stored = await firestore.db.collection(COLLECTIONS.responses).get();
      expect(stored.docs.map((doc) => doc.id).sort()).toEqual(
        applicants.map((applicant) => applicant.responseId).sort(),
      );
      for (const doc of stored.docs) {
        const parsed = applicationResponseSchema.safeParse(doc.data());
        expect(parsed.success).toBe(true);
        expect(parsed.data?.id).toBe(doc.id);
      }
    } finally {
      await firestore.close();
    }
  },
  180_000,
);

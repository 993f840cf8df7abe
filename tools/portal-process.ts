import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

export interface PortalProcess {
  url: string;
  dataDir: string;
  pid: number;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const TSX = path.resolve(__dirname, '../node_modules/.bin/tsx');
const START = path.resolve(__dirname, 'start.ts');
const TSX_LOADER = pathToFileURL(require.resolve('tsx')).href;

/** Runs `npm start`'s launcher as a child process, on its own ports and data directory. */
export async function startPortalProcess(options: {
  port: number;
  authEmulatorPort: number;
  /** Used when the store is the Firestore emulator (PORTAL_STORE=firestore-emulator in the environment). */
  firestoreEmulatorPort?: number;
  dataDir?: string;
  /** Seeds the sample reviews, as a first `npm start` does (default: DEMO_REVIEWS, else off). */
  demoReviews?: boolean;
  /** More settings of the launcher's environment (a chapter's PORTAL_PRIVACY_NOTICE_VERSION, say). */
  env?: Record<string, string>;
}): Promise<PortalProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'portal-data-'));
  // PORTAL_CPU_PROF=<dir>: the portal writes a V8 CPU profile there when it stops (node --cpu-prof).
  // It then runs in node itself with tsx as a loader: tsx's own launcher SIGKILLs a child that does
  // not acknowledge a SIGTERM within 30 ms, which a profiled portal under load often misses.
  const profileDir = process.env.PORTAL_CPU_PROF;
  const [command, args] = profileDir
    ? [process.execPath, ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`, '--import', TSX_LOADER, START]]
    : [TSX, [START]];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(options.port),
      AUTH_EMULATOR_PORT: String(options.authEmulatorPort),
      ...(options.firestoreEmulatorPort ? { FIRESTORE_EMULATOR_PORT: String(options.firestoreEmulatorPort) } : {}),
      DATA_DIR: dataDir,
      // The tests' and benches' runtimes start without the sample reviews unless asked.
      DEMO_REVIEWS: options.demoReviews ? 'on' : (process.env.DEMO_REVIEWS ?? 'off'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`The portal exited (code ${code}) before it was ready:\n${output}`)));
  });
  const url = await ready;
  return {
    url,
    dataDir,
    pid: child.pid ?? -1,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      // Listed before the stop: a process whose parent dies first is re-parented and not found after.
      const started = child.pid ? descendantsOf(child.pid) : [];
      if (child.exitCode === null && child.signalCode === null) {
        // The signal goes to start.ts's own process, whose handler stops the server and the Auth
        // emulator. Relayed through tsx's launcher instead, a portal too busy to acknowledge within
        // 30 ms (a bench's load) was SIGKILLed, leaving its emulator running on its ports.
        const pids = profileDir || !child.pid ? [] : childrenOf(child.pid);
        if (pids.length === 0) child.kill(signal);
        for (const pid of pids) signalIfAlive(pid, signal);
      }
      const code = await exited;
      await stopLeftovers(started);
      return code;
    },
  };
}

/** The pids of a process's children (none once it has exited). */
export function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The pids of every process below `pid`, parents before their children. */
export function descendantsOf(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * What the portal started and left running when it exited (an emulator whose stop did not run,
 * say, holding its ports): SIGTERM, then SIGKILL after 10 s.
 */
async function stopLeftovers(pids: number[]): Promise<void> {
  const left = pids.filter(isAlive);
  for (const pid of left) signalIfAlive(pid, 'SIGTERM');
  for (let waited = 0; waited < 10_000 && left.some(isAlive); waited += 200) await delay(200);
  for (const pid of left.filter(isAlive)) signalIfAlive(pid, 'SIGKILL');
}

function signalIfAlive(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

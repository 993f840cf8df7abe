import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createAccountsSnapshot, takeOverLeftover, writeEmulatorPid } from './auth-emulator-persistence';

export interface AuthEmulatorOptions {
  port: number;
  projectId: string;
  /**
   * Holds the emulator's settings and, with `persist`, its accounts between runs: saved by
   * `saveAccounts` (call it after every change) and imported at the next start.
   */
  dataDir: string;
  persist: boolean;
  /** Request validators compiled on first use (the default); false for exegesis's own default (`bench:auth-emulator`). */
  lazySchemas?: boolean;
  /**
   * `process` (the default): `auth-emulator-process.cjs`. `firebase-cli`: `firebase emulators:start
   * --only auth`, as starts were before it, for `bench:auth-emulator` to compare.
   */
  launcher?: 'process' | 'firebase-cli';
  log?: (line: string) => void;
}

export interface RunningAuthEmulator {
  origin: string;
  host: string;
  /**
   * With `persist`: writes every account (and the emulator's config) to the data directory,
   * atomically; resolves once a snapshot taken after the call is on disk. Without: does nothing.
   */
  saveAccounts(): Promise<void>;
  stop(): Promise<void>;
}

/** The emulator's process: firebase-tools' `AuthEmulator` without its command line around it. */
export const EMULATOR_PROCESS = path.join(__dirname, 'auth-emulator-process.cjs');
const FIREBASE_BIN = path.resolve(__dirname, '../node_modules/.bin/firebase');
/** Makes the emulator compile each request validator on first use: a start costs ~2 CPU s, not ~9. */
export const LAZY_SCHEMAS_PRELOAD = path.join(__dirname, 'auth-emulator-lazy-schemas.cjs');

/** NODE_OPTIONS for the emulator's process: the caller's, and the lazy-schemas preload. */
export function emulatorNodeOptions(inherited = process.env.NODE_OPTIONS): string {
  return [inherited, `--require ${JSON.stringify(LAZY_SCHEMAS_PRELOAD)}`].filter(Boolean).join(' ');
}
const START_TIMEOUT_MS = 90_000;
/** What the emulator's process prints when it is ready (READY in auth-emulator-process.cjs). */
const EMULATOR_READY = 'Auth emulator ready';

export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** `firebase emulators:start --only auth`, on a temp directory of its own. */
function spawnFirebaseCli(options: {
  configFile: string;
  projectId: string;
  importDir: string | null;
  dataDir: string;
  nodeOptions: string | undefined;
}): ChildProcess {
  const { configFile, projectId, importDir, dataDir, nodeOptions } = options;
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configFile];
  if (importDir) args.push('--import', importDir);
  // firebase-tools finds "its" running hub through a locator file per project id in the temp
  // directory; a temp directory of its own keeps two runs of the same demo project apart.
  const tmpDir = path.join(dataDir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  return spawn(FIREBASE_BIN, args, {
    cwd: dataDir,
    env: {
      ...process.env,
      TMPDIR: tmpDir,
      NODE_OPTIONS: nodeOptions,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      CI: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts the Firebase Auth emulator (firebase-tools' own, offline, demo project, no UI) in a process
 * of its own (`auth-emulator-process.cjs`; docs/decisions/auth-emulator-direct-start.md).
 */
export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<RunningAuthEmulator> {
  const {
    port,
    projectId,
    dataDir,
    persist,
    lazySchemas = true,
    launcher = 'process',
    log = () => undefined,
  } = options;
  mkdirSync(dataDir, { recursive: true });
  const configFile = path.join(dataDir, 'firebase.emulators.json');
  const auth = { host: '127.0.0.1', port };
  // The command line's firebase.json also places the hub and logging emulators it starts beside.
  const cli = { hub: { ...auth, port: port + 1 }, logging: { ...auth, port: port + 2 }, ui: { enabled: false } };
  writeFileSync(configFile, JSON.stringify({ emulators: { auth, ...(launcher === 'firebase-cli' ? cli : {}) } }));
  const exportDir = path.join(dataDir, 'auth-export');
  const origin = `http://127.0.0.1:${port}`;
  const snapshot = createAccountsSnapshot({ origin, projectId, exportDir });
  // An emulator left running by a launcher that was killed (kill -9) holds the ports and, in
  // memory, the accounts changed since: save them from it, then stop it.
  if (persist) await takeOverLeftover({ dataDir, configFile, exportDir, projectId, log });
  // Nothing is exported on exit: accounts are saved as they change (saveAccounts), so a hard kill loses none.
  const importDir = persist && existsSync(path.join(exportDir, 'firebase-export-metadata.json')) ? exportDir : null;
  const nodeOptions = lazySchemas ? emulatorNodeOptions() : process.env.NODE_OPTIONS;
  const child =
    launcher === 'process'
      ? spawn(process.execPath, [EMULATOR_PROCESS, configFile, projectId, ...(importDir ? [importDir] : [])], {
          cwd: dataDir,
          env: { ...process.env, NODE_OPTIONS: nodeOptions },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawnFirebaseCli({ configFile, projectId, importDir, dataDir, nodeOptions });
  const readyLine = launcher === 'process' ? EMULATOR_READY : 'All emulators ready';
  if (persist && child.pid) writeEmulatorPid(dataDir, { pid: child.pid, port });
  let output = '';
  let ready = false;
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
    // Printed once the emulator has also finished importing saved accounts; its port answers earlier.
    if (output.includes(readyLine)) ready = true;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const saveAccounts = persist ? snapshot.save : async () => undefined;
  // Every change was saved as it happened (saveAccounts), so stopping saves nothing more.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      if (!(await waitForExit(child, 20_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    if (persist) rmSync(path.join(dataDir, 'emulator.pid'), { force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The Auth emulator exited with code ${child.exitCode}:\n${output}`);
    }
    if (ready) {
      log(`Auth emulator ready at ${origin}`);
      // A first snapshot: from now on the saved accounts are never older than the last change.
      if (persist) await saveAccounts();
      return { origin, host: `127.0.0.1:${port}`, saveAccounts, stop };
    }
    await delay(100);
  }
  await stop();
  throw new Error(`The Auth emulator did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}

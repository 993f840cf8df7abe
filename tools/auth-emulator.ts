import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export interface AuthEmulatorOptions {
  port: number;
  projectId: string;
  /** Holds the emulator's settings and, with `persist`, its accounts between runs. */
  dataDir: string;
  persist: boolean;
  log?: (line: string) => void;
}

export interface RunningAuthEmulator {
  origin: string;
  host: string;
  stop(): Promise<void>;
}

const FIREBASE_BIN = path.resolve(__dirname, '../node_modules/.bin/firebase');
const START_TIMEOUT_MS = 90_000;

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

/**
 * Starts the Firebase Auth emulator (firebase-tools, offline, demo project, no UI).
 * Hub and logging ports follow the auth port so that several runs can coexist.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<RunningAuthEmulator> {
  const { port, projectId, dataDir, persist, log = () => undefined } = options;
  mkdirSync(dataDir, { recursive: true });
  const configFile = path.join(dataDir, 'firebase.emulators.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: port + 1 },
        logging: { host: '127.0.0.1', port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const exportDir = path.join(dataDir, 'auth-export');
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', configFile];
  if (persist) {
    if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
    args.push('--export-on-exit', exportDir);
  }
  // firebase-tools finds "its" running hub through a locator file per project id in the temp
  // directory; a temp directory of its own keeps two runs of the same demo project apart.
  const tmpDir = path.join(dataDir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const child = spawn(FIREBASE_BIN, args, {
    cwd: dataDir,
    env: {
      ...process.env,
      TMPDIR: tmpDir,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      CI: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let ready = false;
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
    // Printed once the emulator has also finished importing saved accounts; its port answers earlier.
    if (output.includes('All emulators ready')) ready = true;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT');
    if (!(await waitForExit(child, 20_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 5_000);
    }
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The Auth emulator exited with code ${child.exitCode}:\n${output}`);
    }
    if (ready) {
      log(`Auth emulator ready at ${origin}`);
      return { origin, host: `127.0.0.1:${port}`, stop };
    }
    await delay(100);
  }
  await stop();
  throw new Error(`The Auth emulator did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { waitForExit } from './auth-emulator';

/**
 * Google's Cloud Firestore emulator (the Cloud SDK component `cloud-firestore-emulator`, Debian
 * package google-cloud-cli-firestore-emulator, Java 17+). It runs offline; the JVM is started
 * directly (not through gcloud or the SDK's wrapper script), so stopping it stops the emulator.
 */

const JAR = path.join('platform', 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar');
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const READY = 'Dev App Server is now running';
const START_TIMEOUT_MS = 90_000;

export interface FirestoreEmulatorInstall {
  java: string;
  jar: string;
}

/** What `npm test` and `npm start` say when the emulator is not installed. */
export const FIRESTORE_EMULATOR_INSTALL_HINT =
  'install the Cloud SDK component cloud-firestore-emulator (Debian: google-cloud-cli-firestore-emulator) and Java 17+';

function onPath(command: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Cloud SDK roots to look in: CLOUDSDK_ROOT_DIR, the one `gcloud` on PATH belongs to, the usual install places. */
function sdkRoots(env: NodeJS.ProcessEnv): string[] {
  const roots: string[] = [];
  if (env.CLOUDSDK_ROOT_DIR) roots.push(env.CLOUDSDK_ROOT_DIR);
  const gcloud = onPath('gcloud', env);
  if (gcloud) roots.push(path.resolve(path.dirname(realpathSync(gcloud)), '..'));
  roots.push('/usr/lib/google-cloud-sdk', '/usr/share/google-cloud-sdk', path.join(os.homedir(), 'google-cloud-sdk'));
  return roots;
}

/** The emulator's jar and a Java to run it with, or null when either is missing. */
export function findFirestoreEmulator(env: NodeJS.ProcessEnv = process.env): FirestoreEmulatorInstall | null {
  const jar = sdkRoots(env)
    .map((root) => path.join(root, JAR))
    .find((candidate) => existsSync(candidate));
  const java =
    env.JAVA_HOME && existsSync(path.join(env.JAVA_HOME, 'bin', 'java'))
      ? path.join(env.JAVA_HOME, 'bin', 'java')
      : onPath('java', env);
  return jar && java ? { java, jar } : null;
}

export interface FirestoreEmulatorOptions {
  port: number;
  host?: string;
  /** With `projectId`: that project's data is imported at start when saved, and saved there on `stop({ exportData: true })`. */
  dataDir?: string;
  projectId?: string;
  install?: FirestoreEmulatorInstall;
  /**
   * Where the emulator's pid is kept while it runs (default: in `dataDir`), so one left running by a
   * killed parent is stopped before the next start on the same port.
   */
  pidFile?: string;
  /**
   * Runs the emulator in a process group of its own, so a Ctrl-C in the terminal (sent to the whole
   * foreground group) reaches only the parent, which exports the data before it stops the emulator.
   */
  ownProcessGroup?: boolean;
  /** How the JVM runs (`FIRESTORE_EMULATOR_JVMS`); default `as-shipped`. */
  jvm?: FirestoreEmulatorJvm;
  log?: (line: string) => void;
}

export interface RunningFirestoreEmulator {
  /** host:port, the value of FIRESTORE_EMULATOR_HOST. */
  host: string;
  pid: number;
  /** Deletes every document of one project (the emulator's REST reset). */
  clear(projectId: string): Promise<void>;
  /** Exports the data (when started with a dataDir) before stopping. */
  stop(options?: { exportData?: boolean }): Promise<void>;
}

/** Deletes every document of one project in the emulator at `host` (its REST reset). */
/**
 * Points this process's firebase-admin at the emulator (read when a Firestore client is created),
 * and keeps the Google client libraries from probing for a cloud metadata server: offline and
 * local, that probe is a network call and a warning on every start.
 */
export function pointAtFirestoreEmulator(host: string): void {
  process.env.FIRESTORE_EMULATOR_HOST = host;
  process.env.METADATA_SERVER_DETECTION ??= 'none';
}

export async function clearFirestoreEmulator(host: string, projectId: string): Promise<void> {
  const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  if (!res.ok) throw new Error(`Clearing the Firestore emulator answered ${res.status}: ${await res.text()}`);
}

const EXPORT_NAME = 'firestore-export';
const PID_FILE = 'emulator.pid';

/** Whether a process is alive and is a Cloud Firestore emulator (its command line names the jar). */
function isFirestoreEmulatorProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('cloud-firestore-emulator');
  } catch {
    return false;
  }
}

/**
 * An emulator left running by a launcher that was killed outright (no Ctrl-C) still holds the port;
 * the pid file in its data directory names it, and it is stopped before a new one starts.
 */
async function stopLeftoverEmulator(pidFile: string, log: (line: string) => void): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (Number.isInteger(pid) && pid > 0 && isFirestoreEmulatorProcess(pid)) {
    log(`Stopping the Firestore emulator left running by an earlier start (pid ${pid})`);
    process.kill(pid, 'SIGKILL');
    for (let waited = 0; waited < 5000 && isFirestoreEmulatorProcess(pid); waited += 100) await delay(100);
  }
  rmSync(pidFile, { force: true });
}

/**
 * How the emulator's JVM runs. `as-shipped`: the JVM's defaults, as `gcloud emulators firestore
 * start` runs it, for a portal that stays up and for the benches, whose figures stand for the
 * emulator as Google ships it. `short-runs`: the JIT's first tier only and one garbage collector
 * thread, for the tests: runs of a few minutes on few cores, where the optimizing compiler and G1's
 * threads cost more CPU than they win (three emulator test files: 42 → 19 CPU seconds of the JVM,
 * and 54 → 48 s), but each query then takes about twice as long
 * (docs/decisions/firestore-emulator-jvm.md).
 */
export const FIRESTORE_EMULATOR_JVMS = {
  'as-shipped': [],
  'short-runs': ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'],
} as const satisfies Record<string, readonly string[]>;
/** Their names, which the launcher's FIRESTORE_EMULATOR_JVM takes (FIRESTORE_EMULATOR_JVM_NAMES, same test). */
export type FirestoreEmulatorJvm = keyof typeof FIRESTORE_EMULATOR_JVMS;

export async function startFirestoreEmulator(options: FirestoreEmulatorOptions): Promise<RunningFirestoreEmulator> {
  const install = options.install ?? findFirestoreEmulator();
  if (!install) throw new Error(`The Cloud Firestore emulator is not installed: ${FIRESTORE_EMULATOR_INSTALL_HINT}.`);
  const host = options.host ?? '127.0.0.1';
  const args = [
    ...FIRESTORE_EMULATOR_JVMS[options.jvm ?? 'as-shipped'],
    '-Duser.language=en',
    '-cp',
    install.jar,
    MAIN_CLASS,
    '--host',
    host,
    '--port',
    String(options.port),
  ];
  const exportDir = options.dataDir ? path.resolve(options.dataDir) : null;
  const pidFile = options.pidFile ?? (exportDir ? path.join(exportDir, PID_FILE) : null);
  if (pidFile) await stopLeftoverEmulator(pidFile, options.log ?? console.log);
  if (exportDir) {
    mkdirSync(exportDir, { recursive: true });
    const metadata = path.join(exportDir, EXPORT_NAME, `${EXPORT_NAME}.overall_export_metadata`);
    if (existsSync(metadata)) args.push('--seed_from_export', metadata);
  }
  // With util-linux's setpriv the JVM gets SIGTERM when its parent dies, however it dies: never an orphan.
  const setpriv = onPath('setpriv', process.env);
  const [command, commandArgs] = setpriv
    ? [setpriv, ['--pdeathsig', 'TERM', '--', install.java, ...args]]
    : [install.java, args];
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], detached: options.ownProcessGroup });
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
  let output = '';
  let ready = false;
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
    if (output.includes(READY)) ready = true;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const origin = `http://${host}:${options.port}`;

  const stopProcess = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 10_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    if (pidFile) rmSync(pidFile, { force: true });
  };

  const running: RunningFirestoreEmulator = {
    host: `${host}:${options.port}`,
    pid: child.pid ?? -1,
    clear: (projectId) => clearFirestoreEmulator(`${host}:${options.port}`, projectId),
    async stop({ exportData = false } = {}) {
      const projectId = options.projectId;
      if (exportData && exportDir && projectId && child.exitCode === null) {
        // Exported beside the last export, which is replaced only once the new one is complete.
        const staging = path.join(exportDir, '.export-new');
        rmSync(staging, { recursive: true, force: true });
        mkdirSync(staging);
        try {
          const res = await fetch(`${origin}/emulator/v1/projects/${projectId}:export`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              database: `projects/${projectId}/databases/(default)`,
              export_directory: staging,
              export_name: EXPORT_NAME,
            }),
          });
          if (!res.ok) throw new Error(`it answered ${res.status}: ${await res.text()}`);
          rmSync(path.join(exportDir, EXPORT_NAME), { recursive: true, force: true });
          renameSync(path.join(staging, EXPORT_NAME), path.join(exportDir, EXPORT_NAME));
          rmSync(staging, { recursive: true, force: true });
        } catch (error) {
          // The last complete export stays; the data written since is lost.
          console.error(`Could not save the Firestore emulator's data to ${exportDir}: ${(error as Error).message}`);
        }
      }
      await stopProcess();
    },
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The Firestore emulator exited with code ${child.exitCode}:\n${output}`);
    if (ready) return running;
    await delay(100);
  }
  await stopProcess();
  throw new Error(`The Firestore emulator did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}

/**
 * `npm start` with PORTAL_STORE=firestore-emulator: the emulator on `port`, its data in `dataDir`
 * (saved when the portal stops, loaded at the next start). Refuses to start without the emulator.
 */
export async function startLocalFirestoreEmulator(options: {
  port: number;
  projectId: string;
  dataDir: string;
  jvm?: FirestoreEmulatorJvm;
  log?: (line: string) => void;
}): Promise<RunningFirestoreEmulator> {
  const install = findFirestoreEmulator();
  if (!install) {
    throw new Error(
      `PORTAL_STORE=firestore-emulator needs Google's Cloud Firestore emulator: ${FIRESTORE_EMULATOR_INSTALL_HINT} ` +
        '(or start without PORTAL_STORE to run on SQLite).',
    );
  }
  return startFirestoreEmulator({ ...options, install, ownProcessGroup: true });
}

/** Whether this run is CI (`CI` set to anything but empty, 0 or false), where the real emulator is required. */
export function isCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== '0' && value !== 'false';
}

/** The one line `npm test` prints when the emulator is missing on a machine that is not CI. */
export const FIRESTORE_EMULATOR_MISSING =
  `Google's Cloud Firestore emulator is not installed (${FIRESTORE_EMULATOR_INSTALL_HINT}): ` +
  'the Firestore store suite runs on @firestore-emulator/server with its gaps skipped, the Firestore API, ' +
  'crash-recovery and browser tests are skipped.';

/**
 * The emulator the tests run on, or null (a newcomer's machine without the Cloud SDK). In CI its
 * absence is an error, so the Firestore suite can never silently stop running on the real thing.
 */
export function firestoreEmulatorForTests(
  env: NodeJS.ProcessEnv = process.env,
  find: (env: NodeJS.ProcessEnv) => FirestoreEmulatorInstall | null = findFirestoreEmulator,
): FirestoreEmulatorInstall | null {
  const install = find(env);
  if (!install && isCi(env)) {
    throw new Error(
      `CI is set, and Google's Cloud Firestore emulator is missing: ${FIRESTORE_EMULATOR_INSTALL_HINT}. ` +
        'In CI the Firestore tests must run on it.',
    );
  }
  return install;
}

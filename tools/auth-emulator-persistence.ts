import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { version as FIREBASE_TOOLS_VERSION } from 'firebase-tools/package.json';

/**
 * Keeping the Auth emulator's accounts across a hard kill. firebase-tools saves them only on a
 * clean exit (--export-on-exit); here they are written, in the emulator's own export format, after
 * every change, so `--import` at the next start finds them all
 * (docs/decisions/auth-emulator-persistence.md).
 */

const PID_FILE = 'emulator.pid';
const OWNER = { Authorization: 'Bearer owner' };

/** Replaces `file` in one step (write aside, flush, rename): a kill mid-write leaves the old file whole. */
function writeAtomically(file: string, text: string): void {
  const aside = `${file}.${process.pid}.tmp`;
  const fd = openSync(aside, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(aside, file);
}

export interface AccountsSnapshot {
  /** Resolves once a snapshot started after the call is on disk; concurrent calls share one. */
  save(): Promise<void>;
}

export function createAccountsSnapshot(options: {
  origin: string;
  projectId: string;
  exportDir: string;
}): AccountsSnapshot {
  const { origin, projectId, exportDir } = options;
  const authDir = path.join(exportDir, 'auth_export');

  const read = async (pathname: string): Promise<string> => {
    const response = await fetch(`${origin}${pathname}`, { headers: OWNER });
    if (!response.ok) {
      throw new Error(`The Auth emulator answered ${response.status} to ${pathname}: ${await response.text()}`);
    }
    return response.text();
  };

  const snapshotOnce = async (): Promise<void> => {
    const [accounts, config] = await Promise.all([
      read(`/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`),
      read(`/emulator/v1/projects/${projectId}/config`),
    ]);
    mkdirSync(authDir, { recursive: true });
    writeAtomically(path.join(authDir, 'accounts.json'), accounts);
    writeAtomically(path.join(authDir, 'config.json'), config);
    const metadata = path.join(exportDir, 'firebase-export-metadata.json');
    if (!existsSync(metadata)) {
      const auth = { version: FIREBASE_TOOLS_VERSION, path: 'auth_export' };
      writeAtomically(metadata, JSON.stringify({ version: FIREBASE_TOOLS_VERSION, auth }, null, 2));
    }
  };

  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const save = (): Promise<void> => {
    if (queued) return queued;
    if (running) {
      // A snapshot is being taken and may have read the accounts before this change: take one more.
      queued = running
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return save();
        });
      return queued;
    }
    running = snapshotOnce().finally(() => {
      running = null;
    });
    return running;
  };
  return { save };
}

export function writeEmulatorPid(dataDir: string, entry: { pid: number; port: number }): void {
  writeAtomically(path.join(dataDir, PID_FILE), JSON.stringify(entry));
}

/** The pid file's entry; null when it cannot be read (a kill while it was written leaves the old one). */
function readPidFile(file: string): { pid: number; port: number } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { pid: number; port: number };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    try {
      return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
    } catch {
      return '';
    }
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await delay(100);
  }
  return !isAlive(pid);
}

/**
 * An emulator this data directory's launcher started and left running (the launcher was killed
 * with SIGKILL, so it could not stop it) holds the ports the next start needs. It is recognised
 * by the pid file and its command line (which names this directory's config file, so a recycled
 * pid is never mistaken for it); its accounts are saved, then it is stopped.
 */
export async function takeOverLeftover(options: {
  dataDir: string;
  configFile: string;
  exportDir: string;
  projectId: string;
  log: (line: string) => void;
}): Promise<void> {
  const { dataDir, configFile, exportDir, projectId, log } = options;
  const pidFile = path.join(dataDir, PID_FILE);
  if (!existsSync(pidFile)) return;
  const leftover = readPidFile(pidFile);
  if (!leftover || !isAlive(leftover.pid) || !commandLineOf(leftover.pid).includes(configFile)) {
    rmSync(pidFile, { force: true });
    return;
  }
  log(`Taking over the Auth emulator left running by an earlier start (process ${leftover.pid})`);
  try {
    await createAccountsSnapshot({ origin: `http://127.0.0.1:${leftover.port}`, projectId, exportDir }).save();
  } catch (error) {
    log(`Its accounts could not be read (${(error as Error).message}); the ones saved last are kept`);
  }
  process.kill(leftover.pid, 'SIGTERM');
  if (!(await waitForExit(leftover.pid, 15_000))) {
    process.kill(leftover.pid, 'SIGKILL');
    await waitForExit(leftover.pid, 5_000);
  }
  rmSync(pidFile, { force: true });
}

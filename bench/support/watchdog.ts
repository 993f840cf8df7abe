import { setTimeout as delay } from 'node:timers/promises';
import { descendantsOf } from '../../tools/portal-process';

/**
 * A bench's bound on its whole run: when it fires, every process the bench started (the portal,
 * its Auth emulator, a Firestore emulator, an echo server, whatever their own process groups) is
 * stopped, first with SIGTERM, then with SIGKILL after `graceMs`, and the bench exits with 2.
 * The descendants are listed before anything is signalled: a child whose parent dies first is
 * re-parented and could not be found any more. `BENCH_WATCHDOG_S` overrides the limit (to check
 * that a watchdog that fires leaves nothing behind).
 */
export function startWatchdog(label: string, limitMs: number, options: { graceMs?: number } = {}): () => void {
  const override = Number(process.env.BENCH_WATCHDOG_S);
  const limit = Number.isFinite(override) && override > 0 ? override * 1000 : limitMs;
  const timer = setTimeout(() => {
    console.error(`${label}: still running after ${(limit / 1000).toFixed(0)} s, stopping everything it started`);
    // The bench's own error handling (a request cut off by the stop) must not exit before the stop is done.
    const exit = process.exit.bind(process);
    process.exit = (() => undefined) as unknown as typeof process.exit;
    void stopDescendants(options.graceMs ?? 10_000).finally(() => exit(2));
  }, limit);
  timer.unref();
  return () => clearTimeout(timer);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already.
  }
};

/** SIGTERM to every descendant of this process, then SIGKILL to those still alive after `graceMs`. */
export async function stopDescendants(graceMs: number): Promise<void> {
  const pids = descendantsOf(process.pid);
  for (const pid of pids) signal(pid, 'SIGTERM');
  for (let waited = 0; waited < graceMs && pids.some(alive); waited += 200) await delay(200);
  const left = pids.filter(alive);
  for (const pid of left) signal(pid, 'SIGKILL');
  for (let waited = 0; waited < 5000 && left.some(alive); waited += 100) await delay(100);
  const stubborn = left.filter(alive);
  console.error(
    `watchdog: stopped ${pids.length} processes (${left.length} needed SIGKILL)` +
      (stubborn.length > 0 ? `; still alive: ${stubborn.join(', ')}` : ''),
  );
}

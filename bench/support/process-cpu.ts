import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * CPU time used by a process tree (Linux /proc), for a bench's "server CPU per request": on a shared
 * machine other jobs move req/s a lot, the CPU a request costs the server much less.
 */

const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  ppid: number;
  cpuMs: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command (field 2) is in parentheses and may hold spaces: the fields after it are split.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return { pid, ppid: Number(fields[1]), cpuMs: ((utime + stime) * 1000) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/** The CPU milliseconds used so far by `root` and its descendants whose command line matches `only`. */
export function treeCpuMs(root: number, only: RegExp): number | null {
  if (!readdirSync('/proc').includes(String(root))) return null;
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== null);
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  let total = 0;
  const pending = stats.filter((stat) => stat.pid === root);
  while (pending.length > 0) {
    const stat = pending.pop()!;
    if (only.test(commandLine(stat.pid))) total += stat.cpuMs;
    pending.push(...(children.get(stat.pid) ?? []));
  }
  return total;
}

/** A process's kind: what its CPU is summed under. */
function processKind(comm: string, args: string[]): string {
  if (args[0]?.includes('chrom') || comm.startsWith('chrom')) {
    const type = args.find((arg) => arg.startsWith('--type='));
    return `chromium ${type ? type.slice('--type='.length) : 'browser'}`;
  }
  if (comm === 'java') return 'java (Firestore emulator)';
  if (comm.startsWith('node') || comm === 'MainThread') {
    const script = args.slice(1).find((arg) => !arg.startsWith('-')) ?? '';
    return `node ${path.basename(script)}`;
  }
  return comm;
}

export interface ProcessCpu {
  /** What the process is (`chromium renderer`, `java (Firestore emulator)`, `node start.ts`, …). */
  kind: string;
  seconds: number;
}

/**
 * CPU seconds so far of every live process, keyed by pid and start time (pids are reused). Sampled
 * again and again into one map, a process that ends keeps what it had used at the last sample.
 */
export function sampleProcessCpu(into: Map<string, ProcessCpu>): void {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
      // Chromium rewrites its command line into one string with spaces.
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/).filter(Boolean);
      const key = `${pid}@${fields[19]}`;
      // A process that has ended but is not yet reaped has no command line: it keeps the kind it had.
      const kind = args.length === 0 ? (into.get(key)?.kind ?? processKind(comm, args)) : processKind(comm, args);
      into.set(key, { kind, seconds });
    } catch {
      // The process ended between the listing and the read.
    }
  }
}

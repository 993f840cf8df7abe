import { readdirSync, readFileSync } from 'node:fs';

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

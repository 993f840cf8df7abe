import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run bench:cpu -- <command...>`: runs the command and prints the CPU seconds the machine's
 * processes spent meanwhile, by kind (Chromium by process type, the Firestore emulator's JVM, node by
 * script), from /proc sampled twice a second (Linux). A process that ends loses at most its last
 * half second. For where a test step's CPU goes: `npm run bench:cpu -- npx playwright test e2e/x.spec.ts`.
 */
const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 500;

/** A process's kind: what its CPU is summed under. */
function kind(comm: string, args: string[]): string {
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

/** CPU seconds so far of every live process, by pid and start time (pids are reused). */
function sample(into: Map<string, { kind: string; seconds: number }>): void {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
      // Chromium rewrites its command line into one string with spaces.
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/).filter(Boolean);
      into.set(`${pid}@${fields[19]}`, { kind: kind(comm, args), seconds });
    } catch {
      // The process ended between the listing and the read.
    }
  }
}

async function main(): Promise<void> {
  const command = process.argv.slice(2);
  if (command.length === 0) throw new Error('Usage: npm run bench:cpu -- <command> [args...]');
  const before = new Map<string, { kind: string; seconds: number }>();
  sample(before);
  const after = new Map(before);
  const started = Date.now();
  const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
  const timer = setInterval(() => sample(after), SAMPLE_MS);
  const code = await new Promise<number>((resolve) => child.on('close', (exit) => resolve(exit ?? 1)));
  clearInterval(timer);
  sample(after);
  const byKind = new Map<string, number>();
  for (const [key, { kind: name, seconds }] of after) {
    const spent = seconds - (before.get(key)?.seconds ?? 0);
    if (spent > 0) byKind.set(name, (byKind.get(name) ?? 0) + spent);
  }
  const rows = [...byKind].filter(([, seconds]) => seconds >= 0.5).sort((a, b) => b[1] - a[1]);
  const total = [...byKind.values()].reduce((sum, seconds) => sum + seconds, 0);
  console.log(`\nCPU seconds by process kind over ${((Date.now() - started) / 1000).toFixed(0)} s (exit ${code}):`);
  for (const [name, seconds] of rows) console.log(`${seconds.toFixed(1).padStart(9)}  ${name}`);
  console.log(`${total.toFixed(1).padStart(9)}  every process`);
  process.exitCode = code;
}

void main();

import { spawn } from 'node:child_process';
import { sampleProcessCpu, type ProcessCpu } from './support/process-cpu';

/**
 * `npm run bench:cpu -- <command...>`: runs the command and prints the CPU seconds the machine's
 * processes spent meanwhile, by kind (Chromium by process type, the Firestore emulator's JVM, node by
 * script), from /proc sampled twice a second (Linux). A process that ends loses at most its last
 * half second. For where a test step's CPU goes: `npm run bench:cpu -- npx playwright test e2e/x.spec.ts`.
 */
const SAMPLE_MS = 500;

async function main(): Promise<void> {
  const command = process.argv.slice(2);
  if (command.length === 0) throw new Error('Usage: npm run bench:cpu -- <command> [args...]');
  const before = new Map<string, ProcessCpu>();
  sampleProcessCpu(before);
  const after = new Map(before);
  const started = Date.now();
  const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
  const timer = setInterval(() => sampleProcessCpu(after), SAMPLE_MS);
  const code = await new Promise<number>((resolve) => child.on('close', (exit) => resolve(exit ?? 1)));
  clearInterval(timer);
  sampleProcessCpu(after);
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

/**
 * `npm run bench:auth-emulator`: what one Firebase Auth emulator start costs (CPU seconds of the
 * emulator's process until it is ready, and the wall time to ready), three ways in alternation so
 * the machine's load weighs on all alike: as every start is now (firebase-tools' `AuthEmulator` in a
 * process of its own, its request validators compiled on first use: docs/decisions/
 * auth-emulator-direct-start.md and auth-emulator-lazy-schemas.md); through firebase-tools' command
 * line (`firebase emulators:start --only auth`) with the validators compiled on first use; and
 * through the command line with exegesis's own default (all of them before the port opens).
 * BENCH_RUNS starts of each (default 3).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAuthEmulator, type AuthEmulatorOptions } from '../tools/auth-emulator';
import { PORT_OFFSET } from '../tools/port-offset';
import { treeCpuMs } from './support/process-cpu';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = 19_400 + PORT_OFFSET;

type Way = Pick<AuthEmulatorOptions, 'lazySchemas' | 'launcher'>;
const WAYS: { name: string; way: Way }[] = [
  {
    name: "command line, exegesis's default (every validator first)",
    way: { launcher: 'firebase-cli', lazySchemas: false },
  },
  { name: 'command line, validators compiled on first use', way: { launcher: 'firebase-cli', lazySchemas: true } },
  { name: 'its own process, validators on first use (now)', way: { launcher: 'process', lazySchemas: true } },
];

async function start(way: Way): Promise<{ cpuS: number; wallS: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-auth-'));
  const started = Date.now();
  const emulator = await startAuthEmulator({ port: PORT, projectId: 'demo-bench', dataDir, persist: false, ...way });
  const wallS = (Date.now() - started) / 1000;
  const cpuS = (treeCpuMs(process.pid, /firebase|auth-emulator-process/) ?? NaN) / 1000;
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return { cpuS, wallS };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const results = WAYS.map(() => [] as { cpuS: number; wallS: number }[]);
  for (let run = 0; run < RUNS; run++) {
    for (const [index, { way }] of WAYS.entries()) results[index]!.push(await start(way));
  }
  console.log(`Auth emulator start, median of ${RUNS} each (alternating):`);
  for (const [index, { name }] of WAYS.entries()) {
    const list = results[index]!;
    const cpu = median(list.map((r) => r.cpuS)).toFixed(1);
    const wall = median(list.map((r) => r.wallS)).toFixed(1);
    console.log(`  ${name.padEnd(58)} ${cpu.padStart(5)} CPU s  ${wall.padStart(5)} s to ready`);
  }
  const cpuOf = (index: number) => median(results[index]!.map((r) => r.cpuS));
  console.log(`  ratio, now / command line with the same validators: ${(cpuOf(2) / cpuOf(1)).toFixed(2)} of the CPU`);
  console.log(`  ratio, now / command line with exegesis's default: ${(cpuOf(2) / cpuOf(0)).toFixed(2)} of the CPU`);
}

void main();

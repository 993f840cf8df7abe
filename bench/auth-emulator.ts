/**
 * `npm run bench:auth-emulator`: what one Firebase Auth emulator start costs (CPU seconds of the
 * emulator's process until it is ready, and the wall time to ready), with its request validators
 * compiled on first use (as every start is now: docs/decisions/auth-emulator-lazy-schemas.md) and
 * with exegesis's own default (all of them before the port opens), alternating in one run so the
 * machine's load weighs on both alike. BENCH_RUNS starts of each (default 3).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAuthEmulator } from '../tools/auth-emulator';
import { PORT_OFFSET } from '../tools/port-offset';
import { treeCpuMs } from './support/process-cpu';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = 19_400 + PORT_OFFSET;

async function start(lazySchemas: boolean): Promise<{ cpuS: number; wallS: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-auth-'));
  const started = Date.now();
  const emulator = await startAuthEmulator({
    port: PORT,
    projectId: 'demo-bench',
    dataDir,
    persist: false,
    lazySchemas,
  });
  const wallS = (Date.now() - started) / 1000;
  const cpuS = (treeCpuMs(process.pid, /firebase/) ?? NaN) / 1000;
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return { cpuS, wallS };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const results = { lazy: [] as { cpuS: number; wallS: number }[], eager: [] as { cpuS: number; wallS: number }[] };
  for (let run = 0; run < RUNS; run++) {
    results.eager.push(await start(false));
    results.lazy.push(await start(true));
  }
  const row = (name: string, list: { cpuS: number; wallS: number }[]) =>
    `  ${name.padEnd(44)} ${median(list.map((r) => r.cpuS))
      .toFixed(1)
      .padStart(5)} CPU s  ${median(list.map((r) => r.wallS))
      .toFixed(1)
      .padStart(5)} s to ready`;
  console.log(`Auth emulator start, median of ${RUNS} each (alternating):`);
  console.log(row("exegesis's default (every validator first)", results.eager));
  console.log(row('validators compiled on first use (now)', results.lazy));
  const ratio = median(results.lazy.map((r) => r.cpuS)) / median(results.eager.map((r) => r.cpuS));
  console.log(`  ratio (now / default): ${ratio.toFixed(2)} of the CPU`);
}

void main();

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { longForm } from '../functions/src/testing/long-form';
import { createHarness, FORM_ID, type Harness } from '../functions/src/testing/api-harness';
import { seedAnsweredApplications } from '../functions/src/testing/export-fixtures';

/**
 * The applications CSV of the 64-question form, streamed over loopback from the API (in-memory
 * SQLite), at two sizes in one run: time, size, and the most heap the export added while it ran.
 * A streamed export grows in time with the applications and stays flat in memory.
 */
const SIZES = (process.env.BENCH_EXPORT_SIZES ?? '500,2000').split(',').map(Number);

async function seed(harness: Harness, count: number) {
  const form = { ...longForm(new Date('2026-04-01T00:00:00Z')), id: FORM_ID };
  const ids = Array.from({ length: count }, (_, n) => `applicant-${n}`);
  await seedAnsweredApplications(harness, form, ids, (id, questionId) => `${id} answers ${questionId} `.repeat(8));
}

const gc = () => (global as { gc?: () => void }).gc?.();

/**
 * One export read to the end. With `memory`, the live heap (after a full collection, every 100 ms)
 * is sampled: what the export holds, not the garbage it leaves; the collections slow that run down.
 */
async function exportOnce(url: string, memory = false) {
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = 0;
  const sampler = setInterval(() => {
    if (!memory) return;
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed - base);
  }, 100);
  const started = performance.now();
  const res = await fetch(url, { headers: { Authorization: 'Bearer token-dora' } });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  let firstByte = 0;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    firstByte ||= performance.now() - started;
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { ms, firstByte, bytes, lines, peakMb: peak / 1024 / 1024 };
}

async function main() {
  if (!(global as { gc?: unknown }).gc) throw new Error('Run with --expose-gc (npm run bench:export does)');
  const results: { size: number; ms: number; peakMb: number }[] = [];
  for (const size of SIZES) {
    const harness = await createHarness();
    const seeding = performance.now();
    await seed(harness, size);
    const seeded = ((performance.now() - seeding) / 1000).toFixed(1);
    const server = http.createServer(harness.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin/forms/${FORM_ID}/export/applications.csv`;
    await exportOnce(url);
    const run = await exportOnce(url);
    run.peakMb = (await exportOnce(url, true)).peakMb;
    console.log(
      `${String(size).padStart(5)} applications (${run.lines - 1} records, ${(run.bytes / 1024 / 1024).toFixed(1)} MB): ` +
        `${run.ms.toFixed(0)} ms, first byte ${run.firstByte.toFixed(0)} ms, ` +
        `${((run.ms / (run.lines - 1)) * 100).toFixed(1)} ms per 100 records, live heap added at most ${run.peakMb.toFixed(1)} MB (seeded in ${seeded} s)`,
    );
    results.push({ size, ms: run.ms, peakMb: run.peakMb });
    server.close();
    await harness.close();
  }
  const [small, large] = [results[0]!, results[results.length - 1]!];
  console.log(
    `${large.size}/${small.size} applications: time x${(large.ms / small.ms).toFixed(2)}, peak live heap x${(large.peakMb / small.peakMb).toFixed(2)}`,
  );
}

void main();

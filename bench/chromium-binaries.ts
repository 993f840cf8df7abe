import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, FULL_CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '../e2e/support/chromium';
import { DEMO_PASSWORD } from '../functions/src/seed/demo-accounts';
import { startPortalProcess } from '../tools/portal-process';
import { PORT_OFFSET } from '../tools/port-offset';
import { logIn } from './support/visits';
import { sampleProcessCpu, type ProcessCpu } from './support/process-cpu';
import { startWatchdog } from './support/watchdog';

/**
 * `npm run bench:chromium`: the CPU that Debian's two Chromium binaries spend on the same visits,
 * the full browser run headless (`chromium`) and its headless shell (`chromium-headless-shell`),
 * which the browser tests use when it is installed (e2e/support/chromium.ts). Each round signs the
 * director in from the landing page in a new browser context and opens five staff pages, three
 * times; the binaries alternate, BENCH_RUNS rounds each, against one portal with the demo data.
 * Prints the CPU seconds of every Chromium process on the machine meanwhile (sampled from /proc
 * every 100 ms, so a process that ends keeps what it had used: run it alone) and the wall time.
 * Builds nothing: run `npx tsx tools/build.ts` first.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const PAGES = [
  '/admin',
  '/admin/dor/users',
  '/admin/dor/forms',
  '/admin/dor/dashboard/demo-form-spring',
  '/admin/dor/audit',
];

async function visits(browser: Browser, baseURL: string): Promise<void> {
  for (let round = 0; round < 3; round++) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await logIn(page, 'director@example.com', DEMO_PASSWORD);
    await page.waitForURL((url) => !url.pathname.includes('/login'));
    for (const path of PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await context.close();
  }
}

async function measure(executablePath: string, baseURL: string): Promise<{ cpu: number; wall: number }> {
  const before = new Map<string, ProcessCpu>();
  sampleProcessCpu(before);
  const seen = new Map(before);
  const sampler = setInterval(() => sampleProcessCpu(seen), 100);
  const started = Date.now();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    await visits(browser, baseURL);
    sampleProcessCpu(seen);
  } finally {
    clearInterval(sampler);
    await browser.close();
  }
  let cpu = 0;
  for (const [key, { kind, seconds }] of seen) {
    if (kind.startsWith('chromium')) cpu += seconds - (before.get(key)?.seconds ?? 0);
  }
  return { cpu, wall: (Date.now() - started) / 1000 };
}

async function main() {
  for (const binary of [FULL_CHROMIUM_PATH, HEADLESS_SHELL_PATH]) {
    if (!existsSync(binary)) throw new Error(`${binary} is missing: apt-get install chromium chromium-headless-shell`);
  }
  startWatchdog('chromium binaries bench', 600_000);
  const portal = await startPortalProcess({ port: 18850 + PORT_OFFSET, authEmulatorPort: 18851 + PORT_OFFSET });
  try {
    const results = new Map<string, { cpu: number[]; wall: number[] }>();
    for (let run = 0; run < RUNS; run++) {
      for (const binary of [FULL_CHROMIUM_PATH, HEADLESS_SHELL_PATH]) {
        const { cpu, wall } = await measure(binary, portal.url);
        const entry = results.get(binary) ?? { cpu: [], wall: [] };
        entry.cpu.push(cpu);
        entry.wall.push(wall);
        results.set(binary, entry);
      }
    }
    const list = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    console.log(
      `Chromium CPU seconds for 3 sign-ins and ${3 * PAGES.length} staff pages, ${RUNS} runs each, alternating:`,
    );
    for (const [binary, { cpu, wall }] of results) {
      console.log(`  ${binary.padEnd(34)} CPU ${list(cpu)} (mean ${mean(cpu).toFixed(1)}); wall ${list(wall)} s`);
    }
    const full = mean(results.get(FULL_CHROMIUM_PATH)!.cpu);
    const shell = mean(results.get(HEADLESS_SHELL_PATH)!.cpu);
    console.log(`  headless shell / full browser: ${(shell / full).toFixed(2)} of the CPU`);
  } finally {
    await portal.stop();
  }
  process.exit(0);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

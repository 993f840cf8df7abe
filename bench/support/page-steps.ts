import type { Page } from '@playwright/test';

/**
 * What the page benches share (`bench:pages`, `bench:staff-pages`): a step from a click, a log-in or
 * a link followed until what the page is for is on screen, with the API calls and scripts it
 * waited on one after another (a chain: each asked for only once the one before it answered). A
 * chain does not vary with the machine's load, unlike a time.
 */
interface Timed {
  kind: 'api' | 'script';
  path: string;
  start: number;
  end: number;
}

/** The longest run of requests of one kind where each started after the one before it ended. */
export function longestChain(requests: Timed[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = new Map<Timed, number>();
  for (const request of sorted) {
    const before = sorted.filter((other) => other.end <= request.start && depth.has(other));
    depth.set(request, 1 + Math.max(0, ...before.map((other) => depth.get(other)!)));
  }
  return Math.max(0, ...depth.values());
}

/** Records the page's API calls and scripts from now on; `take()` returns and forgets them. */
export function recorder(page: Page) {
  let taken: Timed[] = [];
  const started = new Map<unknown, Timed>();
  page.on('request', (request) => {
    const api = new URL(request.url()).pathname.startsWith('/api/');
    if (!api && request.resourceType() !== 'script') return;
    const path = `${request.method()} ${new URL(request.url()).pathname}`;
    started.set(request, { kind: api ? 'api' : 'script', path, start: performance.now(), end: Infinity });
  });
  const finish = (request: unknown) => {
    const timed = started.get(request);
    if (!timed) return;
    timed.end = performance.now();
    taken.push(timed);
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);
  return {
    take() {
      const done = taken;
      taken = [];
      return done;
    },
  };
}

/** Resolves once the page shows its heading and nothing inside it is still loading. */
export async function contentShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('main h1, main h2, main h3') !== null &&
      document.querySelector('main .ant-spin-spinning, main .ant-skeleton-active, main [aria-busy="true"]') === null,
    undefined,
    { polling: 20, timeout: 30_000 },
  );
}

/** Goes to `path` as a link inside the portal does (no reload). */
export async function follow(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export interface Step {
  page: string;
  ms: number;
  api: number;
  scripts: number;
}

/**
 * One step: from `go` (a click, a log-in or a link followed) until `ready` (what the page is for is
 * on screen, by default its heading with nothing inside still loading).
 */
export async function measure(
  page: Page,
  rec: ReturnType<typeof recorder>,
  name: string,
  go: () => Promise<void>,
  ready: () => Promise<unknown> = () => contentShown(page),
) {
  await page.waitForLoadState('networkidle');
  rec.take();
  const start = performance.now();
  await go();
  await ready();
  await contentShown(page);
  const ms = performance.now() - start;
  await page.waitForLoadState('networkidle');
  const requests = rec.take();
  // BENCH_VERBOSE=1: each step's requests, in the order they started, with when (ms after the step began).
  if (process.env.BENCH_VERBOSE) {
    console.log(`${name}:`);
    for (const r of [...requests].sort((a, b) => a.start - b.start)) {
      console.log(
        `  ${(r.start - start).toFixed(0).padStart(6)} → ${(r.end - start).toFixed(0).padStart(6)}  ${r.path}`,
      );
    }
  }
  return {
    page: name,
    ms,
    api: longestChain(requests.filter((r) => r.kind === 'api')),
    scripts: longestChain(requests.filter((r) => r.kind === 'script')),
  };
}

/** Prints each step's median time to content over the runs, and its longest chains. */
export function printSteps(title: string, runs: Step[][]): void {
  console.log(title);
  console.log(`  ${'page'.padEnd(36)} ${'to content'.padStart(11)}  API chain  script chain`);
  runs[0]!.forEach((step, index) => {
    const all = runs.map((steps) => steps[index]!);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `  ${step.page.padEnd(36)} ${`${median(all.map((s) => s.ms)).toFixed(0)} ms`.padStart(11)}  ` +
        `${String(Math.max(...all.map((s) => s.api))).padStart(9)}  ${String(Math.max(...all.map((s) => s.scripts))).padStart(12)}`,
    );
  });
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURES = path.join(__dirname, 'fixtures', 'code-cache');
const SOURCES_FIXTURES = path.join(__dirname, 'fixtures', 'sources');

const RUNTIME = path.join(__dirname, 'code-cache-runtime.cjs');
const newDir = () => mkdtempSync(path.join(tmpdir(), 'code-cache-'));

interface Counts {
  compiled: number;
  fromCache: number;
  sourcesRead: number;
}

/**
 * Runs the fixture's two test files in one jest process with `runtime` (its disk cache in `cacheDir`):
 * what jest said and what the runtime counted.
 */
function runFixture(runtime?: string, cacheDir = newDir(), fixtures = FIXTURES) {
  const stats = path.join(newDir(), 'stats.jsonl');
  const config = {
    rootDir: fixtures,
    testMatch: ['**/*.test.cjs'],
    testEnvironment: 'node',
    transform: {},
    ...(runtime ? { runtime } : {}),
  };
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', '-i', '--config', JSON.stringify(config)],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PORTAL_JEST_CODE_CACHE_STATS: stats, PORTAL_JEST_CODE_CACHE_DIR: cacheDir },
    },
  );
  let counts: Counts[] = [];
  try {
    counts = readFileSync(stats, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Counts);
  } catch {
    // jest's own runtime writes none.
  }
  return { status: run.status, output: run.stderr, counts };
}

test("the second test file's modules compile from the first one's code, and errors still point at their source", () => {
  const { status, output, counts } = runFixture(RUNTIME);
  expect(output).toMatch(/Tests:\s+2 passed, 2 total/);
  expect(status).toBe(0);
  // The first file compiles every module it runs, jest's own included. The second compiles at most
  // itself: again.test.cjs, run after stack.test.cjs; or nothing, run before it (jest orders the files
  // by their last run's time). Every other module of it comes from the first file's code.
  const [first, second] = counts;
  expect(counts).toHaveLength(2);
  expect(first!.fromCache).toBe(0);
  expect(second!.compiled).toBeLessThanOrEqual(1);
  expect(second!.fromCache).toBe(first!.compiled - 1 + second!.compiled);
});

test('the next jest process compiles nothing the last one ran, from the code it left on disk', () => {
  const cacheDir = newDir();
  const cold = runFixture(RUNTIME, cacheDir);
  const warm = runFixture(RUNTIME, cacheDir);
  expect(warm.output).toMatch(/Tests:\s+2 passed, 2 total/);
  expect(warm.status).toBe(0);
  const modules = cold.counts[0]!.compiled + cold.counts[1]!.compiled;
  expect(warm.counts.map(({ compiled }) => compiled)).toEqual([0, 0]);
  expect(warm.counts[0]!.fromCache + warm.counts[1]!.fromCache).toBe(modules + cold.counts[1]!.fromCache);
});

test("the fixture's line and column checks hold on jest's own runtime too", () => {
  const { status, output } = runFixture();
  expect(output).toMatch(/Tests:\s+2 passed, 2 total/);
  expect(status).toBe(0);
});

test('the second test file reads again only the source that changed since the first read it', () => {
  const { status, output, counts } = runFixture(RUNTIME, newDir(), SOURCES_FIXTURES);
  // Each file writes a module of its own text, then requires it and expects that text.
  expect(output).toMatch(/Tests:\s+2 passed, 2 total/);
  expect(status).toBe(0);
  // The first reads itself, the helper, the module it wrote and jest's own modules that run in the
  // test's context; the second only itself and the module, written again since.
  expect(counts[0]!.sourcesRead).toBeGreaterThan(3);
  expect(counts[1]!.sourcesRead).toBe(2);
});

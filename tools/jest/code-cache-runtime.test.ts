import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const FIXTURES = path.join(__dirname, 'fixtures', 'code-cache');

/** Runs the fixture's two test files in one jest process with `runtime`; what jest said and the runtime counted. */
function runFixture(runtime?: string) {
  const stats = path.join(mkdtempSync(path.join(tmpdir(), 'code-cache-')), 'stats.jsonl');
  const config = {
    rootDir: FIXTURES,
    testMatch: ['**/*.test.cjs'],
    testEnvironment: 'node',
    transform: {},
    ...(runtime ? { runtime } : {}),
  };
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', '-i', '--config', JSON.stringify(config)],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PORTAL_JEST_CODE_CACHE_STATS: stats } },
  );
  let counts: Array<{ compiled: number; fromCache: number }> = [];
  try {
    counts = readFileSync(stats, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { compiled: number; fromCache: number });
  } catch {
    // jest's own runtime writes none.
  }
  return { status: run.status, output: run.stderr, counts };
}

test("the second test file's modules compile from the first one's code, and errors still point at their source", () => {
  const { status, output, counts } = runFixture(path.join(__dirname, 'code-cache-runtime.cjs'));
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

test("the fixture's line and column checks hold on jest's own runtime too", () => {
  const { status, output } = runFixture();
  expect(output).toMatch(/Tests:\s+2 passed, 2 total/);
  expect(status).toBe(0);
});

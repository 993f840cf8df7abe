import { readFileSync } from 'node:fs';

/**
 * Playwright splits the browser tests into shards by their number (`--shard`), in file order, each
 * shard a run of whole files; `PWTEST_SHARD_WEIGHTS` sets how many tests each shard gets. Our tests
 * differ in length (a landing check takes a second, the accessibility sweep a hundred), so equal
 * counts are unequal times. This finds the counts that split the files' measured time most evenly.
 *
 * `npx tsx tools/shard-weights.ts [--third-after=<s>] <report.json>...`: Playwright JSON reports of
 * one whole SQLite pass (one per shard; `npm test` writes them, `test-results/sqlite-N.json`) → each
 * file's time and the weights for
 * `tools/test.ts`'s three shards, the third starting `<s>` seconds after the others (when the
 * Firestore pass ends: its time in the step table).
 */

export interface FileTime {
  file: string;
  /** The file's tests that run (a skipped one takes no place in a shard). */
  tests: number;
  seconds: number;
}

/**
 * The test counts of `shards` runs of whole files, in order, that end closest together (the last to
 * end ends soonest). `startsAfter[i]` is how many seconds after the others shard i starts (a shard
 * that waits for another step gets that much less to do); none by default.
 */
export function balancedWeights(
  files: readonly FileTime[],
  shards: number,
  startsAfter: readonly number[] = [],
): number[] {
  const ordered = [...files].sort((a, b) => a.file.localeCompare(b.file));
  const lag = (shard: number) => startsAfter[shard] ?? 0;
  // Cuts between files, chosen greedily: each shard takes files until its time reaches its share of
  // what is left (the remaining shards ending together), or stops before a file when that comes
  // closer to it.
  const weights: number[] = [];
  let index = 0;
  for (let shard = 0; shard < shards; shard += 1) {
    const left = ordered.slice(index).reduce((sum, file) => sum + file.seconds, 0);
    const remaining = Array.from({ length: shards - shard }, (_, offset) => lag(shard + offset));
    const end = (left + remaining.reduce((sum, each) => sum + each, 0)) / remaining.length;
    const share = Math.max(0, end - lag(shard));
    let seconds = 0;
    let tests = 0;
    while (index < ordered.length && (shard === shards - 1 || seconds + ordered[index]!.seconds / 2 <= share)) {
      seconds += ordered[index]!.seconds;
      tests += ordered[index]!.tests;
      index += 1;
    }
    weights.push(tests);
  }
  return weights;
}

interface Report {
  stats: { startTime: string; duration: number };
  suites: Suite[];
}
interface Suite {
  file: string;
  specs?: { tests: { expectedStatus: string; results: { startTime: string; duration: number }[] }[] }[];
  suites?: Suite[];
}

/** Each file's time in a report: from its first test's start to the next file's (hooks and portal start-ups included). */
export function fileTimes(report: Report): FileTime[] {
  const files = new Map<string, { start: number; tests: number }>();
  const visit = (suite: Suite, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const entry = files.get(file) ?? { start: Infinity, tests: 0 };
        if (test.expectedStatus !== 'skipped') entry.tests += 1;
        for (const result of test.results) entry.start = Math.min(entry.start, Date.parse(result.startTime));
        files.set(file, entry);
      }
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of report.suites) visit(suite, suite.file);
  const end = Date.parse(report.stats.startTime) + report.stats.duration;
  const ordered = [...files].sort(([, a], [, b]) => a.start - b.start);
  return ordered.map(([file, { start, tests }], index) => {
    const next = ordered[index + 1]?.[1].start;
    return { file, tests, seconds: Number.isFinite(start) ? ((next ?? end) - start) / 1000 : 0 };
  });
}

if (require.main === module) {
  const lagArgument = process.argv.find((argument) => argument.startsWith('--third-after='));
  const thirdAfter = lagArgument ? Number(lagArgument.slice('--third-after='.length)) : 0;
  const files = process.argv
    .slice(2)
    .filter((argument) => !argument.startsWith('--'))
    .flatMap((report) => fileTimes(JSON.parse(readFileSync(report, 'utf8')) as Report));
  for (const { file, tests, seconds } of [...files].sort((a, b) => a.file.localeCompare(b.file))) {
    console.log(`${file.padEnd(36)} ${String(tests).padStart(3)} tests ${seconds.toFixed(1).padStart(7)} s`);
  }
  console.log(
    `weights for three shards, the third ${thirdAfter} s later: ${balancedWeights(files, 3, [0, 0, thirdAfter]).join(':')}`,
  );
}

import { readFileSync } from 'node:fs';

/**
 * Playwright splits the browser tests into shards by their number (`--shard`), in file order, each
 * shard a run of whole files; `PWTEST_SHARD_WEIGHTS` sets how many tests each shard gets. Our tests
 * differ in length (a landing check takes a second, the accessibility sweep a hundred), so equal
 * counts are unequal times. This finds the counts that split the files' measured time most evenly.
 *
 * `npx tsx tools/shard-weights.ts <report.json>...`: Playwright JSON reports of one whole SQLite
 * pass (`--reporter=json`, one per shard) → each file's time and the weights for two shards, to
 * put in `tools/test.ts`.
 */

export interface FileTime {
  file: string;
  /** The file's tests that run (a skipped one takes no place in a shard). */
  tests: number;
  seconds: number;
}

/** The test counts of `shards` runs of whole files, in order, whose times differ least (the longest is shortest). */
export function balancedWeights(files: readonly FileTime[], shards: number): number[] {
  const ordered = [...files].sort((a, b) => a.file.localeCompare(b.file));
  // Cuts between files, chosen greedily: each shard takes files until its time reaches an even
  // share of what is left, or stops before a file when that comes closer to it.
  const weights: number[] = [];
  let index = 0;
  for (let shard = 0; shard < shards; shard += 1) {
    const left = ordered.slice(index).reduce((sum, file) => sum + file.seconds, 0);
    const share = left / (shards - shard);
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
  const files = process.argv
    .slice(2)
    .flatMap((report) => fileTimes(JSON.parse(readFileSync(report, 'utf8')) as Report));
  for (const { file, tests, seconds } of [...files].sort((a, b) => a.file.localeCompare(b.file))) {
    console.log(`${file.padEnd(36)} ${String(tests).padStart(3)} tests ${seconds.toFixed(1).padStart(7)} s`);
  }
  console.log(`weights for two shards: ${balancedWeights(files, 2).join(':')}`);
}

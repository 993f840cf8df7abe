import { balancedWeights, fileTimes } from './shard-weights';

const file = (name: string, tests: number, seconds: number) => ({ file: `${name}.spec.ts`, tests, seconds });

test('splits whole files in file order so that the shards take about the same time, not the same count', () => {
  // 6 tests either way by count; by time, the long first file is a shard of its own.
  const files = [file('d', 3, 10), file('a', 2, 100), file('b', 4, 40), file('c', 3, 50)];
  expect(balancedWeights(files, 2)).toEqual([2, 10]);
  expect(balancedWeights([file('a', 1, 30), file('b', 1, 30), file('c', 1, 30), file('d', 1, 30)], 2)).toEqual([2, 2]);
  expect(balancedWeights([file('a', 1, 30), file('b', 1, 30), file('c', 1, 30)], 3)).toEqual([1, 1, 1]);
});

test('a file goes to the shard where more of its time falls', () => {
  // Shares of 50 s: b ends at 55 s (most of it within the first 50), c starts at 55.
  expect(balancedWeights([file('a', 1, 40), file('b', 2, 15), file('c', 3, 45)], 2)).toEqual([3, 3]);
  expect(balancedWeights([file('a', 1, 40), file('b', 2, 25), file('c', 3, 35)], 2)).toEqual([1, 5]);
});

test('a shard that starts later gets that much less to do, and all end together', () => {
  const files = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((name) => file(name, 1, 30));
  // 240 s of tests, the third shard 45 s behind: 90, 90 and 45 + 60 s.
  expect(balancedWeights(files, 3, [0, 0, 45])).toEqual([3, 3, 2]);
  // 100 s behind: 120, 120 and 100 (a file more for it would end it at 130).
  expect(balancedWeights(files, 3, [0, 0, 100])).toEqual([4, 4, 0]);
  expect(balancedWeights(files, 3)).toEqual([3, 3, 2]);
  // A lag longer than the whole run leaves the late shard nothing.
  expect(balancedWeights(files, 2, [0, 500])).toEqual([8, 0]);
});

test("reads each file's time from a Playwright JSON report, skipped tests not counted", () => {
  const result = (startTime: string, duration: number) => ({ startTime, duration });
  const report = {
    stats: { startTime: '2026-12-01T00:00:00.000Z', duration: 60_000 },
    suites: [
      {
        file: 'b.spec.ts',
        specs: [{ tests: [{ expectedStatus: 'passed', results: [result('2026-12-01T00:00:20.000Z', 5_000)] }] }],
      },
      {
        file: 'a.spec.ts',
        specs: [
          { tests: [{ expectedStatus: 'passed', results: [result('2026-12-01T00:00:02.000Z', 10_000)] }] },
          { tests: [{ expectedStatus: 'skipped', results: [] }] },
        ],
        suites: [
          {
            file: 'a.spec.ts',
            specs: [{ tests: [{ expectedStatus: 'passed', results: [result('2026-12-01T00:00:12.000Z', 7_000)] }] }],
          },
        ],
      },
    ],
  };
  expect(fileTimes(report)).toEqual([
    { file: 'a.spec.ts', tests: 2, seconds: 18 },
    { file: 'b.spec.ts', tests: 1, seconds: 40 },
  ]);
});

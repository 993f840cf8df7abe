import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Counts on the staff screens (and the shared texts they show) go through the one plural helper
 * (`countOf` / `plural` in shared/src/domain/ids/text.ts, on `Intl.PluralRules`): a hand-made plural
 * (`n === 1 ? 'role' : 'roles'`, `seat${n === 1 ? '' : 's'}`, "account(s)") fails here, and so does
 * a bare count that does not say what it counts (`${total} assigned`).
 */
const ROOT = path.resolve(__dirname, '../..');
const DIRS = ['admin-app/src', 'shared/src', 'functions/src/staff'];
const HELPER = 'shared/src/domain/ids/text.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const HAND_MADE: { what: string; pattern: RegExp }[] = [
  { what: 'a text chosen by a count of one', pattern: /[!=]==\s*1\s*\?\s*['"`]/ },
  { what: 'a "(s)" plural', pattern: /\b(?!https?\(s\))\w+\((?:s|es)\)/ },
  { what: 'a count that does not say what it counts', pattern: /`\$\{\w+\} (?:assigned|selected|left|taken)\b/ },
];

/** Each hand-made plural in `code`, as "line: text". */
export function handMadePlurals(code: string): string[] {
  return code
    .split('\n')
    .flatMap((line, index) =>
      HAND_MADE.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${index + 1}: ${what}: ${line.trim()}`),
    );
}

test('the checker finds hand-made plurals and passes the helper', () => {
  expect(handMadePlurals("const t = `${n} ${n === 1 ? 'role' : 'roles'}`;")).toHaveLength(1);
  expect(handMadePlurals("`${n} seat${n === 1 ? '' : 's'} left`")).toHaveLength(1);
  expect(handMadePlurals('`${n} sign-in account(s) could not be deleted`')).toHaveLength(1);
  expect(handMadePlurals('countText={(total) => `${total} assigned`}')).toHaveLength(1);
  expect(handMadePlurals("countOf(n, 'role application')")).toEqual([]);
  expect(handMadePlurals("`${countOf(n, 'review')} ${plural(n, 'is', 'are')} open`")).toEqual([]);
  expect(handMadePlurals('links only to http(s) addresses')).toEqual([]);
});

test('staff screens make every plural with the one helper', () => {
  const found = DIRS.flatMap((dir) => sources(path.join(ROOT, dir)))
    .filter((file) => path.relative(ROOT, file) !== HELPER)
    .flatMap((file) => handMadePlurals(readFileSync(file, 'utf8')).map((hit) => `${path.relative(ROOT, file)}:${hit}`));
  expect(found).toEqual([]);
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Toasts state what happened in a calm sentence: none ends in "!", but the texts the spec quotes
 * word for word (shared/spec/portal-spec.md §8, the catalogue, and its success toasts), which
 * stay exactly as the spec has them.
 */
const SPEC_TEXTS = [
  'Failed to send verification email!',
  'Failed to save your application!',
  'Failed to set review preferences!',
  'Failed to fetch user!',
  'User is not a reviewer!',
  'No active form!',
  'No response for this ID!',
  'Successfully updated role preferences!',
  'A verification email has been sent to ${email}!',
];

const ROOT = path.resolve(__dirname, '../..');
const CLIENT_DIRS = ['applicant-app/src', 'admin-app/src', 'shell/src', 'shared/src/client', 'shared/src/ui'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The code from `from` to the bracket that closes the one just before it (a call's arguments, an arrow's body). */
function balanced(code: string, from: number): string {
  let depth = 1;
  for (let at = from; at < code.length; at++) {
    const char = code[at];
    if (char === '(' || char === '{' || char === '[') depth++;
    if (char === ')' || char === '}' || char === ']') depth--;
    if (depth === 0) return code.slice(from, at);
  }
  return code.slice(from);
}

const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;

/**
 * The texts a file shows as toasts: the string literals in the message of `notify.success(…)` /
 * `notify.error(…)`, or of a staff mutation's `success: (…) => …` message, and in the constants of
 * the same file those name (`notify.error(SAVE_FAILED_TOAST)`, a table of texts).
 */
export function toastTexts(code: string): string[] {
  const messages = [
    ...[...code.matchAll(/\bnotify\.(?:success|error|info|warning)\(/g)].map((match) =>
      balanced(code, match.index + match[0].length),
    ),
    ...[...code.matchAll(/\bsuccess:\s*(?:\([^)]*\)|\w+)\s*=>\s*/g)].map((match) => {
      const start = match.index + match[0].length;
      return /^[({]/.test(code.slice(start))
        ? balanced(code, start + 1)
        : code.slice(start).split(/,\s*\n|\n\s*[}\]]/)[0]!;
    }),
  ];
  const constants = new Map(
    [...code.matchAll(/\bconst (\w+)\b[^=\n]*=\s*/g)].map((match) => {
      const start = match.index + match[0].length;
      const init = /^[({[]/.test(code.slice(start)) ? balanced(code, start + 1) : code.slice(start).split(/;\n/)[0]!;
      return [match[1]!, init] as const;
    }),
  );
  return messages.flatMap((message) => {
    const named = [...message.matchAll(/\b[A-Za-z_]\w*\b/g)].flatMap((word) => constants.get(word[0]) ?? []);
    return [message, ...named].flatMap((text) => [...text.matchAll(LITERAL)].map((m) => m[1] ?? m[2] ?? m[3]!));
  });
}

test('the scan reads the toasts of a file, its constants included', () => {
  const code = [
    "const DONE = 'Saved!';",
    'const REPLIED = {',
    '  accept: (label: string) => `You accepted ${label}!`,',
    '} as const;',
    "notify.success(isReview ? 'Review submitted!' : 'Interview submitted.');",
    'notify.success(REPLIED.accept(x));',
    'notify.error(DONE, { autoClose: 1 });',
    'useStaffMutation(run, { success: (result) => `${result.n} deleted!` });',
    "useStaffMutation(run, { success: () => 'Form saved!' });",
  ].join('\n');
  expect(toastTexts(code)).toEqual(
    expect.arrayContaining([
      'Review submitted!',
      'Interview submitted.',
      'You accepted ${label}!',
      'Saved!',
      '${result.n} deleted!',
      'Form saved!',
    ]),
  );
});

test('no toast ends in "!", but the texts the spec quotes word for word', () => {
  const shouting = CLIENT_DIRS.flatMap((dir) => sources(path.join(ROOT, dir))).flatMap((file) =>
    toastTexts(readFileSync(file, 'utf8'))
      .filter((text) => text.trimEnd().endsWith('!') && !SPEC_TEXTS.includes(text))
      .map((text) => `${path.relative(ROOT, file)}: ${text}`),
  );
  expect(shouting).toEqual([]);
});

import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * All data goes through the API (the Admin SDK bypasses security rules), so the Firestore and
 * Storage rules grant the browser nothing: every `allow` must be exactly `if false`.
 */
const REPO_ROOT = path.resolve(__dirname, '..');

function stripComments(rules: string): string {
  return rules.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
}

interface AllowStatement {
  text: string;
  denies: boolean;
}

/** Every `allow ...;` statement, and whether it is exactly `allow <operations>: if false;`. */
function allowStatements(rules: string): AllowStatement[] {
  return [...stripComments(rules).matchAll(/\ballow\b[^;]*;?/g)].map(([text]) => ({
    text: text.replace(/\s+/g, ' ').trim(),
    denies: /^allow\s+[a-z]+(?:\s*,\s*[a-z]+)*\s*:\s*if\s+false\s*;$/.test(text.trim()),
  }));
}

function matchPaths(rules: string): string[] {
  return [...stripComments(rules).matchAll(/\bmatch\s+(\S+)\s*\{/g)].map(([, matched]) => matched!);
}

function problemsOf(rules: string, catchAll: string): string[] {
  const problems = allowStatements(rules)
    .filter((statement) => !statement.denies)
    .map((statement) => `grants access: "${statement.text}"`);
  if (allowStatements(rules).length === 0) problems.push('no allow statement at all');
  if (!matchPaths(rules).includes(catchAll)) problems.push(`no match block for ${catchAll}`);
  return problems;
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

test.each([
  ['firestore.rules', '/{document=**}', 'cloud.firestore'],
  ['storage.rules', '/{allPaths=**}', 'firebase.storage'],
])('%s denies every client read and write', (file, catchAll, service) => {
  const rules = read(file);

  expect(stripComments(rules)).toMatch(new RegExp(`service\\s+${service.replace('.', '\\.')}\\s*\\{`));
  expect(stripComments(rules)).toMatch(/rules_version\s*=\s*'2'\s*;/);
  expect(problemsOf(rules, catchAll)).toEqual([]);
});

test('firebase.json deploys these two rules files', () => {
  const config = JSON.parse(read('firebase.json')) as {
    firestore?: { rules?: string };
    storage?: { rules?: string };
  };
  expect(config.firestore?.rules).toBe('firestore.rules');
  expect(config.storage?.rules).toBe('storage.rules');
});

describe('the check itself', () => {
  const wrap = (body: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} {
      ${body}
    }
  }
}`;

  test.each([
    'allow read, write: if true;',
    'allow read;',
    'allow read: if request.auth != null;',
    'allow read: if false || true;',
    'allow read: if false; allow write: if request.auth.uid == "x";',
    'allow get: if false\n      allow list: if true;',
  ])('refuses %p', (body) => {
    expect(problemsOf(wrap(body), '/{document=**}')).not.toEqual([]);
  });

  test.each([
    'allow read, write: if false;',
    'allow get, list: if false;\n      allow create,update ,delete :if  false ;',
    '// allow read: if true;\n      allow read, write: if false;',
    '/* allow write: if true; */ allow read, write: if false;',
  ])('accepts %p', (body) => {
    expect(problemsOf(wrap(body), '/{document=**}')).toEqual([]);
  });

  test('refuses rules without the catch-all match or without any allow', () => {
    expect(problemsOf(wrap('allow read, write: if false;'), '/{allPaths=**}')).toEqual([
      'no match block for /{allPaths=**}',
    ]);
    expect(problemsOf(wrap(''), '/{document=**}')).toEqual(['no allow statement at all']);
  });
});

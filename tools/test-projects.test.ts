import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import config, { JEST_PROJECTS } from '../jest.config';

/**
 * `npm run test:quick` and the first jest step of `npm test` start no emulator: a test that needs
 * one must say so in its name (`*.emulator.test.ts`), or it would fail there, or worse, skip its
 * Firestore half in silence. These tests keep the split honest.
 */
const ROOT = path.resolve(__dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** What a test file does that needs an emulator: the test helpers that connect to one, or one of its own. */
const NEEDS_AN_EMULATOR = [
  /testing\/(test-firestore|emulator-sign-in)'/,
  /FIREBASE_AUTH_EMULATOR_HOST|TEST_AUTH_PROJECT_ID/,
  /firebase-tools.*lib\/emulator/s,
  /\bstartAuthEmulator\(/,
];

/** What a file imports from testing/store-targets ('*': the whole module). */
function storeTargetsImports(source: string): string[] {
  return [...source.matchAll(/import\s+(?:type\s+)?([^;]*?)\s+from\s+'[^']*testing\/store-targets'/g)].flatMap(
    ([, clause]) => {
      const names = /^\{([^}]*)\}$/.exec(clause!.trim());
      if (!names) return ['*'];
      return names[1]!
        .split(',')
        .map((name) => name.trim().replace(/^type\s+/, ''))
        .filter(Boolean);
    },
  );
}

/** store-targets' helpers that run on SQLite alone; everything else it gives runs on every store. */
const SQLITE_ONLY = new Set(['describeOnSqlite', 'StoreTest']);

const usesEmulator = (source: string): boolean =>
  NEEDS_AN_EMULATOR.some((pattern) => pattern.test(source)) ||
  storeTargetsImports(source).some((name) => !SQLITE_ONLY.has(name));

const relative = (file: string) => path.relative(ROOT, file);

test('every test that uses an emulator is named *.emulator.test.ts, and only those are', () => {
  const files = ['functions/src', 'shared/src', 'shell/src', 'applicant-app/src', 'admin-app/src', 'tools'].flatMap(
    (dir) => testFiles(path.join(ROOT, dir)),
  );
  expect(files.length).toBeGreaterThan(150);
  const misnamed = files
    .filter((file) => file !== __filename)
    .filter((file) => {
      return usesEmulator(readFileSync(file, 'utf8')) !== file.endsWith('.emulator.test.ts');
    })
    .map(relative);
  expect(misnamed).toEqual([]);
});

test('the emulator tests are all under functions/, the one project that starts the emulators', () => {
  const elsewhere = ['shared/src', 'shell/src', 'applicant-app/src', 'admin-app/src', 'tools']
    .flatMap((dir) => testFiles(path.join(ROOT, dir)))
    .filter((file) => file.endsWith('.emulator.test.ts'))
    .map(relative);
  expect(elsewhere).toEqual([]);
});

test('the quick, emulator, sweep and build groups name every jest project once', () => {
  const names = (config.projects ?? []).map((project) => (project as { displayName: string }).displayName);
  const grouped = Object.values(JEST_PROJECTS).flat();
  expect([...grouped].sort()).toEqual([...names].sort());
});

/** The scenario lists (`testing/*-scenarios`) a test file imports. */
const scenarioLists = (source: string): string[] =>
  [...source.matchAll(/from\s+'[^']*testing\/([\w-]*scenarios)'/g)].map(([, name]) => name!);

test('a scenario list the quick tests run on SQLite runs on the Firestore emulator alone in its emulator twin', () => {
  const files = testFiles(path.join(ROOT, 'functions/src'));
  const onSqlite = new Set(
    files
      .map((file) => readFileSync(file, 'utf8'))
      .filter((source) => storeTargetsImports(source).includes('describeOnSqlite'))
      .flatMap(scenarioLists),
  );
  expect(onSqlite.size).toBeGreaterThan(2);
  const twiceOnSqlite = files
    .filter((file) => file.endsWith('.emulator.test.ts'))
    .filter((file) => {
      const source = readFileSync(file, 'utf8');
      return (
        storeTargetsImports(source).includes('describeOnStores') &&
        scenarioLists(source).some((name) => onSqlite.has(name))
      );
    })
    .map(relative);
  expect(twiceOnSqlite).toEqual([]);
});

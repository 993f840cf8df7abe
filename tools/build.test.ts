import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as Build from './build';
import { FAKE_PRODUCTION_ENV } from './fake-production-env';

// webpack and its plugins are loaded only to build: any module below that loads them fails here.
jest.mock('webpack', () => {
  throw new Error('webpack was loaded');
});

describe('a start whose bundles are fresh', () => {
  test('checks them without loading webpack', () => {
    jest.isolateModules(() => {
      const { isStale } = jest.requireActual<typeof Build>('./build');
      expect(typeof isStale('shell')).toBe('boolean');
    });
  });

  test("every tool `npm start` imports loads without webpack (create-config.ts's paths come from app-dirs.ts)", () => {
    const source = readFileSync(path.join(__dirname, 'start.ts'), 'utf8');
    const imported = [...source.matchAll(/^import [^;]*? from '(\.\/[^']+)';$/gms)].map((match) => match[1]!);
    expect(imported).toEqual(expect.arrayContaining(['./build', './webpack/app-dirs']));
    for (const file of imported) {
      jest.isolateModules(() => {
        expect(() => jest.requireActual(path.join(__dirname, file))).not.toThrow();
      });
    }
  });
});

describe('a build into another directory (the production build of npm test)', () => {
  const { copyBuild, inputHash } = jest.requireActual<typeof Build>('./build');
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'portal-build-test-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Every file below a directory, by its path there, with its content. */
  const contents = (dir: string) =>
    Object.fromEntries(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const file = path.join(entry.parentPath, entry.name);
          return [path.relative(dir, file), readFileSync(file, 'utf8')];
        }),
    );

  test("hashes a remote's inputs the same whatever the deploy's settings, and the shell's with them", () => {
    const local = { PORTAL_BUILD_OUT_DIR: root };
    const production = { ...FAKE_PRODUCTION_ENV, PORTAL_BUILD_OUT_DIR: root };
    expect(inputHash('applicant', production)).toBe(inputHash('applicant', local));
    expect(inputHash('admin', production)).toBe(inputHash('admin', local));
    expect(inputHash('shell', production)).not.toBe(inputHash('shell', local));
    expect(inputHash('shell', { ...local, PORTAL_CHAPTER_NAME: 'Another Chapter' })).not.toBe(
      inputHash('shell', local),
    );
  });

  test("hashes the deploy test's overlay of newer remotes, and every file beside it, into every app", () => {
    const overlay = path.join(root, 'overlay');
    mkdirSync(overlay);
    writeFileSync(path.join(overlay, 'overlay.ts'), 'export const overlay = {};');
    writeFileSync(path.join(overlay, 'routes.tsx'), 'export default [];');
    const env = { PORTAL_BUILD_OUT_DIR: root, PORTAL_BUILD_OVERLAY: path.join(overlay, 'overlay.ts') };
    const before = Object.fromEntries(
      (['shell', 'applicant', 'admin'] as const).map((app) => [app, inputHash(app, env)]),
    );
    for (const app of ['shell', 'applicant', 'admin'] as const) {
      expect(before[app]).not.toBe(inputHash(app, { PORTAL_BUILD_OUT_DIR: root }));
    }
    writeFileSync(path.join(overlay, 'routes.tsx'), 'export default [{ path: "/newer" }];');
    for (const app of ['shell', 'applicant', 'admin'] as const) expect(inputHash(app, env)).not.toBe(before[app]);
  });

  test('copies a bundle only when it was built from inputs of that hash, replacing what the directory held', () => {
    const from = path.join(root, 'local');
    const to = path.join(root, 'production');
    mkdirSync(path.join(from, 'nested'), { recursive: true });
    writeFileSync(path.join(from, '.build-stamp'), 'hash-a');
    writeFileSync(path.join(from, 'remoteEntry.js'), 'entry');
    writeFileSync(path.join(from, 'nested', 'chunk.js'), 'chunk');
    mkdirSync(to);
    writeFileSync(path.join(to, 'left-over.js'), 'old');

    expect(copyBuild('hash-b', from, to)).toBe(false);
    expect(contents(to)).toEqual({ 'left-over.js': 'old' });
    expect(copyBuild('hash-a', from, from)).toBe(false);
    expect(copyBuild('hash-a', path.join(root, 'never-built'), to)).toBe(false);

    expect(copyBuild('hash-a', from, to)).toBe(true);
    expect(contents(to)).toEqual(contents(from));
    expect(contents(to)).toEqual({ '.build-stamp': 'hash-a', 'remoteEntry.js': 'entry', 'nested/chunk.js': 'chunk' });
  });
});

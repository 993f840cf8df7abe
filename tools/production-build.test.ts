import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pageMetaPolicy } from '../functions/src/http/security-headers';
import { productionBuildEnv } from './fake-production-env';
import {
  CHUNK_OWN_MODULES_FILE,
  CHUNK_PACKAGES_FILE,
  type ChunkOwnModules,
  type ChunkPackages,
} from './webpack/chunk-packages-plugin';
import { outputDir, REPO_ROOT, type AppName } from './webpack/app-dirs';
import { shellProvidedShared } from './webpack/create-config';

/**
 * Builds the three bundles as a production deploy would, with obviously fake configuration, into a
 * temporary directory (PORTAL_BUILD_OUT_DIR; the local bundles in <app>/dist are left alone), then
 * reads every emitted file for anything of the local runtime.
 */
const APPS: AppName[] = ['shell', 'applicant', 'admin'];

/** Local-runtime strings that must not reach a production bundle (case-sensitive). */
const FORBIDDEN = [
  'connectAuthEmulator',
  '127.0.0.1',
  'localhost:9099',
  ':9099',
  '/emulator/',
  'authEmulator',
  '/mailbox',
  'Mailbox',
  'applicant@example.com',
  'reviewer@example.com',
  'director@example.com',
  'demo-password',
  'demo-portal',
  'demo-api-key',
  '__portalDebug',
];

/**
 * "emulator" (any case) is forbidden too, except these internals of the Firebase Auth SDK's own
 * request code, which every Auth build carries whether or not an emulator is ever connected.
 * The connection itself (connectAuthEmulator, its warning banner, its config) must be gone.
 */
const FIREBASE_AUTH_INTERNALS = [
  /\bemulatorConfig\b/g,
  /\b_canInitEmulator\b/g,
  /\.emulator\b/g,
  /"Emulator should always be set here"/g,
];

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

function excerpt(text: string, index: number, length: number): string {
  return text.slice(Math.max(0, index - 60), index + length + 60).replace(/\s+/g, ' ');
}

/** Every forbidden occurrence in a file, with a little context to find where it comes from. */
function localRuntimeTraces(text: string): string[] {
  const found: string[] = [];
  for (const needle of FORBIDDEN) {
    const index = text.indexOf(needle);
    if (index >= 0) found.push(`"${needle}": …${excerpt(text, index, needle.length)}…`);
  }
  const withoutSdkInternals = FIREBASE_AUTH_INTERNALS.reduce((rest, pattern) => rest.replace(pattern, ''), text);
  const words = new Set<string>();
  for (const match of withoutSdkInternals.matchAll(/emulator|mailbox/gi)) {
    const word = match[0].toLowerCase();
    // One trace per word is enough to point at the file; skip words a case-sensitive needle already reported.
    if (
      words.has(word) ||
      found.some((trace) => trace.toLowerCase().includes(`"${word}"`) || trace.toLowerCase().includes(`/${word}"`))
    )
      continue;
    words.add(word);
    found.push(`"${match[0]}": …${excerpt(withoutSdkInternals, match.index, match[0].length)}…`);
  }
  return [...new Set(found)];
}

let outDir: string;
let files: Record<AppName, string[]>;
const localShellIndex = path.join(outputDir('shell', {}), 'index.html');
const localShellMtime = existsSync(localShellIndex) ? statSync(localShellIndex).mtimeMs : undefined;
/** `npm test` builds the production bundles once, in a step of its own, and hands their directory over. */
const prebuilt = process.env.PORTAL_PRODUCTION_BUILD_DIR;

beforeAll(async () => {
  if (prebuilt) {
    outDir = prebuilt;
  } else {
    outDir = mkdtempSync(path.join(tmpdir(), 'portal-production-build-'));
    await promisify(execFile)(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['tools/build.ts', '--force'], {
      cwd: REPO_ROOT,
      env: productionBuildEnv(outDir),
      maxBuffer: 16 * 1024 * 1024,
    });
  }
  files = Object.fromEntries(APPS.map((app) => [app, listFiles(path.join(outDir, app))])) as Record<AppName, string[]>;
}, 240_000);

afterAll(() => {
  if (outDir && !prebuilt) rmSync(outDir, { recursive: true, force: true });
});

test('the production build writes all three bundles to the chosen directory, not over the local ones', () => {
  for (const app of APPS) expect(files[app].length).toBeGreaterThan(0);
  expect(files.shell.map((file) => path.basename(file))).toEqual(
    expect.arrayContaining(['index.html', 'remotes.json']),
  );
  expect(files.applicant.map((file) => path.basename(file))).toContain('remoteEntry.js');
  expect(files.admin.map((file) => path.basename(file))).toContain('remoteEntry.js');
  for (const app of APPS) expect(path.join(outDir, app)).not.toBe(outputDir(app, {}));
  expect(existsSync(localShellIndex) ? statSync(localShellIndex).mtimeMs : undefined).toBe(localShellMtime);
  // Built before this test started (npm test), the local bundles must still be the local ones.
  const localManifest = path.join(outputDir('shell', {}), 'remotes.json');
  if (existsSync(localManifest)) expect(readFileSync(localManifest, 'utf8')).not.toContain('example.org');
});

test('it is configured for production: the remotes manifest, the Firebase config and App Check', () => {
  expect(JSON.parse(readFileSync(path.join(outDir, 'shell/remotes.json'), 'utf8'))).toEqual({
    applicant: 'https://applicant.example.org/remoteEntry.js',
    admin: 'https://admin.example.org/remoteEntry.js',
  });
  const shellJs = files.shell.filter((file) => file.endsWith('.js')).map((file) => readFileSync(file, 'utf8'));
  expect(shellJs.some((text) => text.includes('siteKey:"test-site-key"'))).toBe(true);
  expect(shellJs.some((text) => text.includes('projectId:"test-project"'))).toBe(true);
  // The App Check SDK (its token exchange endpoint) is in the bundle, as a lazy chunk: a local build has none.
  expect(shellJs.some((text) => text.includes('content-firebaseappcheck.googleapis.com'))).toBe(true);
});

test("the page's content security policy names the two remotes' origins, written into index.html before any script", () => {
  const html = readFileSync(path.join(outDir, 'shell/index.html'), 'utf8');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
  expect(meta).not.toBeNull();
  const policy = meta![1]!.replace(/&#39;|&apos;/g, "'");
  expect(policy).toBe(
    pageMetaPolicy({
      mode: 'production',
      remoteOrigins: ['https://applicant.example.org', 'https://admin.example.org'],
    }),
  );
  expect(policy).not.toContain('*');
  expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));
});

/** Every package file each app's bundle carries, from its build report (chunk-packages.json). */
function bundledPackages(app: AppName): Record<string, string[]> {
  const report = JSON.parse(readFileSync(path.join(outDir, app, CHUNK_PACKAGES_FILE), 'utf8')) as ChunkPackages;
  const packages: Record<string, string[]> = {};
  for (const chunk of Object.values(report)) {
    for (const [name, packageFiles] of Object.entries(chunk)) (packages[name] ??= []).push(...packageFiles);
  }
  return packages;
}

test("each app's report of its own modules names the portal's source files its scripts carry, and no package", () => {
  for (const app of ['shell', 'applicant', 'admin'] as const) {
    const report = JSON.parse(readFileSync(path.join(outDir, app, CHUNK_OWN_MODULES_FILE), 'utf8')) as ChunkOwnModules;
    const packages = JSON.parse(readFileSync(path.join(outDir, app, CHUNK_PACKAGES_FILE), 'utf8')) as ChunkPackages;
    expect(Object.keys(report).sort()).toEqual(Object.keys(packages).sort());
    const files = Object.values(report).flat();
    expect(files.some((file) => file.startsWith(`${app === 'shell' ? 'shell' : `${app}-app`}/src/`))).toBe(true);
    expect(files.filter((file) => file.includes('node_modules') || path.isAbsolute(file))).toEqual([]);
  }
});

test("the remotes carry no copy of the shell's federation runtime; react-router is its production build", () => {
  for (const remote of ['applicant', 'admin'] as const) {
    const packages = Object.keys(bundledPackages(remote));
    expect({
      remote,
      runtime: packages.filter((name) => /^@module-federation\/(runtime-core|sdk|error-codes)$/.test(name)),
    }).toEqual({
      remote,
      runtime: [],
    });
  }
  // Nor the shell a copy of the remotes' container glue: a visit would download it twice.
  expect(
    Object.keys(bundledPackages('shell')).filter((name) =>
      /^@module-federation\/(runtime|webpack-bundler-runtime)$/.test(name),
    ),
  ).toEqual([]);
  const router = bundledPackages('shell')['react-router'] ?? [];
  expect(router.length).toBeGreaterThan(0);
  expect(router.filter((file) => !file.startsWith('dist/production/'))).toEqual([]);
});

test("the page's own scripts carry no federation runtime: the shell imports it when a remote is first needed", () => {
  const html = readFileSync(path.join(outDir, 'shell/index.html'), 'utf8');
  const initial = [...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((match) => match[1]!);
  expect(initial.length).toBeGreaterThan(0);
  const report = JSON.parse(readFileSync(path.join(outDir, 'shell', CHUNK_PACKAGES_FILE), 'utf8')) as ChunkPackages;
  const federationPackages = (files: string[]) =>
    files.flatMap((file) => Object.keys(report[file] ?? {}).filter((name) => name.startsWith('@module-federation/')));
  expect(initial.map((file) => ({ file, federation: federationPackages([file]) }))).toEqual(
    initial.map((file) => ({ file, federation: [] })),
  );
  // It is in the build all the same, in a lazy chunk.
  expect(federationPackages(Object.keys(report).filter((file) => !initial.includes(file)))).toContain(
    '@module-federation/runtime-core',
  );
});

test("the page's first script carries none of react-router's framework mode: its links' prefetching, Form, NavLink", () => {
  const html = readFileSync(path.join(outDir, 'shell/index.html'), 'utf8');
  const initial = [...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((match) => match[1]!);
  const text = initial.map((file) => readFileSync(path.join(outDir, 'shell', file), 'utf8')).join('\n');
  // The router is there (its history and its error screen) ...
  expect(text).toContain('Unexpected Application Error');
  // ... without what only framework mode or unused components use (pure-factories-loader.ts, shared/src/router/link.tsx).
  const frameworkMode = [
    'data-discover',
    '__reactRouterContext',
    'IntersectionObserver',
    'application/x-www-form-urlencoded',
    'aria-current',
  ];
  expect(frameworkMode.filter((needle) => text.includes(needle))).toEqual([]);
});

test("the shell's antd and query chunks: Form's store only where Form is, TanStack Query whole, antd's common internals together", () => {
  const report = JSON.parse(readFileSync(path.join(outDir, 'shell', CHUNK_PACKAGES_FILE), 'utf8')) as ChunkPackages;
  const chunksWith = (name: string, file?: string) =>
    Object.keys(report).filter((chunk) =>
      (report[chunk]![name] ?? []).some((each) => file === undefined || each === file),
    );
  // antd's libraries are side-effect free in the build: Input's one context of @rc-component/form
  // does not keep Form's store and validator beside the pages facade.
  const pages = Object.keys(report).find((chunk) => chunk.startsWith('antd-pages.'))!;
  expect(report[pages]!['@rc-component/async-validator']).toBeUndefined();
  expect(report[pages]!['@rc-component/form'] ?? []).not.toContain('es/hooks/useForm.js');
  // Radio.Group's stand-in: Form's hooks module (its store, its scrolling) is only where Form is.
  const formHooks = chunksWith('antd', 'es/form/hooks/useForm.js');
  expect(formHooks.length).toBeGreaterThan(0);
  expect(formHooks.filter((chunk) => !report[chunk]!.antd!.includes('es/form/Form.js'))).toEqual([]);
  expect(chunksWith('antd', 'es/tooltip/UniqueProvider/index.js')).not.toContain(
    Object.keys(report).find((chunk) => chunk.startsWith('antd-base.')),
  );
  expect(chunksWith('@tanstack/query-core').map((chunk) => chunk.split('.')[0])).toEqual(['query']);
  expect(chunksWith('@tanstack/react-query').map((chunk) => chunk.split('.')[0])).toEqual(['query']);
  expect(chunksWith('antd', 'es/_util/hooks/useMergeSemantic/index.js').map((chunk) => chunk.split('.')[0])).toEqual([
    'antd-core',
  ]);
});

test('the shell provides every module the remotes consume', () => {
  const consumed = new Set(
    [...files.applicant, ...files.admin]
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/shareKey:"([^"]+)"/g)].map((match) => match[1]!)),
  );
  expect(consumed.size).toBeGreaterThan(0);
  const provided = new Set(shellProvidedShared().map(({ key }) => key));
  expect([...consumed].filter((key) => !provided.has(key))).toEqual([]);
});

/** The build's reports for benches and these tests, which Hosting does not serve (firebase.json ignores them). */
const BUILD_REPORTS = [CHUNK_PACKAGES_FILE, CHUNK_OWN_MODULES_FILE];

test('Hosting serves none of the build reports', () => {
  const hosting = (
    JSON.parse(readFileSync(path.join(REPO_ROOT, 'firebase.json'), 'utf8')) as { hosting: { ignore: string[] }[] }
  ).hosting;
  expect(hosting).toHaveLength(3);
  for (const site of hosting) expect(site.ignore).toEqual(expect.arrayContaining(BUILD_REPORTS));
});

test('no emitted file carries the local runtime: emulator, local mailbox, demo accounts, demo project', () => {
  const traces = APPS.flatMap((app) =>
    files[app]
      .filter((file) => !BUILD_REPORTS.includes(path.basename(file)))
      .flatMap((file) =>
        localRuntimeTraces(readFileSync(file, 'utf8')).map((trace) => `${path.relative(outDir, file)}: ${trace}`),
      ),
  );
  expect(traces).toEqual([]);
});

describe('the trace check itself', () => {
  test.each([
    'connectAuthEmulator(a,"http://127.0.0.1:9099")',
    'fetch("/emulator/v1/projects/demo-portal/oobCodes")',
    'children:"open the local mailbox"',
    '{email:"reviewer@example.com",password:"demo-password"}',
    'console.info("WARNING: You are using the Auth Emulator")',
    '{authEmulator:!1}',
  ])('finds %p', (text) => {
    expect(localRuntimeTraces(text)).not.toEqual([]);
  });

  test("ignores the Firebase Auth SDK's own request internals", () => {
    const sdk =
      'e.emulatorConfig&&(h.credentials="include");e._canInitEmulator=!1;a=s.config.emulator?function(e,t){y(e.emulator,"Emulator should always be set here")}:0';
    expect(localRuntimeTraces(sdk)).toEqual([]);
  });
});

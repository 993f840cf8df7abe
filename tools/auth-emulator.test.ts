import { execFileSync } from 'node:child_process';
import { emulatorNodeOptions, LAZY_SCHEMAS_PRELOAD } from './auth-emulator';

/** What the Auth emulator's exegesis compiles its options to, in a node process started with `nodeOptions`. */
function lazyCompileIn(nodeOptions: string): string {
  const script = `
    const firebaseTools = require.resolve('firebase-tools/package.json');
    const options = require(require.resolve('exegesis/lib/options', { paths: [firebaseTools] }));
    process.stdout.write(String(options.compileOptions({}).lazyCompileValidationSchemas));
  `;
  return execFileSync(process.execPath, ['-e', script], {
    cwd: __dirname,
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
    encoding: 'utf8',
  });
}

test("the emulator's process compiles request validators on first use, which exegesis does not by default", () => {
  expect(lazyCompileIn('')).toBe('false');
  expect(lazyCompileIn(emulatorNodeOptions(''))).toBe('true');
});

test("the preload keeps the caller's NODE_OPTIONS and survives a path with spaces", () => {
  expect(emulatorNodeOptions('--max-old-space-size=512')).toBe(
    `--max-old-space-size=512 --require ${JSON.stringify(LAZY_SCHEMAS_PRELOAD)}`,
  );
  expect(emulatorNodeOptions('')).toBe(`--require ${JSON.stringify(LAZY_SCHEMAS_PRELOAD)}`);
  // By default, this process's own.
  const own = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = '--max-old-space-size=256';
  try {
    expect(emulatorNodeOptions()).toBe(`--max-old-space-size=256 --require ${JSON.stringify(LAZY_SCHEMAS_PRELOAD)}`);
  } finally {
    if (own === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = own;
  }
});

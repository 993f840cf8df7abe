import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from '../e2e/support/chromium';
import { FIRESTORE_EMULATOR_MISSING, firestoreEmulatorForTests } from './firestore-emulator';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
/** The browser tests that run a second time with the production store, on the Firestore emulator. */
const FIRESTORE_BROWSER_TESTS = [
  'test',
  'e2e/staff-cycle.spec.ts',
  'e2e/applicant-journey.spec.ts',
  'e2e/launcher-firestore.spec.ts',
  'e2e/notification-cycle.spec.ts',
];
const TYPECHECK_PROJECTS = ['shared', 'functions', 'shell', 'applicant-app', 'admin-app', 'tools'];

interface Step {
  name: string;
  run: () => boolean;
}

function command(bin: string, args: string[], env: NodeJS.ProcessEnv = {}): () => boolean {
  return () => spawnSync(bin, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
}

/** Browser tests need Chromium; as root with apt-get, install Debian's package, else say how. */
function ensureChromium(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH;
  if (canInstall) {
    console.log(`Chromium is missing at ${CHROMIUM_PATH}; installing Debian's chromium...`);
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' });
    if (update.status === 0 && install.status === 0 && existsSync(CHROMIUM_PATH)) return true;
  }
  console.error(
    [
      `No Chromium at ${CHROMIUM_PATH}, which the browser tests drive.`,
      "Install Debian's package (sudo apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    ].join('\n'),
  );
  return false;
}

/** The Firestore tests run on Google's emulator; without it (never in CI) one line says what runs instead. */
function checkFirestoreEmulator(): boolean {
  try {
    const install = firestoreEmulatorForTests();
    console.log(install ? `Google's Cloud Firestore emulator: ${install.jar}` : FIRESTORE_EMULATOR_MISSING);
    return true;
  } catch (error) {
    console.error((error as Error).message);
    return false;
  }
}

const steps: Step[] = [
  { name: 'Chromium for browser tests', run: ensureChromium },
  { name: 'Cloud Firestore emulator', run: checkFirestoreEmulator },
  {
    name: 'Type-check (strict)',
    run: () => TYPECHECK_PROJECTS.every((project) => command(path.join(BIN, 'tsc'), ['--noEmit', '-p', project])()),
  },
  { name: 'Formatting', run: command(path.join(BIN, 'prettier'), ['--check', '--log-level=warn', '.']) },
  { name: 'Lint and import boundaries', run: command(path.join(BIN, 'eslint'), ['--max-warnings=0', '.']) },
  { name: 'Unit, component, API and store contract tests', run: command(path.join(BIN, 'jest'), ['--ci']) },
  { name: 'Build the three bundles (when stale)', run: command(path.join(BIN, 'tsx'), ['tools/build.ts']) },
  { name: 'Browser tests against the federated build', run: command(path.join(BIN, 'playwright'), ['test']) },
  {
    name: 'Browser tests on the Cloud Firestore emulator (full cycle, applicant journey, two-tab autosave, npm start)',
    run: () => {
      // Without the emulator (never in CI: the first step fails there) the notice above said so.
      if (!firestoreEmulatorForTests()) return true;
      return command(path.join(BIN, 'playwright'), FIRESTORE_BROWSER_TESTS, { PORTAL_STORE: 'firestore-emulator' })();
    },
  },
];

const started = Date.now();
for (const step of steps) {
  const stepStarted = Date.now();
  console.log(`\n=== ${step.name}`);
  if (!step.run()) {
    console.error(`\n=== FAILED: ${step.name}`);
    process.exit(1);
  }
  console.log(`=== ${step.name}: ok (${((Date.now() - stepStarted) / 1000).toFixed(0)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

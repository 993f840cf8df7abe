import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath, HEADLESS_SHELL_PATH } from '../e2e/support/chromium';
import { JEST_PROJECTS } from '../jest.config';
import { productionBuildEnv } from './fake-production-env';
import { FIRESTORE_EMULATOR_MISSING, firestoreEmulatorForTests } from './firestore-emulator';
import { PORT_OFFSET } from './port-offset';
import { childCpuSeconds, WITH_CPU_TIMES } from './step-cpu';

/**
 * `npm test` runs every check; `npm run test:quick` (`--quick`) only those that need no emulator, no
 * build and no browser. Steps start as soon as the steps they need have passed and the machine's
 * cores leave room (the list below is in priority order: the long path, build then browser tests,
 * first). Each step's output is printed whole when it ends, and a table of every step's time and
 * the machine's CPU closes the run. See docs/testing.md.
 */
const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const QUICK = process.argv.includes('--quick');
const CORES = Math.max(2, os.availableParallelism());

/** The browser tests that run a second time with the production store, on the Firestore emulator. */
const FIRESTORE_BROWSER_TESTS = [
  'e2e/staff-cycle.spec.ts',
  'e2e/applicant-journey.spec.ts',
  'e2e/launcher-firestore.spec.ts',
  'e2e/notification-cycle.spec.ts',
];
/**
 * Browser test runs side by side each get ports of their own (every fixed port moves by
 * PORTAL_PORT_OFFSET): these offsets keep their ranges, and the jest emulators', apart.
 */
const BROWSER_RUN_PORT_OFFSETS = { sqlite: [0, 10_000, -5000], firestore: 5000 };
/**
 * How many of the SQLite pass's tests each of its shards runs (Playwright's PWTEST_SHARD_WEIGHTS).
 * Two shards start with the Firestore pass and the third when that pass ends, so the machine's two
 * cores keep three browser runs busy to the end: with two shards the last 300 s of a run left a
 * fifth of the CPU idle (one shard waiting on its browser while the other did too). The third gets
 * less, so that all three end together: after an `npm test`, `npx tsx tools/shard-weights.ts
 * --third-after=<s> test-results/sqlite-*.json` reads the counts off the shards' reports, `<s>`
 * being how long after the first two the third started (the step table).
 */
const SQLITE_SHARD_WEIGHTS = [32, 25, 20];
const FIRESTORE_BROWSER = 'Browser tests on the Firestore emulator (cycle, journey, launcher)';

interface Outcome {
  ok: boolean;
  output: string;
  /** CPU seconds of the step's processes and every descendant they waited for (not detached ones). */
  cpuSeconds?: number;
}

interface Step {
  name: string;
  /** Steps that must have passed before this one starts. */
  after?: string[];
  /** How many cores the step keeps busy on average; steps start while the cores in use leave room. */
  cores: number;
  /**
   * Batch work without timeouts (type-check, lint, formatting, the production build) runs at the
   * lowest CPU priority (`background`, nice 19), with the cores counted apart: the browser and
   * emulator tests, whose timeouts and clocks run in real time, get the cores first, and the batch
   * work fills the time they spend waiting.
   */
  background?: boolean;
  run: () => Promise<Outcome>;
}

/**
 * Runs a command with its output captured (printed whole when the step ends, so steps running side
 * by side never interleave), in `env` (default: this process's), and measures its CPU.
 */
function command(bin: string, args: string[], env: NodeJS.ProcessEnv = process.env): () => Promise<Outcome> {
  return () =>
    new Promise((resolve) => {
      const child = spawn('bash', ['-c', WITH_CPU_TIMES, 'bash', bin, ...args], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      });
      let output = '';
      let times = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stdio[3]!.on('data', (chunk: Buffer) => (times += chunk.toString()));
      child.on('error', (error) => resolve({ ok: false, output: `${output}\n${error.message}` }));
      child.on('close', (code) => resolve({ ok: code === 0, output, cpuSeconds: childCpuSeconds(times) }));
    });
}

const tool = (name: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  command(path.join(BIN, name), args, { ...process.env, ...env });

/** The same at the lowest CPU priority (nice 19), for batch work (Step.background). */
const niced = (name: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  command('nice', ['-n', '19', path.join(BIN, name), ...args], { ...process.env, ...env });

/**
 * Browser tests need Chromium: Debian's headless shell where it can be had (e2e/support/chromium.ts
 * says why), else the full browser. As root with apt-get, a missing headless shell is installed;
 * otherwise the step says how.
 */
async function ensureChromium(): Promise<Outcome> {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CHROMIUM_PATH;
  if (canInstall && !existsSync(HEADLESS_SHELL_PATH)) {
    const update = spawnSync('apt-get', ['update', '-qq'], { encoding: 'utf8' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { encoding: 'utf8' });
    const output = `Installed Debian's chromium-headless-shell.\n${install.stdout}${install.stderr}`;
    if (update.status === 0 && install.status === 0 && existsSync(HEADLESS_SHELL_PATH)) {
      return { ok: true, output: `${output}\nChromium: ${HEADLESS_SHELL_PATH}` };
    }
  }
  const binary = chromiumPath();
  if (existsSync(binary)) return { ok: true, output: `Chromium: ${binary}` };
  return {
    ok: false,
    output: [
      `No Chromium at ${binary}, which the browser tests drive.`,
      "Install Debian's package (sudo apt-get install chromium-headless-shell), or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    ].join('\n'),
  };
}

/** The Firestore tests run on Google's emulator; without it (never in CI) one line says what runs instead. */
async function checkFirestoreEmulator(): Promise<Outcome> {
  try {
    const install = firestoreEmulatorForTests();
    return {
      ok: true,
      output: install ? `Google's Cloud Firestore emulator: ${install.jar}` : FIRESTORE_EMULATOR_MISSING,
    };
  } catch (error) {
    return { ok: false, output: (error as Error).message };
  }
}

const JEST_QUICK = 'Jest unit and component tests';
/**
 * A jest worker waits about a fifth of its time (a component test's polls and timers, a route test's
 * timeouts: the idle share of a CPU profile of the admin-app's tests, 18.6 of 99 s). Alone
 * (`test:quick`) one worker more than the cores keeps both cores busy meanwhile: 196 → 185 s for the
 * same tests on this 2-core machine (4 workers: 190 s). Beside the build and browser tests (`npm test`),
 * the cores are busy anyway.
 */
const QUICK_JEST_WORKERS = QUICK ? CORES + 1 : CORES;
/**
 * A larger young generation for the jest process and its workers (jest-worker starts them with the
 * parent's flags): a component test makes garbage fast (jsdom, React's development build, antd), and
 * garbage collection was about a ninth of the CPU of its profiles. The measured pairs are in
 * docs/performance.md#the-test-loop.
 */
const JEST_V8_FLAGS = ['--max-semi-space-size=64'];
const SWEEPS = 'Security sweeps (every route, caller and hostile input)';

const QUICK_STEPS: Step[] = [
  {
    // Its component tests wait for the page with timeouts, so it is not batch work: at the lowest
    // priority beside the browser tests it starved past them. The browser tests start after it.
    name: JEST_QUICK,
    cores: 1,
    run: command(process.execPath, [
      ...JEST_V8_FLAGS,
      path.join(BIN, 'jest'),
      '--ci',
      `--maxWorkers=${QUICK_JEST_WORKERS}`,
      '--selectProjects',
      ...JEST_PROJECTS.quick,
    ]),
  },
  {
    name: 'Type-check (tsc -b: each workspace once)',
    cores: 1,
    background: true,
    // `npm run typecheck`: TypeScript 7's compiler by its path (docs/decisions/typescript-7-type-check.md).
    run: command('nice', ['-n', '19', 'npm', 'run', '--silent', 'typecheck']),
  },
  // Both caches (in node_modules/.cache) skip unchanged files on the next run; no lint rule reads types.
  {
    name: 'Lint and import boundaries',
    cores: 1,
    background: true,
    run: niced('eslint', ['--max-warnings=0', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '.']),
  },
  {
    name: 'Formatting',
    cores: 1,
    background: true,
    run: niced('prettier', ['--check', '--cache', '--log-level=warn', '.']),
  },
];

const BUILD = 'Build the local bundles (when stale)';
const PRODUCTION_BUILD = 'Build the production bundles (fake settings)';
const CHROMIUM = 'Chromium for browser tests';
const FIRESTORE_EMULATOR = 'Cloud Firestore emulator';
const EMULATOR_TESTS = 'Jest tests on the Auth and Firestore emulators';

function fullSteps(productionBuildDir: string): Step[] {
  const shards = BROWSER_RUN_PORT_OFFSETS.sqlite.length;
  const browserShards: Step[] = BROWSER_RUN_PORT_OFFSETS.sqlite.map((offset, index) => ({
    name: `Browser tests, SQLite (part ${index + 1} of ${shards})`,
    // The last shard takes the Firestore pass's place when it ends (SQLITE_SHARD_WEIGHTS).
    after: [CHROMIUM, BUILD, JEST_QUICK, SWEEPS, ...(index === shards - 1 ? [FIRESTORE_BROWSER] : [])],
    cores: 0.3,
    run: tool('playwright', ['test', `--shard=${index + 1}/${shards}`], {
      PWTEST_SHARD_WEIGHTS: SQLITE_SHARD_WEIGHTS.join(':'),
      PORTAL_PORT_OFFSET: String(PORT_OFFSET + offset),
      PLAYWRIGHT_OUTPUT_DIR: `test-results/sqlite-${index + 1}`,
      PLAYWRIGHT_JSON_OUTPUT_NAME: `test-results/sqlite-${index + 1}.json`,
    }),
  }));
  return [
    { name: CHROMIUM, cores: 0, run: ensureChromium },
    { name: FIRESTORE_EMULATOR, cores: 0, run: checkFirestoreEmulator },
    { name: BUILD, cores: 1, run: tool('tsx', ['tools/build.ts']) },
    QUICK_STEPS[0]!,
    {
      // Its tests have timeouts too: after the unit tests, before the browser tests, never beside them.
      name: SWEEPS,
      after: [JEST_QUICK],
      cores: 1,
      run: tool('jest', ['--ci', `--maxWorkers=${CORES}`, '--selectProjects', ...JEST_PROJECTS.sweeps]),
    },
    ...browserShards,
    {
      name: FIRESTORE_BROWSER,
      // After the emulator tests: both lean on a Java Cloud Firestore emulator, which answers slowly
      // enough for a browser test's timeouts when two run beside the other browser tests.
      after: [CHROMIUM, FIRESTORE_EMULATOR, BUILD, JEST_QUICK, SWEEPS, EMULATOR_TESTS],
      cores: 0.3,
      run: async () => {
        // Without the emulator (never in CI: the emulator step fails there) that step said so.
        if (!firestoreEmulatorForTests()) return { ok: true, output: 'skipped: no Cloud Firestore emulator' };
        return tool('playwright', ['test', ...FIRESTORE_BROWSER_TESTS], {
          PORTAL_STORE: 'firestore-emulator',
          PORTAL_PORT_OFFSET: String(PORT_OFFSET + BROWSER_RUN_PORT_OFFSETS.firestore),
          PLAYWRIGHT_OUTPUT_DIR: 'test-results/firestore',
        })();
      },
    },
    {
      name: EMULATOR_TESTS,
      after: [FIRESTORE_EMULATOR],
      cores: 0.3,
      // Emulator tests mostly wait on the emulators: more workers than cores overlap that waiting.
      run: tool('jest', ['--ci', '--maxWorkers=3', '--selectProjects', ...JEST_PROJECTS.emulators]),
    },
    ...QUICK_STEPS.slice(1),
    {
      name: PRODUCTION_BUILD,
      // Into an empty directory, after the local bundles: it copies the two remotes from those (a
      // remote reads none of the deploy's settings, so it is the same build) and builds the shell.
      after: [BUILD],
      cores: 1,
      background: true,
      run: command(
        'nice',
        ['-n', '19', path.join(BIN, 'tsx'), 'tools/build.ts'],
        productionBuildEnv(productionBuildDir),
      ),
    },
    {
      name: 'Production build test (reads those bundles)',
      after: [PRODUCTION_BUILD],
      cores: 0.3,
      background: true,
      run: niced('jest', ['--ci', '--selectProjects', ...JEST_PROJECTS.build], {
        PORTAL_PRODUCTION_BUILD_DIR: productionBuildDir,
      }),
    },
  ];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

/**
 * The machine's busy CPU seconds so far (Linux: /proc/stat, in clock ticks of 1/100 s), or null. The
 * steps' own figures miss what they start detached (the emulators); this counts everything.
 */
function machineBusySeconds(): number | null {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return (ticks.reduce((sum, tick) => sum + tick, 0) - idle) / 100;
  } catch {
    return null;
  }
}

interface Result {
  step: Step;
  state: 'passed' | 'failed' | 'not run';
  started?: number;
  ms?: number;
  cpuSeconds?: number;
  /** The step's whole output, kept for a failed step's summary after the table. */
  output?: string;
}

/**
 * Starts every step whose `after` steps have passed, in the list's order, while the cores in use
 * leave room for it (with nothing running, any step may start); after a failure it lets the running
 * steps end and starts no other.
 */
async function runSteps(steps: Step[], runStart: number): Promise<Result[]> {
  const results = new Map(steps.map((step) => [step.name, { step, state: 'not run' } as Result]));
  const pending = [...steps];
  const running = new Set<Promise<void>>();
  // Foreground and background steps each have the machine's cores to fill (see Step.background).
  const coresInUse = { foreground: 0, background: 0 };
  const kind = (step: Step) => (step.background ? 'background' : 'foreground');
  let failed = false;

  const ready = (step: Step) => (step.after ?? []).every((name) => results.get(name)?.state === 'passed');
  const start = (step: Step) => {
    const result = results.get(step.name)!;
    result.started = Date.now();
    coresInUse[kind(step)] += step.cores;
    console.log(`[${seconds(result.started - runStart).padStart(6)}] started: ${step.name}`);
    const done = step
      .run()
      .catch((error: unknown): Outcome => ({ ok: false, output: String((error as Error)?.stack ?? error) }))
      .then(({ ok, output, cpuSeconds }) => {
        coresInUse[kind(step)] -= step.cores;
        result.ms = Date.now() - result.started!;
        result.cpuSeconds = cpuSeconds;
        result.state = ok ? 'passed' : 'failed';
        if (!ok) failed = true;
        const text = output.trimEnd();
        if (!ok) result.output = text;
        console.log(
          `\n=== [${seconds(Date.now() - runStart).padStart(6)}] ${step.name}: ${ok ? 'ok' : 'FAILED'} (${seconds(result.ms)})${text ? `\n${text}` : ''}\n`,
        );
        running.delete(done);
      });
    running.add(done);
  };

  for (;;) {
    if (!failed) {
      for (const step of [...pending]) {
        if (!ready(step)) continue;
        const busy = coresInUse[kind(step)];
        if (busy > 0 && busy + step.cores > CORES) continue;
        pending.splice(pending.indexOf(step), 1);
        start(step);
      }
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
  return steps.map((step) => results.get(step.name)!);
}

const FAILURE_TAIL_LINES = 25;

/** jest's "FAIL <file>" lines, then the last lines (Playwright's list of failed tests ends its output). */
function failureSummary(text: string, count: number): string {
  const lines = text.split('\n');
  const failedFiles = [...new Set(lines.filter((line) => /^FAIL /.test(line)))];
  return [...failedFiles, ...(failedFiles.length ? ['...'] : []), ...lines.slice(-count)].join('\n');
}

function printTable(results: Result[], totalMs: number, machineCpu: number | null): void {
  const width = Math.max(...results.map((result) => result.step.name.length), 30);
  const row = (name: string, state: string, start: string, time: string, cpu = '') =>
    `  ${name.padEnd(width)}  ${state.padEnd(7)}  ${start.padStart(6)}  ${time.padStart(6)}  ${cpu.padStart(6)}`;
  const stepsCpu = results.reduce((sum, result) => sum + (result.cpuSeconds ?? 0), 0);
  const first = Math.min(...results.map((result) => result.started ?? Infinity));
  console.log(
    [
      '',
      'Step times (start: seconds into the run; cpu: CPU seconds of the step and what it waited for):',
      row('step', 'state', 'start', 'time', 'cpu'),
      ...results.map(({ step, state, started, ms, cpuSeconds }) =>
        row(
          step.name,
          state,
          started === undefined ? '' : seconds(started - first),
          ms === undefined ? '' : seconds(ms),
          cpuSeconds === undefined ? '' : `${cpuSeconds.toFixed(0)}`,
        ),
      ),
      row(`Whole run (${CORES} cores)`, '', '', seconds(totalMs), stepsCpu.toFixed(0)),
      ...(machineCpu === null
        ? []
        : [
            `  The machine was busy ${machineCpu.toFixed(0)} CPU seconds (every process, emulators and browsers included):`,
            `  ${((100 * machineCpu) / CORES / (totalMs / 1000)).toFixed(0)}% of its ${CORES} cores over the run.`,
          ]),
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  const busyAtStart = machineBusySeconds();
  const productionBuildDir = QUICK ? '' : mkdtempSync(path.join(os.tmpdir(), 'portal-production-build-'));
  let results: Result[];
  try {
    results = await runSteps(QUICK ? QUICK_STEPS : fullSteps(productionBuildDir), started);
  } finally {
    if (productionBuildDir) rmSync(productionBuildDir, { recursive: true, force: true });
  }
  const total = Date.now() - started;
  const busyAtEnd = machineBusySeconds();
  printTable(results, total, busyAtStart === null || busyAtEnd === null ? null : busyAtEnd - busyAtStart);
  const failures = results.filter((result) => result.state !== 'passed');
  if (failures.length > 0) {
    console.error(`\nFAILED: ${failures.map((result) => `${result.step.name} (${result.state})`).join('; ')}`);
    // Again after the table, which is what a CI summary keeps: the end of each failed step's output
    // (Playwright's and jest's lists of the failed tests).
    for (const { step, output } of failures) {
      if (output) console.error(`\nThe end of "${step.name}":\n${failureSummary(output, FAILURE_TAIL_LINES)}`);
    }
    process.exit(1);
  }
  console.log(`\nAll checks passed in ${seconds(total)}.`);
}

void main();

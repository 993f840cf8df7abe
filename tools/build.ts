import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type webpack from 'webpack';
import { APP_DIRS, outputDir, REPO_ROOT, type AppName } from './webpack/app-dirs';
import { clientConfigFromEnv, remotesManifestFromEnv } from './webpack/client-config';

export const APPS: AppName[] = ['shell', 'applicant', 'admin'];
const STAMP = '.build-stamp';

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [] : [full];
  });
}

/**
 * What a bundle reads from the environment it is built in. The deploy's settings (the client config,
 * the remotes' URLs and the page policy made from them) go into the shell alone (create-config.ts),
 * so a remote built for production is the one built for `npm start`, to the byte
 * (`webpack/create-config.test.ts` compares their configs). The deploy test's overlay of newer
 * remotes (PORTAL_BUILD_OVERLAY) changes every app: its files are part of the hash.
 */
function settingsFiles(env: NodeJS.ProcessEnv): string[] {
  const overlay = env.PORTAL_BUILD_OVERLAY;
  return overlay ? listFiles(path.dirname(path.resolve(REPO_ROOT, overlay))) : [];
}

/** A hash of everything a bundle is made from: its sources, shared code, build config, lockfile, settings. */
export function inputHash(app: AppName, env: NodeJS.ProcessEnv = process.env): string {
  const files = [
    ...listFiles(path.join(APP_DIRS[app], 'src')),
    ...listFiles(path.join(REPO_ROOT, 'shared/src')),
    ...listFiles(path.join(REPO_ROOT, 'tools/webpack')),
    // The shell's page policy (written into its index.html) comes from here.
    path.join(REPO_ROOT, 'functions/src/http/security-headers.ts'),
    path.join(REPO_ROOT, 'package-lock.json'),
    ...settingsFiles(env),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file));
  hash.update(JSON.stringify([env.PORTAL_BUILD_OVERLAY ?? null]));
  if (app === 'shell') hash.update(JSON.stringify([clientConfigFromEnv(env), remotesManifestFromEnv(env)]));
  return hash.digest('hex');
}

const builtFrom = (dir: string): string | undefined => {
  const stamp = path.join(dir, STAMP);
  return existsSync(stamp) ? readFileSync(stamp, 'utf8') : undefined;
};

export function isStale(app: AppName): boolean {
  return builtFrom(outputDir(app)) !== inputHash(app);
}

/**
 * Replaces `to` with a copy of the bundle in `from` when that was built from inputs of this hash;
 * returns whether it did.
 */
export function copyBuild(hash: string, from: string, to: string): boolean {
  if (path.resolve(from) === path.resolve(to) || builtFrom(from) !== hash) return false;
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  return true;
}

export async function buildApps(apps: AppName[]): Promise<void> {
  if (apps.length === 0) return;
  // Loaded only to build: a start whose bundles are fresh never loads webpack and its plugins
  // (about 0.7 CPU seconds of every portal start, and the browser tests start dozens).
  const [{ default: webpack }, { createConfig }] = await Promise.all([
    import('webpack'),
    import('./webpack/create-config'),
  ]);
  const compiler = webpack(apps.map((app) => createConfig(app)));
  const stats = await new Promise<webpack.MultiStats>((resolve, reject) => {
    compiler.run((error, result) => {
      compiler.close(() => undefined);
      if (error || !result) reject(error ?? new Error('webpack returned no stats'));
      else resolve(result);
    });
  });
  if (stats.hasErrors()) {
    throw new Error(`Build failed:\n${stats.toString({ all: false, errors: true, colors: false })}`);
  }
  for (const app of apps) writeFileSync(path.join(outputDir(app), STAMP), inputHash(app));
}

/**
 * Builds the bundles that are missing or older than their inputs; returns the ones it built or copied. A build
 * elsewhere (PORTAL_BUILD_OUT_DIR) copies a local bundle (`<app>/dist`) made from the same inputs
 * instead of building it again: `npm test`'s production build takes the two remotes its local build
 * made, and builds the shell.
 */
export async function buildStaleApps(log: (line: string) => void = console.log): Promise<AppName[]> {
  const stale = APPS.filter(isStale);
  const copied = stale.filter((app) => copyBuild(inputHash(app), outputDir(app, {}), outputDir(app)));
  if (copied.length > 0) log(`Copied ${copied.join(', ')} from the local bundles (built from the same inputs)`);
  const toBuild = stale.filter((app) => !copied.includes(app));
  if (toBuild.length > 0) {
    const started = Date.now();
    log(`Building ${toBuild.join(', ')}...`);
    await buildApps(toBuild);
    log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return stale;
}

if (require.main === module) {
  const force = process.argv.includes('--force');
  (force ? buildApps(APPS).then(() => APPS) : buildStaleApps())
    .then((built) => console.log(built.length ? `Bundles ready: ${built.join(', ')}` : 'Bundles are up to date'))
    .catch((error: unknown) => {
      console.error((error as Error).message);
      process.exit(1);
    });
}

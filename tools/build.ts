import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/** A hash of everything a bundle is made from: its sources, shared code, build config, lockfile, settings. */
export function inputHash(app: AppName): string {
  const files = [
    ...listFiles(path.join(APP_DIRS[app], 'src')),
    ...listFiles(path.join(REPO_ROOT, 'shared/src')),
    ...listFiles(path.join(REPO_ROOT, 'tools/webpack')),
    // The shell's page policy (written into its index.html) comes from here.
    path.join(REPO_ROOT, 'functions/src/http/security-headers.ts'),
    path.join(REPO_ROOT, 'package-lock.json'),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file));
  hash.update(JSON.stringify([clientConfigFromEnv(), remotesManifestFromEnv()]));
  return hash.digest('hex');
}

export function isStale(app: AppName): boolean {
  const stamp = path.join(outputDir(app), STAMP);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8') !== inputHash(app);
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

/** Builds the bundles that are missing or older than their inputs; returns the ones it built. */
export async function buildStaleApps(log: (line: string) => void = console.log): Promise<AppName[]> {
  const stale = APPS.filter(isStale);
  if (stale.length > 0) {
    const started = Date.now();
    log(`Building ${stale.join(', ')}...`);
    await buildApps(stale);
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

import path from 'node:path';

/**
 * Where each app's sources and bundles live. Kept apart from create-config.ts so that what only
 * needs the paths (`npm start` checking that its bundles are fresh, the browser tests reading a
 * build) does not load webpack and its plugins.
 */
export const REPO_ROOT = path.resolve(__dirname, '../..');

export type AppName = 'shell' | 'applicant' | 'admin';

export const APP_DIRS: Record<AppName, string> = {
  shell: path.join(REPO_ROOT, 'shell'),
  applicant: path.join(REPO_ROOT, 'applicant-app'),
  admin: path.join(REPO_ROOT, 'admin-app'),
};

/**
 * Where a bundle is written: `<app>/dist` (what the local server and Firebase Hosting serve), or
 * `$PORTAL_BUILD_OUT_DIR/<app>` when set, so a check build never overwrites the local bundles.
 */
export function outputDir(app: AppName, env: NodeJS.ProcessEnv = process.env): string {
  const outDir = env.PORTAL_BUILD_OUT_DIR;
  return outDir ? path.resolve(REPO_ROOT, outDir, app) : path.join(APP_DIRS[app], 'dist');
}

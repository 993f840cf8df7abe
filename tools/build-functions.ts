import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { version } from '../package.json';

const FUNCTIONS_DIR = path.resolve(__dirname, '../functions');
/**
 * Cloud Functions installs functions/package.json's `dependencies` from npm, so exactly those stay
 * external (with their subpaths, e.g. firebase-functions/v2/https). Everything else the entry
 * reaches is bundled: the unpublished @portal/shared workspace above all. The local-only packages
 * (better-sqlite3, compression, http-proxy-middleware) are devDependencies the entry never reaches.
 */
export function externalDependencies(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(FUNCTIONS_DIR, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {});
}

/** Bundles the Cloud Function entry into functions/lib/index.js (the `main` of functions/package.json). */
export async function buildFunctions(options: { outdir?: string } = {}): Promise<{ outfile: string }> {
  const outfile = path.join(options.outdir ?? path.join(FUNCTIONS_DIR, 'lib'), 'index.js');
  await build({
    entryPoints: [path.join(FUNCTIONS_DIR, 'src/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    sourcemap: true,
    external: externalDependencies(),
    define: { 'process.env.PORTAL_VERSION': JSON.stringify(version) },
    logLevel: 'warning',
  });
  return { outfile };
}

if (require.main === module) {
  buildFunctions().then(
    ({ outfile }) => console.log(`Built ${path.relative(process.cwd(), outfile)}`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

/**
 * `npm run bench:floor`: the gzip JavaScript of the least page the portal's required libraries make
 * (bench/support/stack-floor/login-page.tsx: a log-in form on React DOM, the router, the query
 * client, Firebase Auth and antd, with no page of the portal), built as the apps are built
 * (create-config.ts: swc, react-router's production build, antd's Card without Tabs, terser), once
 * as the shell has it (Module Federation's runtime and a zod schema) and once without either.
 * The first-visit goals (docs/performance.md#goals) count against these: what a visit downloads beyond them is the
 * portal's own pages.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import webpack, { type Configuration } from 'webpack';
import { antdStandIns } from '../tools/webpack/antd-components';
import { createConfig, reactRouterBuild } from '../tools/webpack/create-config';

const ENTRY = path.join(__dirname, 'support/stack-floor/login-page.tsx');
const GOALS_KB = { applicant: 220, director: 320 } as const;

interface Variant {
  label: string;
  plugins: NonNullable<Configuration['plugins']>;
}

const VARIANTS: Variant[] = [
  { label: 'with Module Federation and zod (as the shell)', plugins: [] },
  {
    label: 'without Module Federation and zod (a monolith)',
    plugins: [new webpack.NormalModuleReplacementPlugin(/federation-and-schema$/, './without-federation-and-schema')],
  },
];

/** The apps' production config (its loaders and minifier), with one entry in one script and no shell plumbing. */
function floorConfig(variant: Variant, outDir: string): Configuration {
  const apps = createConfig('shell', 'production');
  return {
    ...apps,
    name: 'stack-floor',
    entry: { main: ENTRY },
    output: { path: outDir, filename: '[name].js', clean: true },
    resolve: { ...apps.resolve, alias: reactRouterBuild('production') },
    plugins: [antdStandIns(), ...variant.plugins],
    optimization: { ...apps.optimization, splitChunks: false },
  };
}

async function gzipKb(variant: Variant): Promise<number> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'portal-stack-floor-'));
  try {
    const stats = await new Promise<webpack.Stats>((resolve, reject) => {
      const compiler = webpack(floorConfig(variant, outDir));
      compiler.run((error, result) => {
        compiler.close(() => undefined);
        if (error || !result) reject(error ?? new Error('webpack returned no stats'));
        else resolve(result);
      });
    });
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
    const scripts = readdirSync(outDir).filter((file) => file.endsWith('.js'));
    return scripts.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file))).length, 0) / 1024;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    "The least page of the portal's libraries: a log-in form, no portal page (gzip, as the apps are built)\n",
  );
  for (const variant of VARIANTS) {
    const kb = await gzipKb(variant);
    const left = (goal: number) => `${(goal - kb).toFixed(1)} KB`;
    console.log(
      `${variant.label.padEnd(48)} ${kb.toFixed(1).padStart(6)} KB  ` +
        `(left for the portal's pages: applicant ${left(GOALS_KB.applicant)}, director ${left(GOALS_KB.director)})`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

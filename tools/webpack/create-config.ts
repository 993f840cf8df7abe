import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import { pageMetaPolicy, remoteScriptOrigins } from '../../functions/src/http/security-headers';
import { antdSharedModules, antdStandIns, sharedLibraryChunks } from './antd-components';
import { ChunkPackagesPlugin } from './chunk-packages-plugin';
import { clientConfigFromEnv, remotesManifestFromEnv, remotesManifestJson } from './client-config';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export type AppName = 'shell' | 'applicant' | 'admin';
type RemoteApp = Exclude<AppName, 'shell'>;

export const APP_DIRS: Record<AppName, string> = {
  shell: path.join(REPO_ROOT, 'shell'),
  applicant: path.join(REPO_ROOT, 'applicant-app'),
  admin: path.join(REPO_ROOT, 'admin-app'),
};

/**
 * Singletons: what carries React context or module state across apps, and antd. The stateless
 * parts of @portal/shared (domain, ui) are not shared: a shared module is not tree-shaken, and
 * each app's own copy costs only what that app uses. The router and antd are shared through
 * facades that re-export just what the apps use (@portal/shared/router), antd one component at a
 * time (antd-components.ts). The shell's build provides all of them, so one antd (one theme, one
 * style cache) serves a visit and its header looks the same before and after a remote loads.
 */
const SHARED = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react/': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom/': { singleton: true, requiredVersion: '^19.0.0' },
  'react-toastify': { singleton: true, requiredVersion: '^11.0.0' },
  '@portal/shared/client': { singleton: true, requiredVersion: false },
  '@portal/shared/router': { singleton: true, requiredVersion: false },
  '@portal/shared/query': { singleton: true, requiredVersion: false },
  // A helper that two shared libraries (antd, react-toastify) each bundled: one copy per visit.
  clsx: { singleton: true, requiredVersion: '^2.0.0' },
  // The markdown renderer (lazy, in the pages that show markdown): one copy for both remotes.
  'react-markdown': { singleton: false, requiredVersion: '10.1.0' },
  'remark-gfm': { singleton: false, requiredVersion: '4.0.1' },
  'remark-breaks': { singleton: false, requiredVersion: '4.0.0' },
  // What remark-gfm and remark-breaks both use: one copy instead of one in each plugin's chunk.
  'mdast-util-find-and-replace': { singleton: false, requiredVersion: false },
  'escape-string-regexp': { singleton: false, requiredVersion: false },
} as const;

/**
 * Facades of other libraries, provided by the shell like antd's: `zod/mini` (the facade's `z` lists
 * exactly what the apps call of zod's mini API, the one the repo's schemas are written with).
 */
const FACADES = { 'zod/mini': 'shared/src/zod/index.ts' } as const;

/**
 * The shell provides the facades (`zod/mini` gets the zod facade file) and each antd component module
 * the apps import (antd-components.ts); the remotes bring no copy of their own (`import: false`),
 * so they always run the shell's.
 */
function facadesShared(app: AppName) {
  const files = {
    ...antdSharedModules(),
    ...Object.fromEntries(Object.entries(FACADES).map(([request, file]) => [request, path.join(REPO_ROOT, file)])),
  };
  return Object.fromEntries(
    Object.entries(files).map(([request, file]) => [
      request,
      { singleton: true, requiredVersion: false as const, import: app === 'shell' ? file : (false as const) },
    ]),
  );
}

/** The shell imports the facades themselves (`zod/mini` is the zod facade); the remotes get them through federation. */
const SHELL_FACADE_ALIASES = Object.fromEntries(
  Object.entries(FACADES).map(([request, file]) => [`${request}$`, path.join(REPO_ROOT, file)]),
);

/** The remotes' stand-ins for the federation libraries the shell provides (federation-runtime/libraries.ts). */
const FEDERATION_RUNTIME_DIR = path.join(__dirname, 'federation-runtime');
const REMOTE_FEDERATION_ALIASES = {
  '@module-federation/runtime-core$': path.join(FEDERATION_RUNTIME_DIR, 'remote-runtime-core.ts'),
  '@module-federation/sdk$': path.join(FEDERATION_RUNTIME_DIR, 'remote-sdk.ts'),
  '@module-federation/error-codes$': path.join(FEDERATION_RUNTIME_DIR, 'remote-error-codes.ts'),
};

/** The Module Federation plugin of a remote: it exposes its route tree and consumes what the shell provides. */
function federation(app: RemoteApp): ModuleFederationPlugin {
  // Remotes are only ever loaded by the shell, so they use its federation runtime instead of
  // carrying their own (federation-runtime/libraries.ts); remote entries are plain URLs, so the
  // snapshot (manifest) code is left out.
  return new ModuleFederationPlugin({
    shared: { ...SHARED, ...facadesShared(app) },
    shareStrategy: 'loaded-first',
    dts: false,
    manifest: false,
    experiments: { optimization: FEDERATION_OPTIMIZATION },
    name: app,
    filename: 'remoteEntry.js',
    exposes: { './routes': './src/app/routes.tsx' },
  });
}

const FEDERATION_OPTIMIZATION = { disableSnapshot: true, target: 'web' as const };

/**
 * The shell has no ModuleFederationPlugin: its own code imports React, the router and the rest as
 * ordinary modules, so a page that needs no remote (the signed-out landing) downloads no federation
 * runtime. The first time a route needs a remote, the shell imports the runtime (a lazy chunk,
 * `shell/src/features/remotes/federation.ts`, with the remotes' share strategy), registers the
 * modules it shares as provided (`provided-shared.ts`, generated by `provided-shared-loader.ts`
 * from `shellProvidedShared`), and loads the remote's entry. These flags trim the runtime as the
 * plugin's `experiments.optimization` does for the remotes.
 */
const SHELL_FEDERATION_FLAGS = {
  FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: JSON.stringify(FEDERATION_OPTIMIZATION.disableSnapshot),
  ENV_TARGET: JSON.stringify(FEDERATION_OPTIMIZATION.target),
};

/** The subpaths of the `react/` and `react-dom/` shares that the remotes' builds consume. */
const SHARED_SUBPATHS = ['react/jsx-runtime'] as const;

export interface ProvidedShared {
  /** The share key the remotes consume. */
  key: string;
  /** What the shell imports for it (a package request, or a facade's file). */
  request: string;
  shareConfig: { singleton: boolean; requiredVersion: string | false };
}

/** Every module the shell provides to the remotes, with the share config the remotes are built with. */
export function shellProvidedShared(): ProvidedShared[] {
  const prefixed = Object.entries(SHARED).filter(([key]) => key.endsWith('/'));
  const subpaths = SHARED_SUBPATHS.map((key) => {
    const [, config] = prefixed.find(([prefix]) => key.startsWith(prefix)) ?? [];
    if (!config) throw new Error(`${key} is under no shared prefix`);
    return [key, config] as const;
  });
  const packages = [...Object.entries(SHARED).filter(([key]) => !key.endsWith('/')), ...subpaths].map(
    ([key, { singleton, requiredVersion }]) => ({ key, request: key, shareConfig: { singleton, requiredVersion } }),
  );
  const facades = Object.entries(facadesShared('shell')).map(([key, { singleton, requiredVersion, import: file }]) => ({
    key,
    request: file as string,
    shareConfig: { singleton, requiredVersion },
  }));
  return [...packages, ...facades];
}

/**
 * react-router publishes a development build (its dev warnings on) and a production one, but its
 * package exports offer only the development build to bundlers; production bundles take the other.
 */
export function reactRouterBuild(mode: 'production' | 'development'): Record<string, string> {
  if (mode !== 'production') return {};
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
  return {
    'react-router$': path.join(dist, 'index.mjs'),
    'react-router/dom$': path.join(dist, 'dom-export.mjs'),
  };
}

/**
 * Where a bundle is written: `<app>/dist` (what the local server and Firebase Hosting serve), or
 * `$PORTAL_BUILD_OUT_DIR/<app>` when set, so a check build never overwrites the local bundles.
 */
export function outputDir(app: AppName, env: NodeJS.ProcessEnv = process.env): string {
  const outDir = env.PORTAL_BUILD_OUT_DIR;
  return outDir ? path.resolve(REPO_ROOT, outDir, app) : path.join(APP_DIRS[app], 'dist');
}

/** The shell's module whose content provided-shared-loader.ts generates. */
const PROVIDED_SHARED_FILE = path.join(APP_DIRS.shell, 'src/features/remotes/provided-shared.ts');

export function createConfig(
  app: AppName,
  mode: 'production' | 'development' = 'production',
  env: NodeJS.ProcessEnv = process.env,
): Configuration {
  const dir = APP_DIRS[app];
  const plugins: Configuration['plugins'] = [new ChunkPackagesPlugin(), antdStandIns()];
  if (app !== 'shell') plugins.unshift(federation(app));
  if (app === 'shell') {
    const clientConfig = clientConfigFromEnv(env);
    const remotesJson = remotesManifestJson(env);
    // The page policy names the remotes' own origins (production), from the same URLs as remotes.json.
    const contentSecurityPolicy = pageMetaPolicy({
      mode: clientConfig.mode,
      remoteOrigins: remoteScriptOrigins(Object.values(remotesManifestFromEnv(env))),
    });
    plugins.push(
      new webpack.DefinePlugin({
        __PORTAL_CLIENT_CONFIG__: JSON.stringify(clientConfig),
        // A constant, so local-only code (emulator connection, mailbox, debug hooks) is dropped from production bundles.
        __PORTAL_LOCAL_MODE__: JSON.stringify(clientConfig.mode === 'local'),
        ...SHELL_FEDERATION_FLAGS,
      }),
      new HtmlWebpackPlugin({
        template: path.join(dir, 'src/index.html'),
        scriptLoading: 'defer',
        meta: { csp: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy } },
      }),
      {
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('RemotesManifest', (compilation) => {
            compilation.hooks.processAssets.tap(
              { name: 'RemotesManifest', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
              () => {
                compilation.emitAsset('remotes.json', new webpack.sources.RawSource(remotesJson));
              },
            );
          });
        },
      },
    );
  }
  return {
    name: app,
    mode,
    context: dir,
    entry: app === 'shell' ? { main: './src/index.ts' } : {},
    devtool: false,
    output: {
      path: outputDir(app, env),
      publicPath: app === 'shell' ? '/' : 'auto',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      uniqueName: app,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: { ...reactRouterBuild(mode), ...(app === 'shell' ? SHELL_FACADE_ALIASES : REMOTE_FEDERATION_ALIASES) },
    },
    module: {
      rules: [
        {
          // Listed before the TypeScript rule, so its loader runs after swc's: it writes the whole module.
          test: PROVIDED_SHARED_FILE,
          use: [
            { loader: path.join(__dirname, 'provided-shared-loader.ts'), options: { shared: shellProvidedShared() } },
          ],
        },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: [
            // Last: `import { X } from 'antd'` becomes X's own federated module (antd-components.ts).
            path.join(__dirname, 'antd-imports-loader.ts'),
            {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic' } },
                  target: 'es2022',
                },
              },
            },
          ],
        },
      ],
    },
    plugins,
    optimization: {
      splitChunks: app === 'shell' ? { cacheGroups: sharedLibraryChunks() } : undefined,
      minimizer: [
        new TerserPlugin({
          extractComments: false,
          terserOptions: { ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
        }),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

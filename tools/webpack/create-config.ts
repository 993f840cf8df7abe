import path from 'node:path';
import { ConsumeSharedPlugin } from '@module-federation/enhanced';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import { pageMetaPolicy, remoteScriptOrigins } from '../../functions/src/http/security-headers';
import {
  ANTD_COMPONENTS,
  ANTD_LIBRARIES_WITHOUT_SIDE_EFFECTS,
  ANTD_FACADES,
  ANTD_STYLE_MODULES,
  ANTD_STYLE_UTILS_MODULE,
  antdModule,
  antdStandIns,
  facadeExports,
  sharedLibraryChunks,
} from './antd-components';
import { APP_DIRS, outputDir, REPO_ROOT, type AppName } from './app-dirs';
import { ChunkPackagesPlugin } from './chunk-packages-plugin';
import { FEDERATION_LIBRARIES_GLOBAL } from './federation-runtime/libraries';
import { ownModuleChunks } from './own-module-chunks';
import { clientConfigFromEnv, remotesManifestFromEnv, remotesManifestJson } from './client-config';
import {
  ANTD_CONTEXT_MODULES,
  ANTD_STYLE_PACKAGES,
  antdEsFile,
  buildOverlay,
  caret,
  facadeShareKey,
  installedVersion,
  moduleExportNames,
  packageOfFile,
  PORTAL_MODULES,
  portalModuleShareKey,
  sameMajor,
  type BuildOverlay,
} from './share-contracts';

type RemoteApp = Exclude<AppName, 'shell'>;

/**
 * Singletons: what carries React context or module state across apps. The stateless parts of
 * @portal/shared (domain, ui) are not shared: a shared module is not tree-shaken, and each app's
 * own copy costs only what that app uses. The shell's build provides all of them. Each has a
 * version contract (share-contracts.ts): a remote built for a version the shell does not satisfy
 * fails to load with the reason, shown on its error screen (`strictVersion`), instead of running
 * on a React, router or query client it was not built for.
 */
const SHARED = {
  react: { singleton: true, strictVersion: true, requiredVersion: '^19.0.0' },
  'react/': { singleton: true, strictVersion: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, strictVersion: true, requiredVersion: '^19.0.0' },
  'react-dom/': { singleton: true, strictVersion: true, requiredVersion: '^19.0.0' },
  'react-toastify': { singleton: true, strictVersion: true, requiredVersion: '^11.0.0' },
  // A helper that two shared libraries (antd, react-toastify) each bundled: one copy per visit.
  clsx: { singleton: true, strictVersion: true, requiredVersion: '^2.0.0' },
  // The markdown renderer (lazy, in the pages that show markdown): one copy for both remotes.
  'remark-gfm': { singleton: false, requiredVersion: '4.0.1' },
  'remark-breaks': { singleton: false, requiredVersion: '4.0.0' },
  // What remark-gfm and remark-breaks both use: one copy instead of one in each plugin's chunk.
  'mdast-util-find-and-replace': { singleton: false, requiredVersion: false },
  'escape-string-regexp': { singleton: false, requiredVersion: false },
} as const;

/**
 * The portal's facades that carry state (the router's location, the query cache, the signed-in API
 * client): strict singletons at the version of the library each wraps. The router and query
 * facades re-export just what the apps use (@portal/shared/router), so their members may only grow:
 * a remote that needs a new member needs the shell deployed first (docs/deploy.md).
 */
const STATEFUL_FACADES = {
  '@portal/shared/client': '@portal/shared',
  '@portal/shared/router': 'react-router-dom',
  '@portal/shared/query': '@tanstack/react-query',
} as const;

/**
 * Facades of other libraries, provided by the shell like antd's: `zod/mini` (the facade's `z` lists
 * exactly what the apps call of zod's mini API, the one the repo's schemas are written with).
 */
const ZOD_FACADE = { file: 'shared/src/zod/index.ts', members: 'shared/src/zod/members.ts' } as const;

/** One module a remote takes from the shell, with its contract (share-contracts.ts). */
export interface ShareEntry {
  /** What the apps' code imports (an absolute file for antd's context modules, matched once resolved). */
  request: string;
  /** The name in the page's share scope. */
  shareKey: string;
  /** The module the shell provides and a remote's fallback is built from. */
  file: string;
  version: string;
  requiredVersion: string | false;
  singleton: boolean;
  strictVersion: boolean;
  /** Provided by the shell only if its page holds the module already (antd's context modules, its style engine). */
  onlyIfLoaded?: boolean;
}

/**
 * The modules shared beyond SHARED: antd in pieces (its two facades, the components listed in
 * antd-components.ts, its context modules and style engine), the zod facade, the stateful
 * facades and the portal's own modules the shell's pages hold (PORTAL_MODULES). Every remote
 * carries a fallback of each (a lazy chunk it downloads only when the shell provides no compatible
 * version).
 */
export function facadeShares(env: NodeJS.ProcessEnv = process.env): ShareEntry[] {
  const overlay: BuildOverlay = buildOverlay(env);
  const antd = installedVersion('antd', overlay);
  const library = (request: string, file: string, version: string, requiredVersion: string): ShareEntry => ({
    request,
    shareKey: request,
    file,
    version,
    requiredVersion,
    singleton: false,
    strictVersion: false,
  });
  const components = [...ANTD_COMPONENTS, ...(overlay.antdComponents ?? [])].map((name) =>
    library(antdModule(name), require.resolve(antdModule(name)), antd, caret(antd)),
  );
  const antdFacades = Object.entries(ANTD_FACADES).map(([request, file]) => ({
    ...library(request, path.join(REPO_ROOT, file), antd, caret(antd)),
    shareKey: facadeShareKey(request, facadeExports(file)),
  }));
  const contexts = ANTD_CONTEXT_MODULES.map((relative) => ({
    ...library(antdEsFile(relative), antdEsFile(relative), antd, sameMajor(antd)),
    shareKey: `antd/es/${relative}`,
    onlyIfLoaded: true,
  }));
  const styles = ANTD_STYLE_PACKAGES.map((pkg) => {
    const version = installedVersion(pkg, overlay);
    return { ...library(pkg, pkg, version, sameMajor(version)), onlyIfLoaded: true };
  });
  const zodFiles = overlay.zodFacade ?? ZOD_FACADE;
  const zod = installedVersion('zod', overlay);
  const zodFacade = {
    ...library('zod/mini', path.join(REPO_ROOT, zodFiles.file), zod, caret(zod)),
    shareKey: facadeShareKey('zod/mini', moduleExportNames(path.join(REPO_ROOT, zodFiles.members))),
  };
  const stateful = Object.entries(STATEFUL_FACADES).map(([request, pkg]) => {
    const version = installedVersion(pkg, overlay);
    return {
      request,
      shareKey: request,
      file: request,
      version,
      requiredVersion: caret(version),
      singleton: true,
      strictVersion: true,
    };
  });
  const portalVersion = packageOfFile(path.join(REPO_ROOT, 'shared/src/ui/index.ts')).version;
  const portalModules = PORTAL_MODULES.map((relative) => ({
    ...library(path.join(REPO_ROOT, relative), path.join(REPO_ROOT, relative), portalVersion, portalVersion),
    shareKey: portalModuleShareKey(relative),
  }));
  return [...stateful, ...antdFacades, ...components, ...contexts, ...styles, zodFacade, ...portalModules];
}

/** What a remote consumes from the shell: each module, with a fallback of it in the remote. */
function consumedShares(env: NodeJS.ProcessEnv) {
  return {
    ...SHARED,
    ...Object.fromEntries(
      facadeShares(env).map(({ request, shareKey, file, requiredVersion, singleton, strictVersion }) => [
        request,
        { shareKey, import: file, requiredVersion, singleton, strictVersion },
      ]),
    ),
  };
}

/** The shell imports the facades themselves (`zod/mini` is the zod facade); the remotes get them through federation. */
function shellFacadeAliases(env: NodeJS.ProcessEnv): Record<string, string> {
  const zod = buildOverlay(env).zodFacade ?? ZOD_FACADE;
  return { 'zod/mini$': path.join(REPO_ROOT, zod.file) };
}

/** The remotes' stand-ins for the federation libraries the shell provides (federation-runtime/libraries.ts). */
const FEDERATION_RUNTIME_DIR = path.join(__dirname, 'federation-runtime');
const REMOTE_FEDERATION_ALIASES = {
  '@module-federation/runtime-core$': path.join(FEDERATION_RUNTIME_DIR, 'remote-runtime-core.ts'),
  '@module-federation/sdk$': path.join(FEDERATION_RUNTIME_DIR, 'remote-sdk.ts'),
  '@module-federation/error-codes$': path.join(FEDERATION_RUNTIME_DIR, 'remote-error-codes.ts'),
};

/**
 * The Module Federation plugins of a remote: it exposes its route tree and consumes what the shell
 * provides, each module with a fallback of its own.
 */
function federation(app: RemoteApp, env: NodeJS.ProcessEnv): webpack.WebpackPluginInstance[] {
  // Remotes are only ever loaded by the shell, so they use its federation runtime instead of
  // carrying their own (federation-runtime/libraries.ts); remote entries are plain URLs, so the
  // snapshot (manifest) code is left out. A remote consumes but provides nothing (the plugin's
  // `shared` would do both): the shell is the one provider, the two remotes never share a page, and
  // a remote whose shell lacks a module takes its own fallback, which a provide would not change.
  // Providing cost each remoteEntry.js its tables of provided modules (3.2 to 3.6 KB gzip) and each
  // build every shared module as a chunk, used or not (docs/decisions/remote-contracts.md).
  const plugin = new ModuleFederationPlugin({
    shareStrategy: 'loaded-first',
    dts: false,
    manifest: false,
    experiments: { optimization: FEDERATION_OPTIMIZATION },
    name: app,
    filename: 'remoteEntry.js',
    exposes: { './routes': buildOverlay(env).routes?.[app] ?? './src/app/routes.tsx' },
  });
  return [plugin, new ConsumeSharedPlugin({ consumes: consumedShares(env), shareScope: 'default' })];
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
// react-dom/client: antd's own copy in a remote's fallback renders its static methods (Modal.confirm…) with it.
const SHARED_SUBPATHS = ['react/jsx-runtime', 'react-dom/client'] as const;

export interface ProvidedShared {
  /** The share key the remotes consume. */
  key: string;
  /** What the shell imports for it (a package request, or a facade's file). */
  request: string;
  /** The version it is provided at (by default, that of the package the request resolves to). */
  version?: string;
  shareConfig: { singleton: boolean; requiredVersion: string | false; strictVersion?: boolean };
  /** Provided only if the page holds the module already (see provided-shared-loader.ts). */
  onlyIfLoaded?: boolean;
}

/** Every module the shell provides to the remotes, with the share config the remotes are built with. */
export function shellProvidedShared(env: NodeJS.ProcessEnv = process.env): ProvidedShared[] {
  const prefixed = Object.entries(SHARED).filter(([key]) => key.endsWith('/'));
  const subpaths = SHARED_SUBPATHS.map((key) => {
    const [, config] = prefixed.find(([prefix]) => key.startsWith(prefix)) ?? [];
    if (!config) throw new Error(`${key} is under no shared prefix`);
    return [key, config] as const;
  });
  const packages = [...Object.entries(SHARED).filter(([key]) => !key.endsWith('/')), ...subpaths].map(
    ([key, { singleton, requiredVersion }]) => ({ key, request: key, shareConfig: { singleton, requiredVersion } }),
  );
  const facades = facadeShares(env).map(
    ({ shareKey, file, version, requiredVersion, singleton, strictVersion, onlyIfLoaded }) => ({
      key: shareKey,
      request: file,
      version,
      shareConfig: { singleton, requiredVersion, strictVersion },
      ...(onlyIfLoaded ? { onlyIfLoaded } : {}),
    }),
  );
  return [...packages, ...facades];
}

/** react-router's own build files, whose top-level factories are marked pure (pure-factories-loader.ts). */
const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

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

/** The shell's module whose content provided-shared-loader.ts generates. */
const PROVIDED_SHARED_FILE = path.join(APP_DIRS.shell, 'src/features/remotes/provided-shared.ts');

/** antd's stylesheets (antd-static-styles-loader.ts), named as the scripts are: content-hashed, so cached for ever. */
export const STYLESHEET_FILE_NAME = '[name].[contenthash:10].css';

export function createConfig(
  app: AppName,
  mode: 'production' | 'development' = 'production',
  env: NodeJS.ProcessEnv = process.env,
): Configuration {
  const dir = APP_DIRS[app];
  const plugins: Configuration['plugins'] = [
    new ChunkPackagesPlugin(),
    antdStandIns(),
    new MiniCssExtractPlugin({ filename: STYLESHEET_FILE_NAME, chunkFilename: STYLESHEET_FILE_NAME }),
  ];
  if (app !== 'shell') {
    plugins.unshift(
      ...federation(app, env),
      // The global the shell's federation libraries are under (federation-runtime/remote-libraries.ts).
      new webpack.DefinePlugin({ __PORTAL_FEDERATION_LIBRARIES_GLOBAL__: JSON.stringify(FEDERATION_LIBRARIES_GLOBAL) }),
    );
  }
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
      alias: { ...reactRouterBuild(mode), ...(app === 'shell' ? shellFacadeAliases(env) : REMOTE_FEDERATION_ALIASES) },
    },
    module: {
      rules: [
        ANTD_LIBRARIES_WITHOUT_SIDE_EFFECTS,
        // antd's styles are stylesheets made at build time, not code (antd-static-styles-loader.ts).
        {
          test: [ANTD_STYLE_MODULES, ANTD_STYLE_UTILS_MODULE],
          use: [path.join(__dirname, 'antd-static-styles-loader.ts')],
        },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { url: false, import: false } }],
        },
        { test: REACT_ROUTER_DIST, use: [path.join(__dirname, 'pure-factories-loader.ts')] },
        {
          // Listed before the TypeScript rule, so its loader runs after swc's: it writes the whole module.
          test: PROVIDED_SHARED_FILE,
          use: [
            {
              loader: path.join(__dirname, 'provided-shared-loader.ts'),
              options: { shared: shellProvidedShared(env) },
            },
          ],
        },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: [
            // Last: `import { X } from 'antd'` becomes X's own federated module (antd-components.ts).
            {
              loader: path.join(__dirname, 'antd-imports-loader.ts'),
              options: { extraComponents: buildOverlay(env).antdComponents ?? [] },
            },
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
      splitChunks: {
        cacheGroups: {
          ...(app === 'shell' ? sharedLibraryChunks() : {}),
          ownModules: ownModuleChunks(app),
        },
      },
      minimizer: [
        // swc's minifier (already installed for the loader): a build of the three bundles took 114 CPU
        // seconds with terser and takes 31 with it, and its output is 1.3% smaller gzipped.
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          extractComments: false,
          terserOptions: { ecma: 2020, compress: { passes: 2 }, mangle: true, format: { comments: false } },
        }),
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as errorCodes from '@module-federation/error-codes';
import * as runtimeCore from '@module-federation/runtime-core';
import * as sdk from '@module-federation/sdk';
import webpack from 'webpack';
import { createConfig } from './create-config';
import { FEDERATION_LIBRARIES_GLOBAL } from './federation-runtime/libraries';
import provideFederationLibraries from './federation-runtime/provide-libraries';

const PROVIDED = {
  '@module-federation/runtime-core': runtimeCore,
  '@module-federation/sdk': sdk,
  '@module-federation/error-codes': errorCodes,
} as Record<string, Record<string, unknown>>;
/** The packages of a remote's own federation glue, which stay in its entry. */
const GLUE = ['@module-federation/webpack-bundler-runtime', '@module-federation/runtime'];

/** The ES build file a glue request resolves to (`pkg` → dist/index.js, `pkg/sub` → dist/sub.js). */
function glueFile(request: string): string {
  const name = GLUE.find((candidate) => request === candidate || request.startsWith(`${candidate}/`))!;
  const sub = request.slice(name.length + 1) || 'index';
  const file = path.join(path.dirname(require.resolve(`${name}/package.json`)), 'dist', `${sub}.js`);
  if (!existsSync(file)) throw new Error(`${request}: no ${file}`);
  return file;
}

/**
 * What the glue a remote bundles imports of the packages the shell provides: walks the ES build
 * from the entry Module Federation's runtime imports, as webpack does, through relative and glue imports.
 */
function gluesImports(): Record<string, string[]> {
  const imports: Record<string, string[]> = {};
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/\b(?:import|export)\s*([^;'"]*?)\s*(?:from\s*)?"([^"]+)"/g)) {
      const [statement, clause, request] = match as unknown as [string, string, string];
      if (request.startsWith('.')) visit(path.resolve(path.dirname(file), request));
      else if (GLUE.some((name) => request === name || request.startsWith(`${name}/`))) visit(glueFile(request));
      else if (request in PROVIDED) {
        if (!clause.startsWith('{')) throw new Error(`${file} takes all of ${request}: ${statement}`);
        const names = clause
          .slice(1, -1)
          .split(',')
          .map((part) => part.trim().split(/\s+as\s+/)[0]!);
        (imports[request] ??= []).push(...names.filter(Boolean));
      } else if (Object.keys(PROVIDED).some((name) => request.startsWith(`${name}/`))) {
        throw new Error(`${file} imports ${request}, which the remotes' stand-ins do not cover`);
      }
    }
  };
  visit(glueFile('@module-federation/webpack-bundler-runtime/bundler'));
  return imports;
}

describe('the remotes run on the shell’s federation runtime', () => {
  it('hands the remotes every name their federation glue imports of the sdk and the error codes', async () => {
    const imports = gluesImports();
    expect(Object.keys(imports).sort()).toEqual(Object.keys(PROVIDED).sort());
    provideFederationLibraries();
    // The global's name, as the remotes' build writes it into the stand-ins (remote-libraries.ts).
    Object.assign(globalThis, { __PORTAL_FEDERATION_LIBRARIES_GLOBAL__: FEDERATION_LIBRARIES_GLOBAL });
    const standIns: Record<string, Record<string, unknown>> = {
      '@module-federation/runtime-core': await import('./federation-runtime/remote-runtime-core'),
      '@module-federation/sdk': await import('./federation-runtime/remote-sdk'),
      '@module-federation/error-codes': await import('./federation-runtime/remote-error-codes'),
    };
    for (const [name, names] of Object.entries(imports)) {
      const real = PROVIDED[name]!;
      const missing = names.filter(
        (imported) => real[imported] === undefined || standIns[name]![imported] !== real[imported],
      );
      expect({ name, missing }).toEqual({ name, missing: [] });
    }
  });

  it('builds the remotes against the shell’s runtime and the shell as its provider', () => {
    const remote = createConfig('applicant', 'production');
    const alias = remote.resolve?.alias as Record<string, string>;
    expect(Object.keys(alias)).toEqual(expect.arrayContaining(Object.keys(PROVIDED).map((name) => `${name}$`)));
    // The stand-ins read the global the shell sets, under the name the shell's runtime plugin uses.
    const defined = (remote.plugins ?? []).flatMap((plugin) =>
      plugin instanceof webpack.DefinePlugin ? [plugin.definitions] : [],
    );
    expect(defined).toContainEqual({
      __PORTAL_FEDERATION_LIBRARIES_GLOBAL__: JSON.stringify(FEDERATION_LIBRARIES_GLOBAL),
    });
    const shell = createConfig('shell', 'production');
    expect(Object.keys((shell.resolve?.alias ?? {}) as Record<string, string>)).not.toContain(
      '@module-federation/sdk$',
    );
  });
});

describe('react-router in production bundles', () => {
  /** Where a bundle's `react-router` imports (react-router-dom's) land, resolved as webpack does. */
  async function resolvedRouter(mode: 'production' | 'development'): Promise<string[]> {
    const compiler = webpack(createConfig('shell', mode));
    const resolver = compiler.resolverFactory.get('normal', {
      ...compiler.options.resolve,
      ...compiler.options.resolve.byDependency?.esm,
    });
    const from = path.dirname(require.resolve('react-router-dom/package.json'));
    const resolve = (request: string) =>
      new Promise<string>((done, fail) =>
        resolver.resolve({}, from, request, {}, (error, result) =>
          error || !result ? fail(error ?? new Error(`${request} did not resolve`)) : done(result),
        ),
      );
    return Promise.all(['react-router', 'react-router/dom'].map(resolve));
  }

  it('gets the production build (no dev warnings) in production, the development one otherwise', async () => {
    const production = await resolvedRouter('production');
    for (const file of production) {
      expect(file).toMatch(/[\\/]react-router[\\/]dist[\\/]production[\\/]/);
    }
    for (const file of await resolvedRouter('development')) {
      expect(file).toMatch(/[\\/]react-router[\\/]dist[\\/]development[\\/]/);
    }
  });
});

import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Linter } from 'eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/**
 * The import boundaries of the conventions, enforced by lint:
 * - shared imports no app; its domain part is browser-free;
 * - remotes never import each other or the shell, and reach the router and TanStack Query only
 *   through @portal/shared/router and @portal/shared/query (the federated singletons), as does the
 *   shell;
 * - only the shell's identity module touches the Firebase SDK;
 * - functions imports only the browser-free part of shared;
 * - in each app, a feature reaches another feature only through its public entry (`index.ts`),
 *   never its internals, and no feature imports `app/` (the composition root imports features,
 *   not the other way round); tests and `testing/` helpers drive the app through its routes;
 * - no import cycles anywhere (import-x/no-cycle; type-only imports do not count);
 * - schemas are written with zod's mini API (`zod/mini`), everywhere: the browser downloads its
 *   shared facade (shared/src/zod), a third of the classic API's size, and the server runs the same
 *   schemas. Only the facade imports zod otherwise.
 */
type Restriction = { group: string[]; message: string } | { regex: string; message: string };

const ROOT = path.resolve(__dirname, '../..');
export const FIREBASE_MODULE = 'shell/src/lib/identity/firebase-identity.ts';
/** The server's markdown-to-email renderer (the one server module on the letters' remark pipeline). */
const EMAIL_RENDERER = 'functions/src/outbox/render-email.ts';

const app = (name: string): Restriction => ({
  group: [`@portal/${name}`, `@portal/${name}/**`, `**/${name}/src/**`],
  message: `Do not import ${name} from here: apps meet only through @portal/shared and Module Federation.`,
});

const ROUTER: Restriction = {
  group: ['react-router', 'react-router-dom', 'react-router/**', 'react-router-dom/**'],
  message: 'Import routing from @portal/shared/router, the one router the shell shares with the remotes.',
};

const QUERY: Restriction = {
  group: ['@tanstack/react-query', '@tanstack/react-query/**', '@tanstack/query-core', '@tanstack/query-core/**'],
  message: 'Import TanStack Query from @portal/shared/query, the one query library the shell shares with the remotes.',
};

const FIREBASE: Restriction = {
  group: ['firebase', 'firebase/**', '@firebase/**'],
  message: `Only ${FIREBASE_MODULE} touches the Firebase SDK.`,
};

const BROWSER: Restriction = {
  group: [
    'react',
    'react/**',
    'react-dom',
    'react-dom/**',
    'antd',
    'antd/**',
    '@tanstack/**',
    'react-toastify',
    'react-router*',
    'react-markdown',
    'remark-*',
    'firebase',
    'firebase/**',
  ],
  message: 'This code must stay browser-free.',
};

const SHARED_BROWSER_PARTS: Restriction = {
  group: [
    '@portal/shared/client',
    '@portal/shared/ui',
    '@portal/shared/router',
    '**/shared/src/client/**',
    '**/shared/src/ui/**',
    '**/shared/src/router/**',
  ],
  message: 'Only the browser-free part of shared (@portal/shared/domain) may be imported here.',
};

const ZOD_FACADE = 'shared/src/zod/**';
/** The browser tests' `test`, Playwright's with the contexts a test opened closed after it. */
const E2E_TEST = 'e2e/support/test.ts';

/** Any zod request but `zod/mini` (`zod`, `zod/v4`, `zod/v4/classic`…). */
const ZOD_CLASSIC: Restriction = {
  regex: '^zod(?!/mini$)(/.*)?$',
  message: "Write schemas with zod's mini API: import { z } from 'zod/mini'.",
};

/** A boundary of these files; every boundary also keeps zod's classic API out (ZOD_CLASSIC). */
function restrict(files: string[], patterns: Restriction[], ignores: string[] = []): Linter.Config {
  const zod = files.includes(ZOD_FACADE) ? [] : [ZOD_CLASSIC];
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, ...zod] }] } };
}

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const TEST_SUPPORT = [...TESTS, '**/testing/**'];

const SHARED_BOUNDARY = [app('shell'), app('applicant-app'), app('admin-app'), app('functions'), FIREBASE];

export const boundaryRules: Linter.Config[] = [
  restrict(['shared/src/**'], SHARED_BOUNDARY),
  // The zod facade re-exports the members the apps call from zod itself.
  restrict([ZOD_FACADE], SHARED_BOUNDARY),
  restrict(['bench/**', 'tools/**'], []),
  // Browser tests take `test` from e2e/support/test.ts, which closes the contexts a test opened.
  {
    files: ['e2e/**'],
    ignores: [E2E_TEST],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: `Import test from ${E2E_TEST}: it closes the browser contexts a test opened.`,
            },
          ],
          patterns: [ZOD_CLASSIC],
        },
      ],
    },
  },
  restrict(['shared/src/domain/**'], [BROWSER, SHARED_BROWSER_PARTS]),
  restrict(
    ['shared/src/{client,ui}/**'],
    [ROUTER, QUERY, FIREBASE, app('shell'), app('applicant-app'), app('admin-app'), app('functions')],
    TESTS,
  ),
  restrict(
    ['applicant-app/src/**'],
    [app('shell'), app('admin-app'), app('functions'), ROUTER, QUERY, FIREBASE],
    TESTS,
  ),
  restrict(
    ['admin-app/src/**'],
    [app('shell'), app('applicant-app'), app('functions'), ROUTER, QUERY, FIREBASE],
    TESTS,
  ),
  restrict(
    ['shell/src/**'],
    [app('applicant-app'), app('admin-app'), app('functions'), ROUTER, QUERY, FIREBASE],
    [...TESTS, FIREBASE_MODULE],
  ),
  restrict([FIREBASE_MODULE], [app('applicant-app'), app('admin-app'), app('functions'), ROUTER]),
  restrict(
    ['functions/src/**'],
    [BROWSER, SHARED_BROWSER_PARTS, app('shell'), app('applicant-app'), app('admin-app')],
    [EMAIL_RENDERER],
  ),
  // The emails' renderer runs the letters' markdown pipeline (remark-*, which runs in Node too),
  // never React: only the browser libraries stay out of it.
  restrict(
    [EMAIL_RENDERER],
    [
      { ...BROWSER, group: BROWSER.group.filter((pattern) => pattern !== 'remark-*') },
      SHARED_BROWSER_PARTS,
      app('shell'),
      app('applicant-app'),
      app('admin-app'),
    ],
  ),
];

const APPS = ['shell', 'applicant-app', 'admin-app'];

/**
 * Imports of another feature's internals that wait for their owner's change (the applicant
 * editor's, here): `[importing feature, imported feature, module]`.
 */
const PENDING_INTERNAL_IMPORTS: [string, string, string][] = [['editor', 'files', './file-upload-field.tsx']];

const featuresOf = (app: string): string[] =>
  readdirSync(path.join(ROOT, app, 'src', 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Per app: each feature may import another feature's index.ts only, and nothing of app/. */
function featureZones(app: string) {
  const features = featuresOf(app);
  const dir = (feature: string) => `${app}/src/features/${feature}`;
  return [
    {
      target: `${app}/src/features`,
      from: `${app}/src/app`,
      message: 'A feature does not import app/: the app composes the features.',
    },
    ...features.flatMap((feature) =>
      features
        .filter((other) => other !== feature)
        .map((other) => ({
          target: dir(feature),
          from: dir(other),
          except: [
            './index.ts',
            ...PENDING_INTERNAL_IMPORTS.filter(([a, b]) => a === feature && b === other).map(([, , module]) => module),
          ],
          message: `Import the ${other} feature through its index.ts, or move what both need to lib/ or @portal/shared.`,
        })),
    ),
  ];
}

const resolver = createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] });

export const structureRules: Linter.Config[] = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX as unknown as NonNullable<Linter.Config['plugins']>[string] },
    settings: {
      'import-x/resolver-next': [resolver],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: APPS.map((app) => `${app}/src/features/**`),
    ignores: TEST_SUPPORT,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: APPS.flatMap(featureZones) }],
    },
  },
];

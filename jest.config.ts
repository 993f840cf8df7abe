/** @jest-config-loader esbuild-register */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from 'jest';

const transform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
  ],
};

/**
 * jest's runtime with V8's code cache: a module a worker has run before compiles from its cached code
 * in each later test file (tools/jest/code-cache-runtime.cjs). Every project's rootDir is one level down.
 */
const runtime = '<rootDir>/../tools/jest/code-cache-runtime.cjs';

/**
 * The markdown renderer (unified, remark, rehype and micromark: shared/src/markdown) is published as
 * ES modules only: jest transforms those packages (the renderer's whole dependency tree, read from
 * node_modules, nested copies included) and no other file under node_modules.
 */
function dependencyTreeOf(roots: string[]): string[] {
  const names = new Set<string>();
  const visit = (name: string, from: string) => {
    const dir = [path.join(from, 'node_modules', name), path.join(__dirname, 'node_modules', name)].find((candidate) =>
      existsSync(path.join(candidate, 'package.json')),
    );
    if (!dir || names.has(`${name}@${dir}`)) return;
    names.add(`${name}@${dir}`);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    Object.keys(manifest.dependencies ?? {}).forEach((dependency) => visit(dependency, dir));
  };
  roots.forEach((root) => visit(root, __dirname));
  return [...new Set([...names].map((entry) => entry.slice(0, entry.indexOf('@', 1))))];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MARKDOWN_PACKAGES = dependencyTreeOf([
  'unified',
  'remark-parse',
  'remark-gfm',
  'remark-breaks',
  'remark-rehype',
  'rehype-sanitize',
  'rehype-stringify',
]);
const transformIgnorePatterns = [`/node_modules/(?!(${MARKDOWN_PACKAGES.map(escapeRegExp).join('|')})/)`];

/**
 * The browser's `zod/mini` is the shell's facade (shared/src/zod), whose `z` holds only what the
 * apps call: their tests run it too, as tsc type-checks them against it (each browser tsconfig's
 * `paths`), so a member the facade lacks fails here as it would in the browser.
 */
const ZOD_FACADE = { '^zod/mini$': '<rootDir>/../shared/src/zod/index.ts' };
/**
 * zod's index of locales requires every language at once: here each loads on first use
 * (tools/jest/zod-lazy-locales.ts), in every project. `../locales/index.cjs` is how zod's own
 * indexes require it.
 */
const ZOD_LAZY_LOCALES = {
  '^zod/locales$': '<rootDir>/../tools/jest/zod-lazy-locales.ts',
  '^\\.\\./locales/index\\.cjs$': '<rootDir>/../tools/jest/zod-lazy-locales.ts',
};
/** Likewise `antd`: the components the build shares, and the portal's Typography (shared/src/antd/as-built.ts). */
const ANTD_AS_BUILT = { '^antd$': '<rootDir>/../shared/src/antd/as-built.ts' };

const browserProject = (name: string): Config => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  runtime,
  transform,
  transformIgnorePatterns,
  // The antd facades (shared/src/antd) import antd's ES build so webpack can tree-shake it
  // (the bare `antd` request is the federated facade itself); tests use antd's CommonJS build.
  // antd's index, though, is one whose components load on first use (tools/jest/antd-lazy-index.ts).
  moduleNameMapper: {
    '^antd/es/index\\.js$': '<rootDir>/../tools/jest/antd-lazy-index.ts',
    '^antd/es/(.*)\\.js$': 'antd/lib/$1',
    // Testing Library whose render writes no antd style sheet into the document (the file says why).
    '^@testing-library/react$': '<rootDir>/../tools/jest/testing-library-react.tsx',
    // antd's style hooks that build the component styles it would not write anyway (the file says why).
    '^@ant-design/cssinjs$': '<rootDir>/../tools/jest/cssinjs-no-styles.ts',
    ...ANTD_AS_BUILT,
    ...ZOD_FACADE,
    ...ZOD_LAZY_LOCALES,
  },
  setupFiles: ['<rootDir>/../tools/jest/browser-polyfills.ts'],
  setupFilesAfterEnv: ['<rootDir>/../tools/jest/browser-setup.ts'],
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
});

/**
 * The projects by what they need, for `tools/test.ts`: `quick` runs with no emulator, no build and no
 * browser (`npm run test:quick`); `emulators` are the tests named `*.emulator.test.ts`, the only ones
 * the Auth and Cloud Firestore emulators start for; `build` reads the production bundles the test run
 * built (or builds them itself when run alone). `npx jest` runs them all.
 */
export const JEST_PROJECTS = {
  quick: ['functions', 'tools', 'shared-domain', 'shared', 'shell', 'applicant-app', 'admin-app'],
  emulators: ['functions-emulators'],
  sweeps: ['security-sweeps'],
  build: ['production-build'],
};

const EMULATOR_TESTS = '\\.emulator\\.test\\.ts$';
/**
 * The security sweeps send every route of the API every caller and every hostile input, each case on
 * a fixture of its own (docs/performance.md#the-test-loop). They are not unit or component tests:
 * `npm test` runs them in a step of their own.
 */
const SECURITY_SWEEPS = '/src/security/[^/]+\\.test\\.ts$';
const PRODUCTION_BUILD_TEST = 'production-build\\.test\\.ts$';

const config: Config = {
  // Component tests drive antd through jsdom: on a shared 2-core machine one can pass 5 s while
  // other suites run beside it. A test that hangs still fails, after 20 s.
  testTimeout: 20_000,
  projects: [
    {
      displayName: 'functions',
      rootDir: '<rootDir>/functions',
      testEnvironment: 'node',
      runtime,
      transform,
      moduleNameMapper: ZOD_LAZY_LOCALES,
      // The emails' markdown renderer (outbox/render-email.ts) runs the same ES-module packages.
      transformIgnorePatterns,
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', EMULATOR_TESTS, SECURITY_SWEEPS],
    },
    {
      displayName: 'security-sweeps',
      rootDir: '<rootDir>/functions',
      testEnvironment: 'node',
      runtime,
      transform,
      moduleNameMapper: ZOD_LAZY_LOCALES,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/src/security/*.test.ts'],
    },
    {
      displayName: 'functions-emulators',
      rootDir: '<rootDir>/functions',
      testEnvironment: 'node',
      runtime,
      transform,
      moduleNameMapper: ZOD_LAZY_LOCALES,
      transformIgnorePatterns,
      testMatch: ['<rootDir>/src/**/*.emulator.test.ts'],
      globalSetup: '<rootDir>/../tools/jest/functions-setup.ts',
      globalTeardown: '<rootDir>/../tools/jest/functions-teardown.ts',
    },
    {
      displayName: 'tools',
      rootDir: '<rootDir>/tools',
      testEnvironment: 'node',
      runtime,
      transform,
      moduleNameMapper: ZOD_LAZY_LOCALES,
      testMatch: ['<rootDir>/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', PRODUCTION_BUILD_TEST],
    },
    {
      displayName: 'production-build',
      rootDir: '<rootDir>/tools',
      testEnvironment: 'node',
      runtime,
      transform,
      moduleNameMapper: ZOD_LAZY_LOCALES,
      testMatch: ['<rootDir>/production-build.test.ts'],
    },
    {
      displayName: 'shared-domain',
      rootDir: '<rootDir>/shared',
      testEnvironment: 'node',
      runtime,
      transform,
      moduleNameMapper: { ...ZOD_FACADE, ...ZOD_LAZY_LOCALES },
      testMatch: ['<rootDir>/src/domain/**/*.test.ts'],
    },
    { ...browserProject('shared'), testMatch: ['<rootDir>/src/{antd,client,markdown,router,ui}/**/*.test.ts?(x)'] },
    browserProject('shell'),
    browserProject('applicant-app'),
    browserProject('admin-app'),
  ],
};

export default config;

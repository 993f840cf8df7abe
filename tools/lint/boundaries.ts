import type { Linter } from 'eslint';

/**
 * The import boundaries of the conventions, enforced by lint:
 * - shared imports no app; its domain part is browser-free;
 * - remotes never import each other or the shell, and reach the router only through
 *   @portal/shared/router (the federated singleton);
 * - only the shell's identity module touches the Firebase SDK;
 * - functions imports only the browser-free part of shared.
 */
type Restriction = { group: string[]; message: string };

const app = (name: string): Restriction => ({
  group: [`@portal/${name}`, `@portal/${name}/**`, `**/${name}/src/**`],
  message: `Do not import ${name} from here: apps meet only through @portal/shared and Module Federation.`,
});

const ROUTER: Restriction = {
  group: ['react-router', 'react-router-dom', 'react-router/**', 'react-router-dom/**'],
  message: 'Import routing from @portal/shared/router, the one router the shell shares with the remotes.',
};

const FIREBASE: Restriction = {
  group: ['firebase', 'firebase/**', '@firebase/**'],
  message: 'Only shell/src/features/identity/firebase-identity.ts touches the Firebase SDK.',
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

function restrict(files: string[], patterns: Restriction[], ignores: string[] = []): Linter.Config {
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

export const boundaryRules: Linter.Config[] = [
  restrict(['shared/src/**'], [app('shell'), app('applicant-app'), app('admin-app'), app('functions'), FIREBASE]),
  restrict(['shared/src/domain/**'], [BROWSER, SHARED_BROWSER_PARTS]),
  restrict(
    ['shared/src/{client,ui}/**'],
    [ROUTER, FIREBASE, app('shell'), app('applicant-app'), app('admin-app'), app('functions')],
    TESTS,
  ),
  restrict(['applicant-app/src/**'], [app('shell'), app('admin-app'), app('functions'), ROUTER, FIREBASE], TESTS),
  restrict(['admin-app/src/**'], [app('shell'), app('applicant-app'), app('functions'), ROUTER, FIREBASE], TESTS),
  restrict(
    ['shell/src/**'],
    [app('applicant-app'), app('admin-app'), app('functions'), ROUTER, FIREBASE],
    [...TESTS, 'shell/src/features/identity/firebase-identity.ts'],
  ),
  restrict(
    ['shell/src/features/identity/firebase-identity.ts'],
    [app('applicant-app'), app('admin-app'), app('functions'), ROUTER],
  ),
  restrict(['functions/src/**'], [BROWSER, SHARED_BROWSER_PARTS, app('shell'), app('applicant-app'), app('admin-app')]),
];

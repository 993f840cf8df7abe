import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { FORM_SCHEMA_MESSAGES } from '@portal/shared/domain';
import { CHUNK_PACKAGES_FILE, type ChunkPackages } from '../tools/webpack/chunk-packages-plugin';
import { outputDir } from '../tools/webpack/app-dirs';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { recordRequests } from './support/requests';

test('an /apply route loads the applicant remote only, rendered with the shell providers', async ({ page }) => {
  await logIn(page, DEMO.applicant);
  const requests = recordRequests(page);
  await page.goto('/apply');
  await expect(page.getByRole('heading', { name: 'Apply', exact: true })).toBeVisible();
  // The remote's query ran through the shell's QueryClient and API client.
  await expect(page.getByText('Demo Semester application')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.remoteEntries()).toEqual(['/applicant/remoteEntry.js']);
  expect(requests.paths().some((p) => p.startsWith('/admin/'))).toBe(false);
});

test('an /admin route loads the admin remote only', async ({ page }) => {
  await logIn(page, DEMO.reviewer);
  const requests = recordRequests(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Home' })).toBeVisible();
  // The remote reads the session through the shell's providers: the reviewer is asked for role preferences.
  await expect(page.getByRole('dialog', { name: 'Choose the roles you will review' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.remoteEntries()).toEqual(['/admin/remoteEntry.js']);
  expect(requests.paths().some((p) => p.startsWith('/applicant/'))).toBe(false);
});

/**
 * How many versions of each shared module the page has loaded (Module Federation's share scope).
 * The shell registers what it provides when the first remote loads; a remote that is the first to
 * use one of them runs the shell's (the scope names that remote in `from`), so who provided a
 * module is read from the scripts downloaded instead (`remoteScriptsWith`).
 */
function loadedShared(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const federation = (
      globalThis as {
        __FEDERATION__?: {
          __SHARE__?: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean }>>>>;
        };
      }
    ).__FEDERATION__;
    const loaded: Record<string, Set<string>> = {};
    for (const scopes of Object.values(federation?.__SHARE__ ?? {})) {
      for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
        for (const [version, info] of Object.entries(versions))
          // A facade's key carries a hash of its members (`zod/mini#1cbfc0fc`): counted under its request.
          if (info.loaded) (loaded[pkg.split('#')[0]!] ??= new Set()).add(version);
      }
    }
    return Object.fromEntries(Object.entries(loaded).map(([pkg, versions]) => [pkg, versions.size]));
  });
}

/** The libraries the remotes bundle a fallback copy of, which they must not download: they run the shell's. */
const REMOTE_FALLBACKS = [
  'react',
  'react-dom',
  '@tanstack/react-query',
  'react-router',
  'react-toastify',
  'clsx',
  'antd',
  '@ant-design/cssinjs',
  'zod',
];

/** The scripts of a remote, among those requested, that carry a package. */
function remoteScriptsWith(paths: string[], app: 'applicant' | 'admin', pkg: string): string[] {
  const report = JSON.parse(readFileSync(path.join(outputDir(app), CHUNK_PACKAGES_FILE), 'utf8')) as ChunkPackages;
  return paths.filter((p) => p.startsWith(`/${app}/`) && pkg in (report[p.slice(app.length + 2)] ?? {}));
}

const SHELL_PROVIDED = [
  'react',
  'react-dom',
  '@portal/shared/query',
  '@portal/shared/router',
  '@portal/shared/client',
  // antd's pieces (tools/webpack/antd-components.ts): the theme and buttons, the pages' common components.
  '@portal/shared/antd-base',
  '@portal/shared/antd-pages',
];

/** What makes the header's Profile button look as it does. */
function profileButtonStyle(page: Page) {
  return page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('button', { name: 'Profile' })
    .evaluate((button) => {
      const style = getComputedStyle(button);
      return [style.fontFamily, style.fontSize, style.color, style.height, style.borderRadius, style.padding];
    });
}

test('the remotes share the shell’s React, router, query library and antd instead of downloading their own', async ({
  page,
}) => {
  await logIn(page, DEMO.applicant);
  const requests = recordRequests(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const shellScripts = requests.paths().filter((p) => p.endsWith('.js'));
  // The /apply visit's own requests: the home page preloads the signed-in user's remote once the user
  // is known (preload-signed-in.ts), sooner or later than networkidle, and the load of /apply requests
  // it again (a fresh-clone run counted 7 here, where the /apply visit alone requests 4).
  const beforeApply = requests.paths().length;
  await page.goto('/apply');
  await expect(page.getByText('Demo Semester application')).toBeVisible();
  const applicantScripts = requests
    .paths()
    .slice(beforeApply)
    .filter((p) => p.startsWith('/applicant/'));
  const loaded = await loadedShared(page);
  for (const pkg of SHELL_PROVIDED) expect(loaded[pkg], pkg).toBe(1);
  for (const pkg of REMOTE_FALLBACKS) expect(remoteScriptsWith(requests.paths(), 'applicant', pkg), pkg).toEqual([]);
  // The applicant's pages validate nothing themselves (the server does), and the log-in page checks
  // its two fields without zod: no zod at all in an applicant's visit.
  expect(loaded['zod/mini'], 'zod/mini').toBeUndefined();
  expect(shellScripts.length).toBeGreaterThan(0);
  expect(applicantScripts.length).toBeLessThanOrEqual(6);
});

test('staff pages take antd’s tables and pickers from the shell too, and the header looks the same before and after the remote loads', async ({
  page,
}) => {
  await logIn(page, DEMO.director);
  await page.goto('/profile');
  const before = await profileButtonStyle(page);
  const requests = recordRequests(page);
  await page.goto('/admin/dor/forms');
  await expect(page.getByRole('table').first()).toBeVisible();
  const loaded = await loadedShared(page);
  for (const pkg of SHELL_PROVIDED) expect(loaded[pkg], pkg).toBe(1);
  for (const pkg of REMOTE_FALLBACKS) expect(remoteScriptsWith(requests.paths(), 'admin', pkg), pkg).toEqual([]);
  expect(loaded['zod/mini'] ?? 0, 'zod/mini: the shell’s, or none').toBeLessThanOrEqual(1);
  // The remotes carry fallback copies of what they use from the shell (docs/decisions/remote-contracts.md):
  // the builds have them, and no script of them was downloaded (REMOTE_FALLBACKS above). The admin
  // app uses antd and zod; the applicant app antd alone, so its build has no zod at all.
  const builtPackages = (app: 'applicant' | 'admin') => {
    const report = JSON.parse(readFileSync(path.join(outputDir(app), CHUNK_PACKAGES_FILE), 'utf8')) as ChunkPackages;
    return new Set(Object.values(report).flatMap((packages) => Object.keys(packages)));
  };
  expect(['antd', 'zod'].filter((pkg) => builtPackages('admin').has(pkg))).toEqual(['antd', 'zod']);
  expect(['antd', 'zod'].filter((pkg) => builtPackages('applicant').has(pkg))).toEqual(['antd']);
  expect(await profileButtonStyle(page)).toEqual(before);
});

test('a remote that cannot be loaded shows a retry inside the layout, and the rest of the portal works', async ({
  page,
}) => {
  await logIn(page, DEMO.director);
  await page.route('**/admin/remoteEntry.js', (route) => route.abort('connectionrefused'));
  await page.goto('/admin');
  await expect(page.getByText('The staff area could not be loaded')).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expect(page.getByRole('navigation', { name: /on the web/ })).toBeVisible();

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.unroute('**/admin/remoteEntry.js');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Home' })).toBeVisible();
});

/** The scripts of one app the page has requested (the remotes are served under /applicant/ and /admin/). */
const scriptsUnder = (paths: string[], prefix: string) =>
  new Set(paths.filter((p) => p.startsWith(prefix) && p.endsWith('.js')));

test('each remote page downloads its own code when it is first visited, not with the remote', async ({ page }) => {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('split'));
  const requests = recordRequests(page);
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('button', { name: 'Start application' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const overview = scriptsUnder(requests.paths(), '/applicant/');
  await page.getByRole('button', { name: 'Start application' }).click();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const editorOnly = [...scriptsUnder(requests.paths(), '/applicant/')].filter((p) => !overview.has(p));
  expect(editorOnly.length, 'the editor page comes in chunks of its own').toBeGreaterThan(0);
});

/** The shell's scripts among `paths` that carry `pkg`, or that one file of it (from the build's chunk report). */
function shellScriptsWith(paths: string[], pkg: string, file?: string): string[] {
  const report = JSON.parse(readFileSync(path.join(outputDir('shell'), CHUNK_PACKAGES_FILE), 'utf8')) as ChunkPackages;
  return paths.filter((p) => {
    const files = report[p.slice(1)]?.[pkg];
    return files !== undefined && (file === undefined || files.includes(file));
  });
}

/**
 * What the portal's build leaves out of the libraries every page uses: of antd's common components
 * (tools/webpack/antd-components.ts), the tooltip that only Form.Item's `tooltip` and a small
 * Progress circle would show, Input.OTP, ConfigProvider's shared tooltip, Form's store and
 * validator (where no Form is), and Typography's ellipsis, copy and edit machinery
 * (shared/src/antd/typography.tsx); of TanStack Query, what @portal/shared/query does not export;
 * of zod, its classic API (every schema with all of its methods; the schemas use the mini API) and
 * its JSON Schema output.
 */
function expectNoUnusedLibraryParts(paths: string[]) {
  expect(shellScriptsWith(paths, '@rc-component/tooltip'), 'a tooltip').toEqual([]);
  for (const file of ['es/typography/Base/index.js', 'es/typography/Base/Ellipsis.js', 'es/input/OTP/index.js']) {
    expect(shellScriptsWith(paths, 'antd', file), file).toEqual([]);
  }
  // antd's Input takes one context from @rc-component/form, Radio.Group one helper from Form's hooks,
  // ConfigProvider a provider for `tooltip.unique`: none of them brings Form's store or that provider.
  expect(shellScriptsWith(paths, '@rc-component/async-validator'), "Form's validator").toEqual([]);
  expect(shellScriptsWith(paths, '@rc-component/form', 'es/hooks/useForm.js'), "Form's store").toEqual([]);
  expect(shellScriptsWith(paths, 'antd', 'es/tooltip/UniqueProvider/index.js'), 'one shared tooltip').toEqual([]);
  for (const file of ['build/modern/hydration.js', 'build/modern/queriesObserver.js']) {
    expect(shellScriptsWith(paths, '@tanstack/query-core', file), file).toEqual([]);
  }
  for (const file of ['v4/classic/schemas.js', 'v4/core/json-schema-processors.js', 'v4/core/to-json-schema.js']) {
    expect(shellScriptsWith(paths, 'zod', file), file).toEqual([]);
  }
}

test('the staff home page loads neither the other admin pages nor antd’s tables, dialogs or results; a table page then does', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await logIn(page, DEMO.director);
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: /Super Reviewer dashboard/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const home = scriptsUnder(requests.paths(), '/admin/');
  const loaded = await loadedShared(page);
  for (const module of ['antd/es/table/index.js', 'antd/es/modal/index.js', 'antd/es/result/index.js']) {
    expect(loaded[module], module).toBeUndefined();
  }
  expect(shellScriptsWith(requests.paths(), '@rc-component/table')).toEqual([]);
  expect(shellScriptsWith(requests.paths(), 'react-toastify'), 'no toast, no toast library').toEqual([]);
  expectNoUnusedLibraryParts(requests.paths());
  // The home shows one of the API's messages about applications; it downloads no form schema with it.
  const scripts = requests.paths().filter((p) => p.endsWith('.js'));
  const texts = await Promise.all(scripts.map(async (p) => (await page.request.get(p)).text()));
  expect(
    scripts.filter((_, i) => texts[i]!.includes(FORM_SCHEMA_MESSAGES.fewChoiceOptions)),
    'scripts with the form schemas',
  ).toEqual([]);
  await page.getByRole('link', { name: /Forms/ }).click();
  await expect(page.getByRole('table').first()).toBeVisible();
  const formsOnly = [...scriptsUnder(requests.paths(), '/admin/')].filter((p) => !home.has(p));
  expect(formsOnly.length, 'the forms page comes in chunks of its own').toBeGreaterThan(0);
  expect(shellScriptsWith(requests.paths(), '@rc-component/table').length).toBeGreaterThan(0);
});

test('an applicant’s pages download only the antd components they render, and the editor the dialogs it may need offline', async ({
  page,
}) => {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('antd'));
  const requests = recordRequests(page);
  await logIn(page, account.email, account.password);
  await page.getByRole('button', { name: 'Start application' }).click();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The editor fetches the log-out and conflict dialogs (antd's Modal) while it is online, once its
  // first section is drawn (at the browser's next idle moment): both may have to open after the
  // connection is gone.
  await expect.poll(async () => (await loadedShared(page))['antd/es/modal/index.js'], { timeout: 10_000 }).toBe(1);
  await page.waitForLoadState('networkidle');
  const loaded = await loadedShared(page);
  // The shell's antd pieces alone run (the remotes' fallbacks are not downloaded when the shell's satisfy them).
  expect(loaded['@portal/shared/antd-pages']).toBe(1);
  for (const module of [
    'antd/es/tabs/index.js',
    'antd/es/table/index.js',
    'antd/es/result/index.js',
    // The first section has a file question: its progress bar comes with an upload.
    'antd/es/progress/index.js',
  ]) {
    expect(loaded[module], module).toBeUndefined();
  }
  // react-toastify too: it comes with the first toast, and this visit shows none.
  for (const pkg of ['@rc-component/tabs', '@rc-component/menu', 'react-toastify']) {
    expect(shellScriptsWith(requests.paths(), pkg), pkg).toEqual([]);
  }
  expectNoUnusedLibraryParts(requests.paths());
});

import { execFile } from 'node:child_process';
import {
  cpSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { startPortalProcess, type PortalProcess } from '../tools/portal-process';
import { CHUNK_PACKAGES_FILE, type ChunkPackages } from '../tools/webpack/chunk-packages-plugin';
import { pageMetaPolicy, remoteScriptOrigins } from '../functions/src/http/security-headers';
import { clientConfigFromEnv, remotesManifestFromEnv, remotesManifestJson } from '../tools/webpack/client-config';
import { outputDir, REPO_ROOT, type AppName } from '../tools/webpack/app-dirs';
import { DEMO, logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { FORM, submitApplication } from './support/applications';
import {
  DEPLOY_TEST_ADMIN_PORT,
  DEPLOY_TEST_APPLICANT_PORT,
  DEPLOY_TEST_AUTH_EMULATOR_PORT,
  DEPLOY_TEST_PORT,
} from './support/ports';
import { recordRequests } from './support/requests';
import { submitFromReview } from './support/submit';

/**
 * Each remote deploys alone (docs/deploy.md, "Deploy one remote alone"). State A is the tree as it
 * is: the run's own bundles (`<app>/dist`, or `$PORTAL_BUILD_OUT_DIR/<app>` when the run builds
 * there), with the shell's two settings that name the remotes' URLs (remotes.json and the page's
 * policy) written as a build for those URLs writes them. State B
 * is built into a temporary directory with the overlay e2e/fixtures/newer-remotes/overlay.ts (a
 * page using an antd component A's shell does not provide and parts it stands in for, a zod member
 * A's facade lacks, antd at a newer version); its shell's settings must equal A's.
 * The shell is served by the local runtime and each remote from an origin of its own, as on
 * Firebase Hosting; then an applicant completes an application and the director opens a staff
 * page with A's shell and A's remotes (which download none of their fallbacks), A's shell and B's
 * remotes, and B's shell and A's remotes.
 */
type State = 'a' | 'b';
const REMOTES = ['applicant', 'admin'] as const;
type Remote = (typeof REMOTES)[number];
const REMOTE_PORTS: Record<Remote, number> = { applicant: DEPLOY_TEST_APPLICANT_PORT, admin: DEPLOY_TEST_ADMIN_PORT };
const remoteOrigin = (remote: Remote) => `http://127.0.0.1:${REMOTE_PORTS[remote]}`;
const OVERLAY = 'e2e/fixtures/newer-remotes/overlay.ts';

let root: string;
let portal: PortalProcess | undefined;
const servers: Server[] = [];
/** The build each remote's origin serves now. */
const served: Record<Remote, string> = { applicant: '', admin: '' };

/** The environment of one state's build: this process's, less its own build settings. */
function buildEnv(state: State): NodeJS.ProcessEnv {
  const rest = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(PORTAL_|FIREBASE_)/.test(key)));
  return {
    ...rest,
    PORTAL_BUILD_OUT_DIR: path.join(root, state),
    PORTAL_APPLICANT_REMOTE_URL: `${remoteOrigin('applicant')}/remoteEntry.js`,
    PORTAL_ADMIN_REMOTE_URL: `${remoteOrigin('admin')}/remoteEntry.js`,
    ...(state === 'b' ? { PORTAL_BUILD_OVERLAY: OVERLAY } : {}),
  };
}

const APPS: AppName[] = ['shell', 'applicant', 'admin'];

/**
 * State A: the run's own bundles (where its web server built them), the shell set for the remotes'
 * origins (what `buildEnv('a')` would build).
 */
function stateFromRunBundles(): void {
  const env = buildEnv('a');
  for (const app of APPS) cpSync(outputDir(app), path.join(root, 'a', app), { recursive: true });
  const shell = path.join(root, 'a', 'shell');
  writeFileSync(path.join(shell, 'remotes.json'), remotesManifestJson(env));
  const policy = pageMetaPolicy({
    mode: clientConfigFromEnv(env).mode,
    remoteOrigins: remoteScriptOrigins(Object.values(remotesManifestFromEnv(env))),
  });
  const page = readFileSync(path.join(shell, 'index.html'), 'utf8');
  const meta = /(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")/;
  if (!meta.test(page)) throw new Error("The shell's index.html has no policy <meta> to set");
  writeFileSync(path.join(shell, 'index.html'), page.replace(meta, `$1${policy}$2`));
}

/** The shell's settings that name the remotes' URLs, as served. */
function remoteSettings(state: State): string[] {
  const shell = path.join(root, state, 'shell');
  const page = readFileSync(path.join(shell, 'index.html'), 'utf8');
  return [
    readFileSync(path.join(shell, 'remotes.json'), 'utf8'),
    /<meta http-equiv="Content-Security-Policy"[^>]*>/.exec(page)?.[0] ?? '',
  ];
}

/** A static origin for one remote, with Firebase Hosting's caching (serves `served[remote]`). */
function serveRemote(remote: Remote): Promise<Server> {
  const server = createServer((req, res) => {
    const file = path.join(served[remote], decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(served[remote]) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('Not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': file.endsWith('.js')
        ? 'text/javascript'
        : file.endsWith('.css')
          ? 'text/css'
          : 'application/octet-stream',
      'Cache-Control': /\.[0-9a-f]{10}\.(?:js|css)$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      'Access-Control-Allow-Origin': '*',
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(REMOTE_PORTS[remote], '127.0.0.1', () => resolve(server)));
}

/** Serves `shell`'s shell and `remotes`' remotes from now on. */
function deploy({ shell, remotes }: { shell: State; remotes: State }) {
  const shellDir = path.join(root, 'served', 'shell');
  rmSync(shellDir, { recursive: true, force: true });
  cpSync(path.join(root, shell, 'shell'), shellDir, { recursive: true });
  for (const remote of REMOTES) served[remote] = path.join(root, remotes, remote);
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(900_000);
  root = mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-'));
  const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
  stateFromRunBundles();
  await promisify(execFile)(tsx, ['tools/build.ts', '--force'], {
    cwd: REPO_ROOT,
    env: buildEnv('b'),
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(remoteSettings('a'), "A's shell is set as a build for the remotes' origins sets it").toEqual(
    remoteSettings('b'),
  );
  deploy({ shell: 'a', remotes: 'a' });
  servers.push(...(await Promise.all(REMOTES.map(serveRemote))));
  const previous = { out: process.env.PORTAL_BUILD_OUT_DIR, prebuilt: process.env.PORTAL_PREBUILT };
  process.env.PORTAL_BUILD_OUT_DIR = path.join(root, 'served');
  process.env.PORTAL_PREBUILT = '1';
  try {
    portal = await startPortalProcess({ port: DEPLOY_TEST_PORT, authEmulatorPort: DEPLOY_TEST_AUTH_EMULATOR_PORT });
  } finally {
    for (const [key, value] of [
      ['PORTAL_BUILD_OUT_DIR', previous.out],
      ['PORTAL_PREBUILT', previous.prebuilt],
    ] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
});

test.afterAll(async () => {
  await portal?.stop();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  if (root) rmSync(root, { recursive: true, force: true });
});

test.use({ baseURL: `http://127.0.0.1:${DEPLOY_TEST_PORT}` });

/** An applicant with saved answers continues, reviews and submits the application in the browser. */
async function applicantJourney(page: Page) {
  const account = await registerVerifiedApplicant(page.request, uniqueEmail('deploy'));
  await submitApplication(page.request, account, ['bootcamp'], { submit: false });
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/apply$/);
  await page.getByRole('button', { name: 'Continue application' }).click();
  await expect(page).toHaveURL(new RegExp(`/apply/f/${FORM}/`));
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.goto(`/apply/submit/${FORM}`);
  await expect(page.getByText('Every required question is answered.')).toBeVisible();
  await submitFromReview(page);
  await expect(page).toHaveURL(/\/apply\/success$/);
  await expect(page.getByText('Your application has been submitted!')).toBeVisible();
}

/** The director's home, then the forms page with its table. */
async function staffPage(page: Page) {
  await logIn(page, DEMO.director);
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: /Super Reviewer dashboard/ })).toBeVisible();
  await page.getByRole('link', { name: /Forms/ }).click();
  await expect(page.getByRole('table').first()).toBeVisible();
}

/** The newer remotes' page: a component the shell lacks, parts it stands in for, a zod member its facade lacks. */
async function deployCheck(page: Page, url: string, area: string) {
  await page.goto(url);
  await expect(page.getByText(`Deploy check: ${area}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Stars tab' })).toBeVisible();
  await expect(page.getByRole('radiogroup').or(page.locator('.ant-rate'))).toBeVisible();
  await expect(page.locator('.ant-rate-star-full')).toHaveCount(3);
  // Styled by the remote's own sheet for it, from the remote's origin: a bare list has bullets.
  await expect(page.locator('.ant-rate')).toHaveCSS('list-style-type', 'none');
  await expect(page.getByText('zod base64: checked')).toBeVisible();
  // The label's tooltip is a part loaded when the label first renders (antd-stand-ins/lazy-part.ts):
  // a pointer that arrived while its code was on the way opens nothing until it comes again, as a
  // person's would. On a busy machine the first hover can be that early, so it is repeated.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await page.locator('.ant-form-item-tooltip').hover();
    await expect(page.getByRole('tooltip', { name: 'One to five' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The scripts requested from a remote's origin that carry a package, per the build's chunk report. */
function remoteScriptsWith(urls: string[], state: State, remote: Remote, pkg: string): string[] {
  const report = JSON.parse(readFileSync(path.join(root, state, remote, CHUNK_PACKAGES_FILE), 'utf8')) as ChunkPackages;
  const prefix = `${remoteOrigin(remote)}/`;
  return urls.filter((url) => url.startsWith(prefix) && pkg in (report[url.slice(prefix.length)] ?? {}));
}

/** How many versions of a shared module the page has loaded (Module Federation's share scope). */
function loadedVersions(page: Page, key: string): Promise<number> {
  return page.evaluate((shareKey) => {
    const federation = (
      globalThis as {
        __FEDERATION__?: {
          __SHARE__?: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean }>>>>;
        };
      }
    ).__FEDERATION__;
    const versions = new Set<string>();
    for (const scopes of Object.values(federation?.__SHARE__ ?? {})) {
      for (const [version, info] of Object.entries(scopes.default?.[shareKey] ?? {})) {
        if (info.loaded) versions.add(version);
      }
    }
    return versions.size;
  }, key);
}

/** What a remote carries a fallback of, which a visit whose shell provides it must not download. */
const FALLBACK_PACKAGES = ['antd', '@ant-design/cssinjs', '@rc-component/form', 'zod', 'react', 'react-dom'];

test('the same state: the remotes run on the shell’s modules and download none of their fallbacks', async ({
  page,
  browser,
}) => {
  deploy({ shell: 'a', remotes: 'a' });
  const requests = recordRequests(page);
  await applicantJourney(page);
  const staff = await browser.newPage();
  const staffRequests = recordRequests(staff);
  await staffPage(staff);
  await staff.close();
  const urls = [...requests.urls(), ...staffRequests.urls()];
  for (const remote of REMOTES) {
    expect(
      urls.some((url) => url.startsWith(remoteOrigin(remote))),
      `${remote} came from its own origin`,
    ).toBe(true);
    for (const pkg of FALLBACK_PACKAGES)
      expect(remoteScriptsWith(urls, 'a', remote, pkg), `${remote}: ${pkg}`).toEqual([]);
  }
});

test('an older shell with newer remotes: the remotes fall back to their own copies where the shell cannot serve them', async ({
  page,
  browser,
}) => {
  deploy({ shell: 'a', remotes: 'b' });
  const requests = recordRequests(page);
  await applicantJourney(page);
  await deployCheck(page, '/apply/deploy-check', 'applicant');
  // The remote ran its own antd (the shell's is older than it asks for), on the shell's theme and
  // ConfigProvider contexts (same major version), and on one style engine: the shell's if its page
  // held one when the remote loaded, else the remote's own copy (a remote provides nothing).
  expect(remoteScriptsWith(requests.urls(), 'b', 'applicant', 'antd').length).toBeGreaterThan(0);
  expect(remoteScriptsWith(requests.urls(), 'b', 'applicant', 'zod').length).toBeGreaterThan(0);
  for (const key of ['antd/es/config-provider/context.js', 'antd/es/theme/context.js']) {
    expect(await loadedVersions(page, key), key).toBe(1);
  }
  const ownStyleEngine = remoteScriptsWith(requests.urls(), 'b', 'applicant', '@ant-design/cssinjs').length > 0;
  expect((await loadedVersions(page, '@ant-design/cssinjs')) + (ownStyleEngine ? 1 : 0), 'style engines').toBe(1);
  const staff = await browser.newPage();
  await staffPage(staff);
  await deployCheck(staff, '/admin/deploy-check', 'staff');
  await staff.close();
});

test('a newer shell with older remotes: the remotes run on what the shell provides, or their own copies', async ({
  page,
  browser,
}) => {
  deploy({ shell: 'b', remotes: 'a' });
  await applicantJourney(page);
  const staff = await browser.newPage();
  await staffPage(staff);
  await staff.close();
});

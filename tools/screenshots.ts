import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { sampleResumePdf } from '../functions/src/seed/sample-resume';
import { buildStaleApps } from './build';
import { PORT_OFFSET } from './port-offset';
import { startPortalProcess, type PortalProcess } from './portal-process';

/**
 * `npm run screenshots`: the README's two screenshots, taken from a portal of its own (built when
 * stale, fresh data directory, demo data with the sample reviews) at a laptop's 1366 x 768:
 * docs/images/applicant-editor.png (the demo applicant mid-application) and
 * docs/images/director-dashboard.png (the director's applications table).
 */

/** Apart from every fixed port of the browser tests (e2e/support/ports.ts), the benches and jest's emulators. */
const PORT = 18400 + PORT_OFFSET;
const AUTH_EMULATOR_PORT = 21299 + PORT_OFFSET;

const FORM = 'demo-form-spring';
const PASSWORD = 'demo-password-123';
const VIEWPORT = { width: 1366, height: 768 };
const IMAGES = path.resolve(__dirname, '../docs/images');
const TIMEOUT = 30_000;
/**
 * The local build's chapter time zone (tools/webpack/client-config.ts), for the browser too: the
 * applicant's "Last save" (the reader's clock) then reads in the due date's zone.
 */
const TIME_ZONE = 'America/New_York';

const WHY_JOIN =
  'I have spent the last two summers tutoring at a community centre whose sign-up sheet still lives on paper. ' +
  'I want to learn how a small team ships software that a nonprofit can keep running after we hand it over, ' +
  'and I would love to help build the tools that free their volunteers to spend more time with the kids.';

/**
 * The role tags carry emoji (📋 Product Manager): without a colour emoji font, Chromium draws empty
 * boxes. The script says so and goes on; it installs nothing on the machine (a font changes how
 * wide the dashboard's columns are in every browser test run there).
 */
function warnWithoutEmojiFont(): void {
  const list = spawnSync('fc-list', [':charset=1f4cb', 'family'], { encoding: 'utf8' });
  if (list.error) console.warn('fc-list is missing: cannot tell whether an emoji font is installed.');
  else if (list.stdout.trim() === '') {
    console.warn(
      'No emoji font: the role tags will show empty boxes (Debian: apt-get install fonts-noto-color-emoji).',
    );
  }
}

async function logIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: TIMEOUT });
}

/** Waits until the page is still: no request in flight, web fonts loaded, no loading skeleton or spinner. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: TIMEOUT });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.locator('.ant-skeleton, .ant-spin-spinning').first().waitFor({ state: 'detached', timeout: TIMEOUT });
  // Nothing hovered or focused: no tooltip or focus ring in the picture.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

async function shoot(page: Page, name: string): Promise<string> {
  const file = path.join(IMAGES, name);
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  return file;
}

/** Runs `work` on a page of a fresh context at the screenshots' size, signed in as `email`; closes the context. */
async function signedIn<T>(
  browser: Browser,
  baseUrl: string,
  email: string,
  work: (page: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: TIME_ZONE,
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    await logIn(page, baseUrl, email);
    return await work(page);
  } finally {
    await context.close();
  }
}

/** The demo applicant starts the demo form, answers the first pages and is writing the Motivation page. */
function applicantEditor(browser: Browser, baseUrl: string): Promise<string> {
  return signedIn(browser, baseUrl, 'applicant@example.com', async (page) => {
    await page.waitForURL(/\/apply$/);
    await page.getByRole('button', { name: /^(Start|Continue) application$/ }).click();
    await page.waitForURL(new RegExp(`/apply/f/${FORM}/about-you$`));

    await page.getByRole('textbox', { name: 'What name do you go by?' }).fill('Avery');
    await page
      .getByRole('radiogroup', { name: 'What year are you in?' })
      .getByRole('radio', { name: 'Second year' })
      .check();
    const resume = page.getByRole('group', { name: 'Upload your resume (PDF, up to 10 MB)' });
    await resume.locator('input[type="file"]').setInputFiles({
      name: 'Avery-Applicant-resume.pdf',
      mimeType: 'application/pdf',
      buffer: await sampleResumePdf({ firstName: 'Avery', lastName: 'Applicant', roleLabel: 'Engineer' }),
    });
    await resume.getByText('Avery-Applicant-resume.pdf').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/roles$/);
    await page
      .getByRole('group', { name: 'Which roles are you applying for?' })
      .getByRole('checkbox', { name: /Engineer$/ })
      .first()
      .check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/motivation$/);

    await page.getByRole('textbox', { name: 'Why do you want to build software for nonprofits?' }).fill(WHY_JOIN);
    const causes = page.getByRole('group', { name: 'Which causes matter most to you?' });
    await causes.getByRole('checkbox', { name: 'Education' }).check();
    await causes.getByRole('checkbox', { name: 'Food security' }).check();
    // Saved, as an applicant sees it a moment after typing.
    await page.getByText(/^Last save: /).waitFor();
    await settle(page);
    return shoot(page, 'applicant-editor.png');
  });
}

/** The director's dashboard of the demo form: every application, with the sample reviews' scores and flags. */
function directorDashboard(browser: Browser, baseUrl: string): Promise<string> {
  return signedIn(browser, baseUrl, 'director@example.com', async (page) => {
    await page.goto(`${baseUrl}/admin/dor/dashboard/${FORM}/all`);
    await page.getByRole('heading', { name: 'Super Reviewer Dashboard' }).waitFor();
    await page
      .getByRole('row', { name: /Product Manager/ })
      .first()
      .waitFor();
    await settle(page);
    // The table, not the page's header, is the picture: scroll its tabs near the top.
    const tabs = await page.getByRole('tab', { name: 'All applications' }).boundingBox();
    if (tabs) await page.evaluate((top) => window.scrollTo(0, top), tabs.y - 24);
    return shoot(page, 'director-dashboard.png');
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  mkdirSync(IMAGES, { recursive: true });
  warnWithoutEmojiFont();
  // The launcher builds what is stale too; built here first, the build's progress shows.
  await buildStaleApps();

  let portal: PortalProcess | undefined;
  let browser: Browser | undefined;
  try {
    portal = await startPortalProcess({ port: PORT, authEmulatorPort: AUTH_EMULATOR_PORT, demoReviews: true });
    console.log(`Portal running at ${portal.url} (data: ${portal.dataDir})`);
    browser = await chromium.launch(chromiumLaunchOptions);
    const files = [await applicantEditor(browser, portal.url), await directorDashboard(browser, portal.url)];
    for (const file of files) {
      console.log(`  ${path.relative(process.cwd(), file)}  ${(statSync(file).size / 1024).toFixed(1)} KB`);
    }
  } catch (error) {
    if (portal) console.error(`The portal's output:\n${portal.output().split('\n').slice(-30).join('\n')}`);
    throw error;
  } finally {
    await browser?.close();
    if (portal) {
      await portal.stop();
      rmSync(portal.dataDir, { recursive: true, force: true });
    }
  }
  console.log(`Screenshots taken in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

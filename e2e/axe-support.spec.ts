import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/axe';

/**
 * The accessibility helper (e2e/support/axe.ts) fails on what axe finds, in the page and in its
 * same-origin frames, and passes a page with nothing to find.
 */

const UNNAMED_CONTROLS = '<button></button><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Check</title></head><body><main>${body}</main></body></html>`;

/** The message the check failed with, or null if it passed. */
const failureOf = (tab: Page, label: string) =>
  expectAccessible(tab, label).then(
    () => null,
    (error: Error) => error.message,
  );

/** Serves the page from an http origin of its own, as the portal's are (about:blank's origin is opaque). */
async function show(tab: Page, html: string): Promise<void> {
  await tab.route('http://axe.test/', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await tab.goto('http://axe.test/');
}

test('a page with nothing to find passes', async ({ page: tab }) => {
  await show(tab, page('<h1>Check</h1><p>Plain text.</p><button>Named</button>'));
  await expectAccessible(tab, 'a clean page');
});

test('a violation in the page fails the check and is named', async ({ page: tab }) => {
  await show(tab, page(`<h1>Check</h1>${UNNAMED_CONTROLS}`));
  const failure = await failureOf(tab, 'unnamed controls');
  expect(failure).toContain('critical button-name');
  expect(failure).toContain('critical image-alt');
});

test('a violation inside a same-origin frame fails the check too', async ({ page: tab }) => {
  await show(
    tab,
    page(`<h1>Check</h1><iframe title="Inner" srcdoc='${page(`<h1>Inner</h1>${UNNAMED_CONTROLS}`)}'></iframe>`),
  );
  await expect(tab.frameLocator('iframe').getByRole('heading', { name: 'Inner' })).toBeVisible();
  const failure = await failureOf(tab, 'a frame with unnamed controls');
  expect(failure).toContain('critical button-name');
});

// Every accessibility check also checks that antd's components on the page have their styles.
const BUTTON = '<button class="ant-btn css-var-r1 ant-btn-primary">Named</button>';

test('an antd component with its stylesheet passes', async ({ page: tab }) => {
  await show(tab, page(`<style>.ant-btn{display:inline-flex}</style><h1>Check</h1>${BUTTON}`));
  await expectAccessible(tab, 'a styled button');
});

test('an antd component whose stylesheet is missing fails the check and is named', async ({ page: tab }) => {
  await show(tab, page(`<style>.ant-btn-primary{color:blue}</style><h1>Check</h1>${BUTTON}`));
  const failure = await failureOf(tab, 'a bare button');
  expect(failure).toContain('antd components without styles');
  expect(failure).toContain('"ant-btn"');
});

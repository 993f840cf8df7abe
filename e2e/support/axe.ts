import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions, run } from 'axe-core';
import { expectStyled } from './antd-styles';

/**
 * The impacts refused: moderate ones too everywhere but the staff pages under /admin, whose
 * moderate findings (heading levels in the form builder, the export menu's popup outside the
 * page's landmarks) are still to fix.
 */
const refused = (page: Page) =>
  new URL(page.url()).pathname.startsWith('/admin') ? ['serious', 'critical'] : ['moderate', 'serious', 'critical'];

/** axe-core's minified build: its package's main is the readable one, twice the bytes to compile. */
const AXE_SOURCE = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's `axe.run` in the page as it is now, which also reaches its same-origin frames (the
 * portal has no other kind): axe goes into each frame once per document, and only the violations
 * come back. Only `within`, when given: a dialog over a page whose own findings are another's to fix.
 *
 * This is what `@axe-core/playwright` does in its legacy mode, less its overhead: it loaded axe's
 * readable build (1.5 MB) into the page twice per check, and by default also opened a blank page to
 * merge the frames' results (docs/testing.md#accessibility-checks). Only the violations are read:
 * axe still runs every rule, but lists no node of a rule that passed or did not apply.
 */
async function runAxe(page: Page, within?: string): Promise<AxeResults> {
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => 'axe' in window)) continue;
    await frame.evaluate(`${AXE_SOURCE};axe.configure({ allowedOrigins: ['<same_origin>'] });`);
  }
  const options: RunOptions = { resultTypes: ['violations'] };
  return page.evaluate(
    ({ within, options }) =>
      (window as unknown as { axe: { run: typeof run } }).axe.run(within ? { include: [within] } : document, options),
    { within, options },
  ) as Promise<AxeResults>;
}

/**
 * Runs every axe-core rule on the page as it is now and fails on any violation of a refused impact
 * (`refused`), listing each with the elements it found; then checks that antd's components on the
 * page have their styles (antd-styles.ts).
 */
export async function expectAccessible(page: Page, label: string, within?: string): Promise<void> {
  // antd animates dialogs and colours: check what the user sees once it has settled, with the
  // animations a user who asks for reduced motion gets (none), so no colour is caught mid-fade.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForTimeout(400);
  const results = await runAxe(page, within);
  const blocking = results.violations
    .filter((violation) => refused(page).includes(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help}\n` +
        violation.nodes.map((node) => `    ${node.target.join(' ')} ${node.failureSummary ?? ''}`).join('\n'),
    );
  expect(blocking, `axe on ${label} (${page.url()})`).toEqual([]);
  // What axe cannot see: a component drawn without its stylesheet.
  await expectStyled(page, label);
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { expectStyled } from './antd-styles';

/**
 * The impacts refused: moderate ones too everywhere but the staff pages under /admin, whose
 * moderate findings (heading levels in the form builder, the export menu's popup outside the
 * page's landmarks) are still to fix.
 */
const refused = (page: Page) =>
  new URL(page.url()).pathname.startsWith('/admin') ? ['serious', 'critical'] : ['moderate', 'serious', 'critical'];

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
  // `within`: only that part of the page (a dialog over a page whose own findings are another's to fix).
  // Legacy mode runs axe in the page and its same-origin frames (the portal has no other kind) with
  // `axe.run`: by default the helper also opened a blank page for each check and loaded axe into it
  // to merge the frames' results, about 2 s more per check (docs/testing.md#accessibility-checks).
  // Only the violations are read: axe still runs every rule, but lists one node, not every node, of
  // each rule that passed or did not apply, and the page sends that much less back (about a
  // quarter of the Playwright worker's CPU in accessibility.spec.ts).
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  const results = await (within ? builder.include(within) : builder).analyze();
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

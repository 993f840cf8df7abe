import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import type { Page as ListPage, StaffMember } from '@portal/shared/domain';
import { logIn, registerVerifiedApplicant, uniqueEmail } from './support/accounts';
import { FORM, directorHeaders, submitApplication } from './support/applications';
import { expectAccessible } from './support/axe';
import { fitsWidth } from './support/layout';

/**
 * Tags and saved views (docs/product.md#tags-and-saved-views): a super-reviewer of the test's own
 * makes a tag (a pale colour is refused, the palette's pass), tags a row picked from the table,
 * filters the rows by the tag, saves that view under a name, opens it again from a bare dashboard,
 * sees the director's view beside theirs, and deletes their own; then deletes a tag of its own from
 * the tags dialog, told first how many rows carry it. axe on the dashboard and the tags
 * dialog; screenshots at 1366 and 390 px in the test's output.
 */

test.describe.configure({ timeout: 180_000 });

const RUN = Date.now()
  .toString(26)
  .replace(/[0-9]/g, (digit) => 'qrstuvwxyz'[Number(digit)]!);
const TAGGED = { firstName: 'Tess', lastName: `Tag${RUN}` };
const OTHER = { firstName: 'Uma', lastName: `Plain${RUN}` };
const TAG = `Shortlist ${RUN}`;
const VIEW = `Shortlisted ${RUN}`;
const RETIRED = `Retired ${RUN}`;

/** The open dropdown's option with this text (antd's role="option" list is for screen readers, off screen). */
const option = (page: Page, text: string | RegExp) =>
  page.locator('.ant-select-item-option:visible').filter({ hasText: text });

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: info.outputPath(`${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

test('a super-reviewer tags rows, filters by the tag, and saves, shares, opens and deletes the view', async ({
  browser,
  request,
}, info) => {
  const director = await directorHeaders(request);
  const rows: string[] = [];
  for (const [label, name] of [
    ['tagged', TAGGED],
    ['other', OTHER],
  ] as const) {
    const applicant = await registerVerifiedApplicant(request, uniqueEmail(label), undefined, name);
    rows.push(`${(await submitApplication(request, applicant, ['bootcamp'])).id}__bootcamp`);
  }
  // A super-reviewer of the test's own (the demo accounts stay as they are).
  const account = await registerVerifiedApplicant(request, uniqueEmail('tagger'), 'tagger-password-1', {
    firstName: 'Tia',
    lastName: `Tagger${RUN}`,
  });
  const found = await request.get(`/api/admin/users?search=${encodeURIComponent(account.email)}`, {
    headers: director,
  });
  const id = ((await found.json()) as ListPage<StaffMember>).items[0]!.id;
  const promoted = await request.post('/api/admin/users/role', {
    headers: director,
    data: { userIds: [id], role: 'super-reviewer' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  // The director's view, shared with every super-reviewer of the form.
  const shared = await request.post(`/api/admin/forms/${FORM}/views`, {
    headers: director,
    data: { name: `Director's undecided ${RUN}`, state: { tab: 'all', filter: 'undecided' } },
  });
  expect(shared.status(), await shared.text()).toBe(201);

  // axe reads the page through its context.
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await logIn(page, account.email, account.password);
  const base = `/admin/dor/dashboard/${FORM}`;
  await page.goto(`${base}/all`);

  // A tag: a pale colour is refused with a darker one suggested; a palette colour passes.
  await page.getByRole('button', { name: 'Tags…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tags of this form' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(TAG);
  await dialog.getByRole('textbox', { name: 'Colour' }).fill('#ffcc00');
  await expect(dialog.getByText(/^Too pale: white text on this colour has a contrast of/)).toBeVisible();
  // antd hides the radio input itself: its label is what a person clicks.
  await dialog.getByRole('radio', { name: '#6b3fa0' }).locator('xpath=ancestor::label').click();
  await expect(dialog.getByRole('radio', { name: '#6b3fa0' })).toBeChecked();
  await expect(dialog.getByText(/^Too pale/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Make tag' }).click();
  await expect(dialog.getByRole('list', { name: 'Tags' }).getByText(TAG)).toBeVisible();
  await expectAccessible(page, 'the tags dialog');
  await shot(page, info, 'tags-dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Tess's row, found by the search and selected, gets the tag.
  await page.getByRole('searchbox', { name: 'Search applicants' }).fill(TAGGED.lastName);
  const tessRow = page.getByRole('checkbox', { name: new RegExp(`^Select Tess ${TAGGED.lastName}`) });
  await tessRow.check();
  await page.getByRole('combobox', { name: 'Tag for the selected' }).click();
  await option(page, TAG).click();
  await page.getByRole('button', { name: 'Tag', exact: true }).click();
  await expect(page.getByText(`Tagged “${TAG}”: 1 role application changed.`)).toBeVisible();

  // The rows filtered by the tag: Tess alone, with the tag beside her name.
  // The search box cleared (the search leaves the URL), then the tag's filter.
  await page.getByRole('searchbox', { name: 'Search applicants' }).fill('');
  await page.getByRole('combobox', { name: 'Only rows tagged' }).click();
  await option(page, TAG).click();
  await expect(page).toHaveURL(/[?&]tag=/);
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByRole('searchbox', { name: 'Search applicants' })).toHaveValue('');
  // The applications' table (the offers card above it is a table too, with rows when another spec made an offer).
  const table = page
    .locator('.ant-table')
    .filter({ has: page.getByRole('columnheader', { name: /Applicant/ }) })
    .locator('.ant-table-tbody');
  await expect(table.getByRole('row')).toHaveCount(1);
  await expect(table.getByText(`Tess ${TAGGED.lastName}`)).toBeVisible();
  await expect(table.getByText(TAG)).toBeVisible();
  await expect(page.getByText(`Uma ${OTHER.lastName}`)).toHaveCount(0);
  // The tags sit under the applicant: the table still fits a laptop.
  await expect.poll(() => fitsWidth(page)).toEqual({ page: true, tables: true });

  // The view saved, then opened again from the bare dashboard.
  await page.getByRole('button', { name: 'Save view…' }).click();
  const naming = page.getByRole('dialog', { name: 'Save this view' });
  await naming.getByRole('textbox', { name: 'Name' }).fill(VIEW);
  await naming.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByText(`View “${VIEW}” saved for every super-reviewer.`)).toBeVisible();
  const saved = page.url();
  await expectAccessible(page, 'the dashboard filtered by a tag');
  await shot(page, info, 'dashboard-tagged');

  await page.goto(`${base}/all`);
  await expect(page.getByText(`Uma ${OTHER.lastName}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Open a saved view' }).click();
  await expect(option(page, `Director's undecided ${RUN}`)).toBeVisible();
  await option(page, VIEW).click();
  await expect(page).toHaveURL(saved);
  await expect(table.getByRole('row')).toHaveCount(1);
  await expect(table.getByText(`Tess ${TAGGED.lastName}`)).toBeVisible();

  // A phone: the controls wrap within the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await fitsWidth(page)).page).toBe(true);
  await expectAccessible(page, 'the dashboard filtered by a tag, on a phone');
  await shot(page, info, 'dashboard-tagged');
  await page.setViewportSize({ width: 1366, height: 900 });

  // Their own view is theirs to delete; the director's is not.
  await page.getByRole('button', { name: 'Delete view' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`View “${VIEW}” deleted.`)).toBeVisible();
  await page.goto(`${base}/all?filter=undecided`);
  await expect(page.getByRole('combobox', { name: 'Open a saved view' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete view' })).toHaveCount(0);

  // A tag of its own on both rows, deleted from the tags dialog: asked first with how many rows carry it.
  const made = await request.post(`/api/admin/forms/${FORM}/tags`, {
    headers: director,
    data: { name: RETIRED, color: '#0b5cad' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const retired = ((await made.json()) as { id: string }).id;
  const tagged = await request.post(`/api/admin/forms/${FORM}/rows/tags`, {
    headers: director,
    data: { rows, tagId: retired, tagged: true },
  });
  expect(tagged.status(), await tagged.text()).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Tags…' }).click();
  await expect(dialog.getByRole('list', { name: 'Tags' }).getByText(RETIRED)).toBeVisible();
  await dialog.getByRole('button', { name: `Delete tag ${RETIRED}` }).click();
  const question = page.locator('.ant-popconfirm').filter({ hasText: `Delete the tag “${RETIRED}”?` });
  await expect(question.getByText('It comes off the 2 role applications carrying it.')).toBeVisible();
  await shot(page, info, 'tag-delete');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(question.getByRole('button', { name: 'Delete' })).toBeInViewport();
  await shot(page, info, 'tag-delete');
  await page.setViewportSize({ width: 1366, height: 900 });
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Tag “${RETIRED}” deleted: it came off 2 role applications.`)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Tags' }).getByText(RETIRED)).toHaveCount(0);
  await expect(dialog.getByRole('list', { name: 'Tags' }).getByText(TAG)).toBeVisible();
  const left = await request.get(
    `/api/admin/forms/${FORM}/rows?tab=all&tag=${retired}&sort=submittedAt&dir=desc&limit=25`,
    { headers: director },
  );
  expect(((await left.json()) as ListPage<unknown>).total).toBe(0);
});

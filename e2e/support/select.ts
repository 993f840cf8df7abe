import { expect, type Locator } from '@playwright/test';

/**
 * Chooses `option` in an antd select (`combobox`): opens it, clicks the option in the open dropdown
 * (antd's role="option" list is for screen readers, off screen) and waits until the select shows it.
 * On a loaded machine a click can land while the dropdown is still opening or closing and choose
 * nothing: then it opens the select again, unless the choice has shown by then.
 *
 * `chosen` is what shows the choice was made; by default the select showing the option. A select
 * whose row leaves the list once chosen (a decision on the Undecided filter) passes what stays,
 * such as the confirmation toast.
 */
export async function chooseOption(combobox: Locator, option: string, chosen?: Locator): Promise<void> {
  const page = combobox.page();
  // The select's own box: the combobox is its search input, inside the element that shows the choice.
  const select = combobox.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  // The chosen option's text is shown with it as its title.
  const shown = chosen ?? select.getByTitle(option, { exact: true });
  await expect(async () => {
    // A click of an earlier try that took effect late: choosing again would act on what is there now.
    if (await shown.isVisible()) return;
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .getByText(option, { exact: true })
      .click({ timeout: 2000 });
    await expect(shown).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}

import type { Locator } from '@playwright/test';
import { answerPopup } from './popup';

/**
 * Chooses `option` in an antd select (`combobox`): opens it, clicks the option in the open dropdown
 * (antd's role="option" list is for screen readers, off screen) and waits until the select shows it,
 * opening it again if a click landed while the dropdown was opening or closing (`answerPopup`).
 *
 * `chosen` is what shows the choice was made; by default the select showing the option. A select
 * whose row leaves the list once chosen (a decision on the Undecided filter) passes what stays,
 * such as the confirmation toast.
 */
export async function chooseOption(combobox: Locator, option: string, chosen?: Locator): Promise<void> {
  const page = combobox.page();
  // The select's own box: the combobox is its search input, inside the element that shows the choice.
  const select = combobox.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await answerPopup({
    isOpen: async () => (await combobox.getAttribute('aria-expanded')) === 'true',
    open: () => combobox.click(),
    answer: () =>
      page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .getByText(option, { exact: true })
        .click({ timeout: 2000 }),
    // The chosen option's text is shown with it as its title.
    done: chosen ?? select.getByTitle(option, { exact: true }),
    settle: 2000,
    timeout: 15_000,
  });
}

import { expect, type Page } from '@playwright/test';

/**
 * The antd components on the page whose styles the page lacks: for each component's root element
 * (antd marks it with its theme's `css-var-…` class; its first class names the component, `ant-btn`),
 * whether any rule of the page's stylesheets names that class. antd's styles are stylesheets made
 * at build time (docs/decisions/antd-static-styles.md), loaded with the chunk of the module that
 * needs them: a sheet left out, or loaded by no script that runs the component, is a component
 * drawn as bare HTML. Stylesheets of another origin, which a page may not read, are skipped.
 */
export function unstyledComponents(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const selectors = [];
    const collect = (rules) => {
      for (const rule of rules) {
        if (rule.selectorText) selectors.push(rule.selectorText);
        if (rule.cssRules) collect(rule.cssRules);
      }
    };
    for (const sheet of document.styleSheets) {
      try { collect(sheet.cssRules); } catch { /* another origin's */ }
    }
    const named = new Set(selectors.join(',').match(/\\.ant-[\\w-]+/g) ?? []);
    const roots = new Set();
    for (const element of document.querySelectorAll('[class*="css-var-"]')) {
      const first = element.classList[0];
      if (first && first.startsWith('ant-')) roots.add(first);
    }
    return [...roots].filter((root) => !named.has('.' + root)).sort();
  })()`);
}

/** Fails when an antd component on the page has no styles (unstyledComponents). */
export async function expectStyled(page: Page, label: string): Promise<void> {
  expect(await unstyledComponents(page), `antd components without styles on ${label} (${page.url()})`).toEqual([]);
}

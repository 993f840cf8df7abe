import { createElement, type ComponentType, type ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import type * as TestingLibrary from '@testing-library/react';

/**
 * `@testing-library/react` in the browser projects (jest.config.ts maps it here): the same module,
 * whose `render` mounts every page under antd's `StyleProvider mock="server"`. antd then writes no
 * component styles into the document, only its CSS variables, and those off it: they decide nothing
 * a test reads (they set only `--ant-*` properties), and jsdom matches every rule of every style
 * sheet against each element a `getComputedStyle` asks about (every visibility check and accessible
 * name), with about 900 rules of `:where(...)` selectors on a form page: most of a component test's
 * CPU (docs/performance.md#the-test-loop).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the package itself, which this module stands in for
const testingLibrary: typeof TestingLibrary = require('@testing-library/react/dist/index.js');

const cssVariables = document.createElement('div');

function withoutStyleSheets(Wrapper?: ComponentType<{ children: ReactNode }>) {
  return function TestStyles({ children }: { children: ReactNode }) {
    return createElement(
      StyleProvider,
      { mock: 'server', container: cssVariables },
      Wrapper ? createElement(Wrapper, null, children) : children,
    );
  };
}

const render = ((ui: Parameters<typeof TestingLibrary.render>[0], options?: TestingLibrary.RenderOptions) =>
  testingLibrary.render(ui, {
    ...options,
    wrapper: withoutStyleSheets(options?.wrapper as ComponentType<{ children: ReactNode }> | undefined),
  })) as typeof TestingLibrary.render;

module.exports = { ...testingLibrary, render };

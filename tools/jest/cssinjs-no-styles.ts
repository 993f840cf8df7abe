import type * as CssInJs from '@ant-design/cssinjs';

/**
 * `@ant-design/cssinjs` in the browser projects (jest.config.ts maps it here): the same module, whose
 * `useStyleRegister` builds no style. Under `StyleProvider mock="server"` (testing-library-react.tsx)
 * antd writes none of its component styles into the document anyway, but it still built each one, for
 * every component type in every test file: about an eighth of a component test's CPU
 * (docs/performance.md#the-test-loop). Nothing a test reads comes from those styles: the class names
 * and their hash come from the theme's token (`useCacheToken`), which stays antd's own, as do the CSS
 * variables.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the package itself, which this module stands in for
const cssInJs: typeof CssInJs = require('@ant-design/cssinjs/lib/index.js');

const useStyleRegister: typeof CssInJs.useStyleRegister = () => undefined;

module.exports = { ...cssInJs, useStyleRegister };

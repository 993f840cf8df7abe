import path from 'node:path';
import type { LoaderContext } from 'webpack';
import { parse } from 'acorn';
import { simple } from 'acorn-walk';
import { ANTD_STYLE_UTILS_MODULE } from './antd-components';
import { antdStyleSheets, SHARED_STYLE, sheetCopy, STYLES_NOT_DRAWN } from './antd-static-css';

/** antd's factories of a component's style hook; each takes the style's name, then the function that writes it. */
const STYLE_HOOK_FACTORIES = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

export interface StaticStyles {
  /** The module with every style function replaced by one that writes nothing. */
  source: string;
  /** The names of the styles it makes (`Button-Button`, `Button-compact`), as the style cache keys them. */
  styles: string[];
}

/**
 * Finds each call of a style-hook factory in an antd module, names the style it makes as antd's
 * cache does (`genStyleHooks('Button', …)` → `Button-Button`, `['Input', 'OTP']` → `Input-OTP`),
 * and replaces the style function (the second argument) with `() => []`: with `zeroRuntime` antd
 * never calls it, and once nothing refers to them the minifier drops the functions that write CSS.
 */
export function dropStyleFunctions(source: string, file = 'an antd style module'): StaticStyles {
  const ast = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const spans: Array<[number, number]> = [];
  const styles: string[] = [];
  simple(ast, {
    CallExpression(node) {
      const callee = node.callee;
      if (callee.type !== 'Identifier' || !STYLE_HOOK_FACTORIES.has(callee.name)) return;
      const [name, styleFunction] = node.arguments;
      const cells =
        name?.type === 'Literal' && typeof name.value === 'string'
          ? [name.value, name.value]
          : name?.type === 'ArrayExpression'
            ? name.elements.map((element) =>
                element?.type === 'Literal' && typeof element.value === 'string' ? element.value : undefined,
              )
            : [];
      if (!styleFunction || cells.length !== 2 || cells.some((cell) => cell === undefined)) {
        throw new Error(
          `${file}: a ${callee.name} call whose style name is not written out; the static sheets cannot name it`,
        );
      }
      styles.push(cells.join('-'));
      spans.push([styleFunction.start, styleFunction.end]);
    },
  });
  let out = source;
  for (const [start, end] of spans.sort((a, b) => b[0] - a[0])) out = `${out.slice(0, start)}() => []${out.slice(end)}`;
  return { source: out, styles };
}

/**
 * The imports of the sheets of the given styles, made by `file`; throws for a style that has none.
 * Each sheet is imported from a copy at the module's own path under the sheets' folder
 * (`…/node_modules/antd/es/button/style/Button-Button.css`), so the rules that put antd's files in
 * the shell's chunks (antd-components.ts) put a sheet in the chunk of the module that imports it:
 * a page that holds the module holds its styles.
 */
export function sheetImports(styles: readonly string[], file: string, sheets = antdStyleSheets()): string {
  const inPackages = file.slice(file.lastIndexOf(`${path.sep}node_modules${path.sep}`) + 1);
  return styles
    .filter((style) => !STYLES_NOT_DRAWN.has(style))
    .map((style) => {
      if (!sheets.styles.has(style)) {
        throw new Error(
          `${file} makes the style ${style}, which rendering antd's components made no sheet for (antd-static-css.ts)`,
        );
      }
      return `import ${JSON.stringify(sheetCopy(style, path.join(path.dirname(inPackages), `${style}.css`), sheets))};\n`;
    })
    .join('');
}

/**
 * antd's styles as stylesheets, not code (docs/decisions/antd-static-styles.md): a style module
 * imports its sheets and keeps no style function; antd's style-hook module imports the shared reset.
 */
export default function antdStaticStylesLoader(this: LoaderContext<unknown>, source: string): string {
  if (ANTD_STYLE_UTILS_MODULE.test(this.resourcePath)) return sheetImports([SHARED_STYLE], this.resourcePath) + source;
  const { source: out, styles } = dropStyleFunctions(source, this.resourcePath);
  return sheetImports(styles, this.resourcePath) + out;
}

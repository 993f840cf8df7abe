import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { createElement, Fragment, type ReactElement } from 'react';
import { createCache, extractStyle as extractCachedStyle, StyleProvider } from '@ant-design/cssinjs';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider, Form } from 'antd';
import { PORTAL_THEME } from '../../shared/src/ui/portal-theme';

/**
 * antd's styles as stylesheets made at build time, one per style of a component
 * (docs/decisions/antd-static-styles.md). antd's style engine writes a component's CSS in the
 * browser the first time it renders; with the theme's `zeroRuntime` it writes none, and the build
 * drops the functions that would (antd-static-styles-loader.ts). What they would have written is
 * made here, once per antd version and theme, by rendering every antd component on the server
 * with the portal's theme (@ant-design/static-style-extract, what antd builds its own
 * `dist/antd.css` with) and splitting the result by the style that wrote each rule: `Button-Button`,
 * `Button-compact`, `Input-OTP`, `Shared` (the reset every component's style begins with).
 *
 * The values in the sheets are CSS variables (`var(--ant-color-primary)`): the theme's tokens and
 * each component's tokens are still written at run time, so a theme change (the reduced-motion
 * setting) needs no other sheet.
 */

/** The style every component's sheet assumes: its reset of links and icons, written once. */
export const SHARED_STYLE = 'Shared';

/**
 * Styles antd draws only in a setting the portal's theme does not make: their modules import no
 * sheet. `Pagination-bordered` is drawn only under the `wireframe` token.
 */
export const STYLES_NOT_DRAWN: ReadonlySet<string> = new Set(['Pagination-bordered']);

/** What rendering each component alone, with no props, does not draw: a form's field (`Form-item-item`). */
function partsNotDrawnAlone(): ReactElement {
  return createElement(Form, null, createElement(Form.Item, { label: 'Name' }, createElement('input')));
}

const CACHE_PATH_RULE = /\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}$/;

/** Every style antd writes for the portal's theme, by the name of the style that writes it. */
export function renderAntdStyles(): Map<string, string> {
  const cache = createCache();
  // Rendering every component on its own draws some that antd warns about (deprecated ones).
  const warn = console.error;
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).includes('[antd:')) warn(...args);
  };
  try {
    extractStyle({
      customTheme: (node: ReactElement) =>
        createElement(
          StyleProvider,
          { cache },
          // The engine writes the styles here: zeroRuntime is for the pages.
          createElement(
            ConfigProvider,
            { theme: { ...PORTAL_THEME, zeroRuntime: false } },
            createElement(Fragment, null, node, partsNotDrawnAlone()),
          ),
        ),
    });
  } finally {
    console.error = warn;
  }
  const keys = [...cache.cache.keys()].filter((key) => key.startsWith('style%'));
  // A key is `style%<theme>%<style>%<prefix class>%<icon prefix>`: one style may be written for
  // several prefixes (Tooltip's for tooltips and popovers), all of which go in its sheet.
  const styleOf = (key: string) => key.split('%')[2] ?? '';
  const styles = new Map<string, string>();
  for (const style of new Set(keys.map(styleOf))) {
    // `once` extracts only what is not marked extracted: everything but this style's keys is.
    cache.extracted = new Set(keys.filter((key) => styleOf(key) !== style));
    const css = extractCachedStyle(cache, { plain: true, types: ['style'], once: true }).replace(CACHE_PATH_RULE, '');
    if (css) styles.set(style, css);
  }
  return styles;
}

let sheets: { dir: string; styles: ReadonlySet<string> } | undefined;

/**
 * The folder of the sheets (`<style>.css`), made on first use in this process and kept between
 * builds under node_modules/.cache, keyed by antd's version and the theme.
 */
export function antdStyleSheets(cacheRoot = path.resolve(__dirname, '../../node_modules/.cache')): {
  dir: string;
  styles: ReadonlySet<string>;
} {
  if (sheets) return sheets;
  const version = (JSON.parse(readFileSync(require.resolve('antd/package.json'), 'utf8')) as { version: string })
    .version;
  const key = createHash('sha256')
    .update(JSON.stringify([version, PORTAL_THEME]))
    .digest('hex')
    .slice(0, 12);
  const dir = path.join(cacheRoot, 'antd-static-css', key);
  const index = path.join(dir, 'styles.json');
  if (!existsSync(index)) {
    // Written whole, then moved into place: builds running side by side (npm test's two) each
    // read a complete folder, whichever made it.
    const styles = renderAntdStyles();
    mkdirSync(path.dirname(dir), { recursive: true });
    const made = mkdtempSync(`${dir}-`);
    for (const [style, css] of styles) writeFileSync(path.join(made, `${style}.css`), css);
    writeFileSync(path.join(made, 'styles.json'), JSON.stringify([...styles.keys()].sort()));
    try {
      renameSync(made, dir);
    } catch (error) {
      rmSync(made, { recursive: true, force: true });
      if (!existsSync(index)) throw error;
    }
  }
  sheets = { dir, styles: new Set(JSON.parse(readFileSync(index, 'utf8')) as string[]) };
  return sheets;
}

/**
 * A copy of a style's sheet at `relativePath` under the sheets' folder, made if missing (copied
 * beside, then renamed over, so a build beside this one never reads half a file).
 */
export function sheetCopy(style: string, relativePath: string, from = antdStyleSheets()): string {
  const copy = path.join(from.dir, relativePath);
  if (!existsSync(copy)) {
    mkdirSync(path.dirname(copy), { recursive: true });
    const partial = `${copy}.${process.pid}.partial`;
    copyFileSync(path.join(from.dir, `${style}.css`), partial);
    renameSync(partial, copy);
  }
  return copy;
}

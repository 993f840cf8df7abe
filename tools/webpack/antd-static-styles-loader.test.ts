import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropStyleFunctions, sheetImports } from './antd-static-styles-loader';

const STYLE_MODULE = `
import { genStyleHooks, genSubStyleComponent } from '../../theme/internal';
const genSharedButtonStyle = (token) => ({ [token.componentCls]: { display: 'inline-flex' } });
export const prepareComponentToken = (token) => ({ fontWeight: token.fontWeightStrong });
export default genStyleHooks('Button', (token) => [genSharedButtonStyle(token)], prepareComponentToken, {
  unitless: { fontWeight: true },
});
export const Compact = genSubStyleComponent(['Button', 'compact'], function (token) {
  return genSharedButtonStyle(token);
}, prepareComponentToken);
`;

describe("antd's style modules in the build", () => {
  it('names each style as antd caches it and keeps no function that writes CSS', () => {
    const { source, styles } = dropStyleFunctions(STYLE_MODULE);
    expect(styles).toEqual(['Button-Button', 'Button-compact']);
    expect(source).toContain("genStyleHooks('Button', () => [], prepareComponentToken, {");
    expect(source).toContain("genSubStyleComponent(['Button', 'compact'], () => [], prepareComponentToken)");
    // The style's token function stays: antd still writes the component's variables at run time.
    expect(source).toContain('export const prepareComponentToken');
    expect(source.match(/genSharedButtonStyle\(/g)).toBeNull();
  });

  it('refuses a style whose name is not written out, which no sheet could be found for', () => {
    expect(() => dropStyleFunctions("const name = 'Button'; genStyleHooks(name, () => []);", 'x.js')).toThrow(
      'x.js: a genStyleHooks call whose style name is not written out',
    );
  });

  describe('the sheets it imports', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'antd-sheets-'));
      writeFileSync(path.join(dir, 'Button-Button.css'), '.ant-btn{display:inline-flex}');
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const module = '/repo/node_modules/antd/es/button/style/index.js';

    it("imports a copy at the module's own path, so the sheet goes in the module's chunk", () => {
      const sheets = { dir, styles: new Set(['Button-Button']) };
      const copy = path.join(dir, 'node_modules/antd/es/button/style/Button-Button.css');
      expect(sheetImports(['Button-Button'], module, sheets)).toBe(`import ${JSON.stringify(copy)};\n`);
      expect(readFileSync(copy, 'utf8')).toBe('.ant-btn{display:inline-flex}');
    });

    it('fails the build for a style no sheet was made for, and imports none for one never drawn', () => {
      const sheets = { dir, styles: new Set(['Button-Button']) };
      expect(() => sheetImports(['Button-compact'], module, sheets)).toThrow(
        `${module} makes the style Button-compact, which rendering antd's components made no sheet for`,
      );
      expect(sheetImports(['Pagination-bordered'], module, sheets)).toBe('');
      expect(existsSync(path.join(dir, 'node_modules'))).toBe(false);
    });
  });
});

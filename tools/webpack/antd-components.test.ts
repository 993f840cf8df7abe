import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type webpack from 'webpack';
import {
  ANTD_COMPONENTS,
  ANTD_FACADES,
  antdModule,
  antdRequest,
  ANTD_STAND_IN_DIR,
  ANTD_STAND_INS,
  antdStandIns,
  rewriteAntdImports,
  sharedLibraryChunks,
} from './antd-components';
import { facadeShares, REPO_ROOT } from './create-config';
import { facadeExports } from './antd-components';

/** The apps' sources (what the loader rewrites). */
const APP_SOURCES = ['shell/src', 'applicant-app/src', 'admin-app/src', 'shared/src'].flatMap((dir) => [
  `${dir}/*.ts`,
  `${dir}/*.tsx`,
]);

/** Value imports (not `import type`, not `type X` members) from `antd` in the apps' sources, with the file. */
function valueImports(): { file: string; name: string }[] {
  const files = execFileSync('git', ['grep', '-l', `from 'antd'`, '--', ...APP_SOURCES], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  return files.flatMap((file) =>
    [...readFileSync(path.join(REPO_ROOT, file), 'utf8').matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'antd'/g)]
      .filter((match) => !match[1])
      .flatMap((match) =>
        match[2]!
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => ({ file, name: name.split(/\s+as\s+/)[0]! })),
      ),
  );
}

describe('antd components', () => {
  it('every value an app imports from antd is listed, so the shell provides it', () => {
    const imports = valueImports();
    expect(imports.length).toBeGreaterThan(0);
    expect(
      imports.filter(({ name }) => {
        try {
          return !antdRequest(name);
        } catch {
          return true;
        }
      }),
    ).toEqual([]);
  });

  it('the apps import antd’s deep modules only for types (a value from there would bundle a copy of antd)', () => {
    // The facades themselves (shared/src/antd) are built into the shell alone, which provides them;
    // tests are bundled into nothing (one reads antd's list of preset colours).
    const files = execFileSync(
      'git',
      ['grep', '-l', `from 'antd/`, '--', ...APP_SOURCES, ':!shared/src/antd/', ':!*.test.ts', ':!*.test.tsx'],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(0);
    const values = files.filter((file) =>
      /import\s+(?!type\s)[^;]*from\s+'antd\//.test(readFileSync(path.join(REPO_ROOT, file), 'utf8')),
    );
    expect(values).toEqual([]);
  });

  it('each name comes from one piece only: one facade, or its own module', () => {
    const names = [...ANTD_COMPONENTS, ...Object.values(ANTD_FACADES).flatMap((file) => facadeExports(file))];
    expect(facadeExports(ANTD_FACADES['@portal/shared/antd-base'])).toEqual(['Button', 'ConfigProvider', 'theme']);
    expect(names.length).toBeGreaterThan(ANTD_COMPONENTS.length + 3);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('each piece is a module the shell provides, with a version contract and a fallback in the remotes', () => {
    const shares = facadeShares({});
    const byRequest = new Map(shares.map((share) => [share.request, share]));
    for (const name of ANTD_COMPONENTS) {
      const share = byRequest.get(antdModule(name))!;
      expect(share).toMatchObject({ singleton: false, requiredVersion: expect.stringMatching(/^\^6\./) });
      expect(share.file).toMatch(/node_modules\/antd\/es\/[\w-]+\/index\.js$/);
    }
    const pages = byRequest.get('@portal/shared/antd-pages')!;
    expect(pages.file).toBe(path.join(REPO_ROOT, 'shared/src/antd/pages.ts'));
    expect(pages.shareKey).toMatch(/^@portal\/shared\/antd-pages#[0-9a-f]{8}$/);
    expect(antdModule('theme')).toBe('antd/es/theme/index.js');
    expect(antdModule('Grid')).toBe('antd/es/grid/index.js');
  });

  it('rewrites each named import to its facade or the component’s own module', () => {
    expect(rewriteAntdImports('import { Modal, Tag as Label } from "antd";\nrun(Modal, Label);', 'a.js')).toBe(
      'import Modal from "antd/es/modal/index.js";\nimport Label from "antd/es/tag/index.js";\nrun(Modal, Label);',
    );
    expect(rewriteAntdImports('import {\n  Card,\n  theme\n} from "antd";', 'a.js')).toBe(
      'import { Card as Card } from "@portal/shared/antd-pages";\nimport { theme as theme } from "@portal/shared/antd-base";',
    );
  });

  it('fails the build on a component that is not listed, or a use of antd that would bundle all of it', () => {
    expect(() => rewriteAntdImports('import { Affix } from "antd";', 'page.js')).toThrow(
      'page.js imports Affix from antd: list it in tools/webpack/antd-components.ts',
    );
    expect(() => rewriteAntdImports('import * as antd from "antd";', 'page.js')).toThrow(/bundle all of it/);
    expect(() => rewriteAntdImports('const antd = import("antd");', 'page.js')).toThrow(/bundle all of it/);
  });

  it.each(ANTD_STAND_INS)(
    'antd’s $importer gets a stand-in for $request, and only there: $usedFor',
    ({ importer, request, standIn }) => {
      const plugin = antdStandIns();
      expect(plugin.resourceRegExp.test(request)).toBe(true);
      const replace = plugin.newResource as (resource: { request: string; contextInfo: { issuer: string } }) => void;
      const importerFile = require.resolve(`antd/es/${importer}`);
      const fromImporter = { request, contextInfo: { issuer: importerFile } };
      const fromElsewhere = { request, contextInfo: { issuer: require.resolve('antd/es/rate/index.js') } };
      const fromOtherPackage = {
        request,
        contextInfo: { issuer: path.join(REPO_ROOT, 'node_modules/x/es', importer) },
      };
      for (const resource of [fromImporter, fromElsewhere, fromOtherPackage]) replace(resource);
      expect(fromImporter.request).toBe(path.join(ANTD_STAND_IN_DIR, standIn));
      expect(fromElsewhere.request).toBe(request);
      expect(fromOtherPackage.request).toBe(request);
      // The import is antd's own: an antd that moved it would leave the part in the build.
      expect(readFileSync(importerFile, 'utf8')).toContain(`from '${request}'`);
    },
  );

  it('antd’s files beside a facade go in one chunk per facade; other files several chunks use, in chunks of their own', () => {
    const groups = sharedLibraryChunks();
    const moduleAt = (resource: string) => ({ resource }) as unknown as webpack.Module;
    const facade = moduleAt(path.join(REPO_ROOT, ANTD_FACADES['@portal/shared/antd-pages']));
    const form = moduleAt(path.join(REPO_ROOT, 'node_modules/antd/es/form/Form.js'));
    const helper = moduleAt(path.join(REPO_ROOT, 'node_modules/@babel/runtime/helpers/esm/extends.js'));
    const typography = moduleAt(path.join(REPO_ROOT, 'shared/src/antd/typography.tsx'));
    const standIn = moduleAt(path.join(ANTD_STAND_IN_DIR, 'input-otp.ts'));
    const ownCode = moduleAt(path.join(REPO_ROOT, 'shared/src/ui/query-states.tsx'));
    const [pagesChunk, modalChunk] = [{}, {}];
    const chunkGraph = {
      getModuleChunksIterable: () => [pagesChunk, modalChunk],
      getChunkModulesIterable: (chunk: object) =>
        chunk === pagesChunk ? [facade, form, helper, typography, standIn, ownCode] : [form, helper],
    } as unknown as webpack.Compilation['chunkGraph'];
    const takes = (group: string, module: webpack.Module) => {
      const { test } = groups[group]!;
      return test instanceof RegExp
        ? test.test((module as webpack.NormalModule).resource)
        : test(module, { chunkGraph });
    };
    expect(groups['beside-antd-pages']!.name).toBe('antd-pages');
    expect(takes('beside-antd-pages', form)).toBe(true);
    expect(takes('beside-antd-pages', helper)).toBe(false);
    // The portal's own antd pieces too (else each page chunk of the shell copies them), not its other code.
    expect(takes('beside-antd-pages', typography)).toBe(true);
    expect(takes('beside-antd-pages', standIn)).toBe(true);
    expect(takes('beside-antd-pages', ownCode)).toBe(false);
    expect(takes('beside-antd-base', form)).toBe(false);
    expect(takes('sharedLibraryFiles', helper)).toBe(true);
    expect(Object.values(groups).every((group) => group.minChunks === 2 && group.enforce)).toBe(true);
  });
});

describe('antd as the type checker and the tests see it (shared/src/antd/as-built.ts)', () => {
  /** The names as-built.ts exports as values (not its `export type *`). */
  function asBuiltValues(): string[] {
    const file = path.join(REPO_ROOT, 'shared/src/antd/as-built.ts');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    return source.statements.flatMap((statement) =>
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
        ? statement.exportClause.elements.filter((element) => !element.isTypeOnly).map((element) => element.name.text)
        : [],
    );
  }

  it('offers as values exactly what the build shares: the facades and the components shared one by one', () => {
    const shared = [...Object.values(ANTD_FACADES).flatMap((file) => facadeExports(file)), ...ANTD_COMPONENTS];
    expect(asBuiltValues().sort()).toEqual([...new Set(shared)].sort());
  });
});

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type webpack from 'webpack';
import {
  ANTD_COMPONENTS,
  ANTD_CORE_MIN_CHUNKS,
  ANTD_FACADES,
  ANTD_LIBRARIES_WITHOUT_SIDE_EFFECTS,
  antdModule,
  antdRequest,
  ANTD_STAND_IN_DIR,
  ANTD_STAND_INS,
  antdStandIns,
  rewriteAntdImports,
  sharedLibraryChunks,
} from './antd-components';
import { REPO_ROOT } from './app-dirs';
import { facadeShares } from './create-config';
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

  it.each(ANTD_STAND_INS)('the stand-in for $request in $importer exports every name antd takes from it', (part) => {
    const importer = ts.createSourceFile(
      'importer.js',
      readFileSync(require.resolve(`antd/es/${part.importer}`), 'utf8'),
      ts.ScriptTarget.Latest,
    );
    const taken = importer.statements.flatMap((statement) => {
      if (!ts.isImportDeclaration(statement) || (statement.moduleSpecifier as ts.StringLiteral).text !== part.request)
        return [];
      const clause = statement.importClause;
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
      return [
        ...(clause?.name ? ['default'] : []),
        ...named.map((element) => (element.propertyName ?? element.name).text),
      ];
    });
    const standIn = ts.createSourceFile(
      'stand-in.ts',
      readFileSync(path.join(ANTD_STAND_IN_DIR, part.standIn), 'utf8'),
      ts.ScriptTarget.Latest,
    );
    const exported = standIn.statements.flatMap((statement) => {
      if (ts.isExportAssignment(statement)) return ['default'];
      const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
      if (!modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) return [];
      if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) return ['default'];
      if (ts.isFunctionDeclaration(statement) && statement.name) return [statement.name.text];
      if (ts.isVariableStatement(statement))
        return statement.declarationList.declarations.map((d) => d.name.getText(standIn));
      return [];
    });
    expect(taken.length).toBeGreaterThan(0);
    expect(exported).toEqual(expect.arrayContaining(taken));
  });

  it('antd’s own libraries are side-effect free in the build, and none of their modules is imported for its effects alone', () => {
    const { test } = ANTD_LIBRARIES_WITHOUT_SIDE_EFFECTS as { test: RegExp };
    const nodeModules = path.join(REPO_ROOT, 'node_modules');
    const libraries = [
      ...readdirSync(path.join(nodeModules, '@rc-component')).map((name) => `@rc-component/${name}`),
      ...['colors', 'cssinjs', 'cssinjs-utils', 'fast-color'].map((name) => `@ant-design/${name}`),
    ];
    for (const library of libraries) expect(test.test(path.join(nodeModules, library, 'es/index.js'))).toBe(true);
    for (const other of [
      'antd/es/button/index.js',
      '@ant-design/icons/es/index.js',
      'react/index.js',
      'rc-x/es/index.js',
    ]) {
      expect(test.test(path.join(nodeModules, other))).toBe(false);
    }
    const importedForEffects = libraries.flatMap((library) => {
      const dir = path.join(nodeModules, library, 'es');
      return (readdirSync(dir, { recursive: true }) as string[])
        .filter((file) => file.endsWith('.js'))
        .filter((file) => /^\s*import\s*['"]/m.test(readFileSync(path.join(dir, file), 'utf8')))
        .map((file) => `${library}/es/${file}`);
    });
    expect(importedForEffects).toEqual([]);
  });

  it('antd’s files beside a facade go in one chunk per facade; other files several chunks use, in chunks of their own', () => {
    const groups = sharedLibraryChunks();
    // As webpack's modules answer it: a file's path; an extracted stylesheet has no `resource`.
    const moduleAt = (resource: string) =>
      ({ resource, nameForCondition: () => resource }) as unknown as webpack.Module;
    const sheetAt = (file: string) => ({ nameForCondition: () => file }) as unknown as webpack.Module;
    const facade = moduleAt(path.join(REPO_ROOT, ANTD_FACADES['@portal/shared/antd-pages']));
    const form = moduleAt(path.join(REPO_ROOT, 'node_modules/antd/es/form/Form.js'));
    const helper = moduleAt(path.join(REPO_ROOT, 'node_modules/@babel/runtime/helpers/esm/extends.js'));
    const typography = moduleAt(path.join(REPO_ROOT, 'shared/src/antd/typography.tsx'));
    const standIn = moduleAt(path.join(ANTD_STAND_IN_DIR, 'input-otp.ts'));
    const ownCode = moduleAt(path.join(REPO_ROOT, 'shared/src/ui/query-states.tsx'));
    // A component's sheet, imported from a copy at its style module's path (antd-static-styles-loader.ts).
    const sheet = sheetAt(
      path.join(REPO_ROOT, 'node_modules/.cache/antd-static-css/k/node_modules/antd/es/flex/style/Flex-Flex.css'),
    );
    const [pagesChunk, modalChunk] = [{}, {}];
    const chunkGraph = {
      getModuleChunksIterable: () => [pagesChunk, modalChunk],
      getChunkModulesIterable: (chunk: object) =>
        chunk === pagesChunk ? [facade, form, helper, typography, standIn, ownCode, sheet] : [form, helper],
    } as unknown as webpack.Compilation['chunkGraph'];
    const takes = (group: string, module: webpack.Module) => {
      const { test } = groups[group]!;
      return test instanceof RegExp ? test.test(module.nameForCondition() ?? '') : test(module, { chunkGraph });
    };
    expect(groups['beside-antd-pages']!.name).toBe('antd-pages');
    expect(takes('beside-antd-pages', form)).toBe(true);
    expect(takes('beside-antd-pages', helper)).toBe(false);
    // The portal's own antd pieces too (else each page chunk of the shell copies them), not its other code.
    expect(takes('beside-antd-pages', typography)).toBe(true);
    expect(takes('beside-antd-pages', standIn)).toBe(true);
    expect(takes('beside-antd-pages', ownCode)).toBe(false);
    // A sheet goes where its component goes: a page that holds Flex's code holds its styles.
    expect(takes('beside-antd-pages', sheet)).toBe(true);
    expect(takes('beside-antd-base', form)).toBe(false);
    expect(takes('sharedLibraryFiles', helper)).toBe(true);
    // TanStack Query whole, in one chunk; antd's internals that many chunks share, in one chunk.
    const query = moduleAt(path.join(REPO_ROOT, 'node_modules/@tanstack/query-core/build/modern/queryClient.js'));
    const internal = moduleAt(path.join(REPO_ROOT, 'node_modules/antd/es/_util/hooks/useZIndex.js'));
    expect(takes('query', query)).toBe(true);
    expect(takes('antdCore', internal)).toBe(true);
    expect(takes('antdCore', form)).toBe(false);
    expect([groups.query!.name, groups.query!.minChunks]).toEqual(['query', 1]);
    expect([groups.antdCore!.name, groups.antdCore!.minChunks]).toEqual(['antd-core', ANTD_CORE_MIN_CHUNKS]);
    const { query: _query, antdCore: _antdCore, ...pieces } = groups;
    expect(Object.values(pieces).every((group) => group.minChunks === 2)).toBe(true);
    expect(Object.values(groups).every((group) => group.enforce)).toBe(true);
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

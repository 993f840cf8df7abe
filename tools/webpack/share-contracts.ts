import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The version contract of every module a remote takes from the shell (docs/decisions/remote-contracts.md).
 *
 * - A library (antd's components, the markdown renderer, clsx…) is shared at its installed version;
 *   a remote asks for `^<the version it was built with>` and carries its own copy as a lazy
 *   fallback chunk, which it downloads only when the page's shell provides no compatible one.
 * - A facade (the zod facade, antd's two facades) is shared under a key that names its members
 *   (`zod/mini#<hash>`): a remote whose facade lists a member the shell's lacks (or the reverse)
 *   finds no provider of its key and falls back to its own facade; equal members share by version.
 * - What carries React state for the whole page (React, the router, the query client, the API
 *   client) cannot be a second copy: a strict singleton, so a shell that cannot satisfy the remote
 *   fails its load with a message, which the shell shows on the remote's error screen.
 * - antd's context modules (the ConfigProvider's, the theme's, the locale's, …) and its style
 *   engine are shared by major version, so a fallback component still reads the shell's theme,
 *   prefix and style cache.
 */

/** A fixture of the deploy test (e2e/deploy-alone.spec.ts): what a remote built from another state differs in. */
export interface BuildOverlay {
  /** antd components shared one by one beyond ANTD_COMPONENTS. */
  antdComponents?: readonly string[];
  /** The zod facade's files, instead of shared/src/zod/index.ts and its members.ts. */
  zodFacade?: { file: string; members: string };
  /** The versions the build reports for packages, instead of the installed ones (a "newer" package). */
  versions?: Readonly<Record<string, string>>;
  /** Each remote's exposed route tree, instead of its src/app/routes.tsx. */
  routes?: Partial<Record<'applicant' | 'admin', string>>;
}

const REPO_ROOT = path.resolve(__dirname, '../..');

/**
 * The overlay named by PORTAL_BUILD_OVERLAY (a module exporting `overlay`), or none. Only the deploy
 * test sets it, with PORTAL_BUILD_OUT_DIR: the local bundles are never built from an overlay.
 */
export function buildOverlay(env: NodeJS.ProcessEnv = process.env): BuildOverlay {
  const file = env.PORTAL_BUILD_OVERLAY;
  if (!file) return {};
  if (!env.PORTAL_BUILD_OUT_DIR) throw new Error('PORTAL_BUILD_OVERLAY needs PORTAL_BUILD_OUT_DIR');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the config loads the fixture by path, synchronously
  const overlay = (require(path.resolve(REPO_ROOT, file)) as { overlay?: BuildOverlay }).overlay;
  if (!overlay) throw new Error(`${file} exports no overlay`);
  return overlay;
}

/** The version of the package a file belongs to (the nearest package.json with a name and version). */
export function packageOfFile(file: string): { name: string; version: string } {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const { name, version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (name && version) return { name, version };
    } catch {
      // No package.json here: look further up.
    }
  }
  throw new Error(`${file} belongs to no package with a version`);
}

/** The installed version of a package (or the overlay's), read from the package itself. */
export function installedVersion(pkg: string, overlay: BuildOverlay = {}): string {
  const override = overlay.versions?.[pkg];
  if (override) return override;
  const { name, version } = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'node_modules', pkg, 'package.json'), 'utf8'),
  ) as {
    name: string;
    version: string;
  };
  if (name !== pkg) throw new Error(`node_modules/${pkg} holds ${name}`);
  return version;
}

/** `^<version>`: what a remote built with this version accepts. */
export const caret = (version: string) => `^${version}`;
/** `^<major>.0.0`: for antd's context modules, whose shape holds within a major version. */
export const sameMajor = (version: string) => `^${version.split('.')[0]}.0.0`;

/** The names a module exports, read with TypeScript's parser (following `export * from './…'`). */
export function moduleExportNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const from =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : '';
      if (!statement.exportClause && from.startsWith('.')) {
        const target = ['.ts', '.tsx', '/index.ts'].map((ext) => path.resolve(path.dirname(file), from + ext));
        const found = target.find((candidate) => {
          try {
            return readFileSync(candidate) !== undefined;
          } catch {
            return false;
          }
        });
        if (!found) throw new Error(`${file}: cannot follow export * from '${from}'`);
        names.push(...moduleExportNames(found));
      } else if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) if (!element.isTypeOnly) names.push(element.name.text);
      }
    } else if (
      ts.isVariableStatement(statement) &&
      statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      }
    } else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
      statement.name &&
      statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      names.push(statement.name.text);
    }
  }
  return [...new Set(names)].sort();
}

/** The share key of a facade: its request and a hash of its members, so facades with other members never meet. */
export function facadeShareKey(request: string, members: readonly string[]): string {
  const hash = createHash('sha256')
    .update([...members].sort().join(','))
    .digest('hex')
    .slice(0, 8);
  return `${request}#${hash}`;
}

/**
 * antd's modules that hold a React context a page's provider sets above the remotes (ConfigProvider,
 * theme, locale, disabled and size, z-index, App) or a parent sets for its children (a form's item
 * for its input, a radio group, a row, a compact space…). A fallback component in a remote reads
 * the shell's when the shell's antd has the same major version.
 */
export const ANTD_CONTEXT_MODULES = [
  '_util/zindexContext.js',
  'app/context.js',
  'checkbox/GroupContext.js',
  'config-provider/context.js',
  'config-provider/DisabledContext.js',
  'config-provider/SizeContext.js',
  'form/context.js',
  'form/validateMessagesContext.js',
  'grid/RowContext.js',
  'locale/context.js',
  'modal/context.js',
  'radio/context.js',
  'space/context.js',
  'theme/context.js',
] as const;

/** The style engine: one style cache and one token cache per page, whatever piece of antd renders. */
export const ANTD_STYLE_PACKAGES = ['@ant-design/cssinjs'] as const;

/** The absolute file of one of antd's ES modules. */
export function antdEsFile(relative: string): string {
  return path.join(path.dirname(require.resolve('antd/package.json', { paths: [REPO_ROOT] })), 'es', relative);
}

/**
 * The portal's own modules of `@portal/shared` (stateless: the loading screen and its boundary,
 * the page title and theme, the query states, markdown, the domain's constants and dates) that the
 * shell's pages hold before any remote loads and the remotes use too. A remote takes the shell's
 * copy instead of downloading its own, and carries its own as a fallback; they share only when
 * their code is the same (`portalModuleShareKey`), so a remote deployed alone still runs its own.
 */
export const PORTAL_MODULES = [
  'shared/src/domain/ids/constants.ts',
  'shared/src/domain/ids/error-reasons.ts',
  'shared/src/domain/rules/dates.ts',
  'shared/src/domain/rules/markdown-text.ts',
  'shared/src/domain/rules/three-way-merge.ts',
  'shared/src/domain/schemas/zod-config.ts',
  'shared/src/markdown/plain.ts',
  'shared/src/ui/lazy-page.tsx',
  'shared/src/ui/load-boundary.tsx',
  'shared/src/ui/loading-screen.tsx',
  'shared/src/ui/markdown-view.tsx',
  'shared/src/ui/markdown.tsx',
  'shared/src/ui/page-title.tsx',
  'shared/src/ui/portal-logo.tsx',
  'shared/src/ui/portal-theme.tsx',
  'shared/src/ui/portal-tokens.ts',
  'shared/src/ui/query-states.tsx',
  'shared/src/ui/when-idle.ts',
] as const;

/** What `@portal/shared/<subpath>` resolves to (shared/package.json's exports). */
function sharedSubpathFile(subpath: string): string {
  const base = subpath.split('/')[0]!;
  if (subpath.startsWith('domain/')) return `shared/src/${subpath}`;
  return `shared/src/${base === 'antd-base' || base === 'antd-pages' ? 'antd' : base}/index`;
}

/** An import's file in the repository (without its extension resolved), or null for a package. */
function importedFile(from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return path.join(path.dirname(from), specifier);
  if (specifier.startsWith('@portal/shared/')) {
    return path.join(REPO_ROOT, sharedSubpathFile(specifier.slice('@portal/shared/'.length)));
  }
  return null;
}

const SOURCE_EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * The share key of one of PORTAL_MODULES: its path and a hash of its source and of the portal's
 * sources it imports (not following into the federated facades, `client`, `router`, `query`,
 * `zod`, `antd`, which have contracts of their own), so a remote built from other code never meets it.
 */
export function portalModuleShareKey(
  relative: string,
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): string {
  const hash = createHash('sha256');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = read(file);
    hash.update(path.relative(REPO_ROOT, file)).update('\0').update(source).update('\0');
    for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
      const target = importedFile(file, fileName);
      if (!target || /[\\/]shared[\\/]src[\\/](client|router|query|zod|antd)([\\/]|$)/.test(target)) continue;
      const found = SOURCE_EXTENSIONS.map((ext) => target + ext).find((candidate) => {
        try {
          return statSync(candidate).isFile();
        } catch {
          return false;
        }
      });
      if (!found) throw new Error(`${relative}: cannot resolve '${fileName}' imported by ${file}`);
      visit(found);
    }
  };
  visit(path.join(REPO_ROOT, relative));
  return `@portal/shared/${relative.replace(/^shared\//, '')}#${hash.digest('hex').slice(0, 8)}`;
}

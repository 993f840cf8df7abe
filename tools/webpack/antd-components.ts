import { readFileSync } from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { REPO_ROOT } from './app-dirs';
import standInList from './antd-stand-ins/stand-ins.json';

interface StandIn {
  /** antd's file (under es/) that imports the part. */
  importer: string;
  /** Its import of the part. */
  request: string;
  /** The stand-in's file, in antd-stand-ins/. */
  standIn: string;
  /** The antd part the stand-in loads (a component), or is (a helper). */
  part: string;
  /** What the part is for. */
  usedFor: string;
}

/**
 * antd reaches the browser in pieces, each a federated singleton the shell provides
 * (create-config.ts): two facades of what nearly every page renders (`shared/src/antd`: the theme
 * and buttons of the header; the cards, forms and text of every signed-in page), and each other
 * component on its own. The apps write `import { Button } from 'antd'`; the build rewrites that
 * (antd-imports-loader.ts) to the facade listing the name, or to the component's own module
 * (`antd/es/modal/index.js`). So a page downloads only the rarer components it renders, and the
 * shell's build holds one copy of antd's internals (theme, ConfigProvider context, style cache)
 * that every piece shares. A name an app imports must be in a facade or in as-built.ts's list: the build
 * fails on one that is not, and `antd-components.test.ts` checks the apps' imports. Why, and how
 * to undo it: docs/decisions/antd-per-component.md.
 */
export const ANTD_FACADES = {
  '@portal/shared/antd-base': 'shared/src/antd/base.ts',
  '@portal/shared/antd-pages': 'shared/src/antd/pages.ts',
} as const;

/**
 * The components shared one by one (each its own module and chunks): what only some pages render.
 * One list, read from `shared/src/antd/as-built.ts`, antd as the type checker and the component
 * tests see it: what that file takes from antd's own index is exactly what the build shares.
 */
export const ANTD_COMPONENTS: readonly string[] = componentsSharedOneByOne();

function componentsSharedOneByOne(): string[] {
  const source = readFileSync(path.join(REPO_ROOT, 'shared/src/antd/as-built.ts'), 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from\s*'antd\/es\/index\.js'/.exec(source)?.[1];
  if (list === undefined) throw new Error("shared/src/antd/as-built.ts exports no components from 'antd/es/index.js'");
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** The names a facade file re-exports (from antd, or from the portal's own antd pieces such as its Typography). */
export function facadeExports(file: string): string[] {
  const source = readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const list = [...source.matchAll(/export\s*\{([^}]*)\}\s*from\s*'[^']*'/g)].map((m) => m[1]).join(',');
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

let requests: Map<string, string> | undefined;

/** The request each importable name is rewritten to: its facade, or its own module. */
function antdRequests(): Map<string, string> {
  if (!requests) {
    requests = new Map<string, string>(ANTD_COMPONENTS.map((name) => [name, antdModule(name)]));
    for (const [request, file] of Object.entries(ANTD_FACADES)) {
      for (const name of facadeExports(file)) requests.set(name, request);
    }
  }
  return requests;
}

/** Where `import { name } from 'antd'` goes in the build; throws for a name no piece provides. */
export function antdRequest(name: string, file = 'a module', extraComponents: readonly string[] = []): string {
  const request = extraComponents.includes(name) ? antdModule(name) : antdRequests().get(name);
  if (!request) throw new Error(`${file} imports ${name} from antd: list it in tools/webpack/antd-components.ts`);
  return request;
}

let directories: Map<string, string> | undefined;

/** Each name antd's index exports, with the folder of its module (`Button` → `button`), read from antd itself. */
function antdDirectories(): Map<string, string> {
  if (!directories) {
    const index = readFileSync(path.join(path.dirname(require.resolve('antd/package.json')), 'es/index.js'), 'utf8');
    directories = new Map(
      [...index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)';/g)].map((match) => [match[1]!, match[2]!]),
    );
  }
  return directories;
}

/** The module request of one antd component: what the apps' imports become, and its shared key. */
export function antdModule(name: string): string {
  const directory = antdDirectories().get(name);
  if (!directory) throw new Error(`antd exports no component named ${name}`);
  return `antd/es/${directory}/index.js`;
}

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(["'])antd\2\s*;?/g;

/**
 * Rewrites each `import { A, B as C } from "antd"` of a compiled module (types already stripped)
 * into one import per name, from its facade or its own module. Throws on a name that is not listed (it would be
 * `undefined` at run time) and on any other use of the bare `antd` request (which would bundle all
 * of antd into the app).
 */
export function rewriteAntdImports(source: string, file: string, extraComponents: readonly string[] = []): string {
  const rewritten = source.replace(NAMED_IMPORT, (_statement, list: string) =>
    list
      .split(',')
      .map((specifier) => specifier.trim())
      .filter(Boolean)
      .map((specifier) => {
        const [name, local = name] = specifier.split(/\s+as\s+/).map((part) => part.trim()) as [string, string?];
        const request = antdRequest(name, file, extraComponents);
        return request.startsWith('antd/')
          ? `import ${local} from "${request}";`
          : `import { ${name} as ${local} } from "${request}";`;
      })
      .join('\n'),
  );
  if (/(["'])antd\1/.test(rewritten)) {
    throw new Error(`${file} uses antd other than by \`import { … } from 'antd'\`, which would bundle all of it`);
  }
  return rewritten;
}

/**
 * Parts of antd's components that the portal's pages do not use, yet every page holding the
 * component would download: in the builds each import below (`request`, in antd's file `importer`)
 * gets a stand-in (`tools/webpack/antd-stand-ins/`). A component part's stand-in loads the real
 * part the first time a page renders it, so a page that uses it still works, a moment later
 * (lazy-part.test.ts); a helper's stand-in is the helper alone, without the module around it
 * (radio-group-name.test.ts compares it with antd's). The component tests run antd's own files:
 * the stand-ins change when a part loads, not what it does. `antd-components.test.ts` checks that
 * each stand-in exports what its importer takes.
 */
export const ANTD_STAND_INS: readonly StandIn[] = standInList;

export const ANTD_STAND_IN_DIR = path.join(__dirname, 'antd-stand-ins');

const ANTD_ES = path.join(path.dirname(require.resolve('antd/package.json')), 'es');

interface StandInResource {
  request: string;
  contextInfo: { issuer: string };
}

/** The shell's build gives each of ANTD_STAND_INS its stand-in, in the one antd file it names only. */
export function antdStandIns(): webpack.NormalModuleReplacementPlugin {
  return new webpack.NormalModuleReplacementPlugin(/^\.\.?\//, (resource: StandInResource) => {
    const part = ANTD_STAND_INS.find(
      ({ importer, request }) =>
        request === resource.request && resource.contextInfo.issuer === path.join(ANTD_ES, importer),
    );
    if (part) resource.request = path.join(ANTD_STAND_IN_DIR, part.standIn);
  });
}

/**
 * antd's own libraries (its rc-component parts, style engine and colours) have no side effects at
 * import, yet do not say so in their package.json (antd does). Without `sideEffects: false` webpack
 * keeps every module a library's index imports once any of its exports is used: antd's Input takes
 * one context from `@rc-component/form`'s index, and that kept Form's whole store and validator
 * (13 KB gzip) in the applicant's first pages. `antd-components.test.ts` checks that none of their
 * modules is imported for its effects alone.
 */
export const ANTD_LIBRARIES_WITHOUT_SIDE_EFFECTS: webpack.RuleSetRule = {
  test: /[\\/]node_modules[\\/](?:@rc-component[\\/][^\\/]+|@ant-design[\\/](?:colors|cssinjs|cssinjs-utils|fast-color))[\\/]/,
  sideEffects: false,
};

/** antd's style modules (`antd/es/button/style/index.js`, `…/style/compact.js`): stylesheets in the build (antd-static-styles-loader.ts). */
export const ANTD_STYLE_MODULES = /antd[\\/]es[\\/](?:.+[\\/])?style[\\/][^\\/]+\.js$/;
/** antd's module that makes every component's style hook: it imports the reset they all assume. */
export const ANTD_STYLE_UTILS_MODULE = /antd[\\/]es[\\/]theme[\\/]util[\\/]genStyleUtils\.js$/;

type ChunkGraph = webpack.Compilation['chunkGraph'];

/**
 * antd's own files and its rc-component and icon libraries (not helpers other libraries use too),
 * and the portal's own pieces of antd (the facades, their Typography, the stand-ins), which the
 * shell's pages would otherwise each carry a copy of.
 */
const ANTD_FILE =
  /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+)[\\/]|[\\/]shared[\\/]src[\\/]antd[\\/]|[\\/]tools[\\/]webpack[\\/]antd-stand-ins[\\/]/;
type Chunk = webpack.Chunk;

/** A file of antd in an async chunk that also holds `file` (a facade of ANTD_FACADES). */
function libraryFileBeside(file: string) {
  const holders = new WeakMap<Chunk, boolean>();
  // A module's file, a stylesheet's included (antd-static-styles-loader.ts).
  const resourceOf = (module: webpack.Module) => module.nameForCondition() ?? '';
  return (module: webpack.Module, { chunkGraph }: { chunkGraph: ChunkGraph }): boolean => {
    if (!ANTD_FILE.test(resourceOf(module))) return false;
    return [...chunkGraph.getModuleChunksIterable(module)].some((chunk) => {
      let holds = holders.get(chunk);
      if (holds === undefined) {
        holds = [...chunkGraph.getChunkModulesIterable(chunk)].some((other) => resourceOf(other) === file);
        holders.set(chunk, holds);
      }
      return holds;
    });
  };
}

/**
 * The shell's chunks of antd. A library file that several federated pieces use goes in a chunk
 * of its own instead of into each piece's chunk, so a visit never downloads one file twice; and
 * those beside a facade (which nearly every page loads) all go in one chunk per facade, instead
 * of one small chunk per combination of pieces, each with its own overhead.
 */
/** How many of the shell's chunks must share one of antd's internals for it to go in `antd-core`. */
export const ANTD_CORE_MIN_CHUNKS = 10;

type LibraryTest = (module: webpack.Module, context: { chunkGraph: ChunkGraph }) => boolean;
interface LibraryChunks {
  test: RegExp | LibraryTest;
  name?: string;
  priority: number;
  chunks: 'async';
  minChunks: number;
  minSize: number;
  enforce: boolean;
  reuseExistingChunk: boolean;
}

export function sharedLibraryChunks(): Record<string, LibraryChunks> {
  const common = { chunks: 'async', minChunks: 2, minSize: 0, enforce: true, reuseExistingChunk: true } as const;
  return {
    ...Object.fromEntries(
      Object.entries(ANTD_FACADES).map(([request, file], index) => [
        `beside-${request.split('/').pop()}`,
        {
          ...common,
          test: libraryFileBeside(path.join(REPO_ROOT, file)),
          name: request.split('/').pop(),
          priority: -index,
        },
      ]),
    ),
    // TanStack Query whole: every signed-in page runs it, and split by which pieces use which part it
    // was six scripts of 0.1 to 5.6 KB on every visit.
    query: { ...common, minChunks: 1, test: /[\\/]node_modules[\\/]@tanstack[\\/]/, name: 'query', priority: -3 },
    // antd's internals that ten or more of the shell's chunks share, together: one chunk per
    // combination of pieces made the applicant's first pages 13 scripts of 0.2 to 1 KB more. Fewer
    // sharers pull in what only overlays use (portal, placements, motions); measured with 2, 4, 6,
    // 10 and 16 in bench/HISTORY.md (sixteenth round).
    antdCore: {
      ...common,
      test: /[\\/]node_modules[\\/](antd[\\/]es[\\/](_util|style|theme)[\\/]|@rc-component[\\/](util|motion|portal)[\\/]|@babel[\\/]runtime[\\/]|clsx[\\/])/,
      minChunks: ANTD_CORE_MIN_CHUNKS,
      name: 'antd-core',
      priority: -4,
    },
    sharedLibraryFiles: { ...common, test: /[\\/]node_modules[\\/]/, priority: -5 },
  };
}

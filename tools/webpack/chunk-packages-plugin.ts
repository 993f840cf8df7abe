import path from 'node:path';
import webpack, { type Compiler, type Module } from 'webpack';
import { REPO_ROOT } from './app-dirs';

/** The build report `bench:bytes` reads: for each emitted script, the npm packages bundled in it. */
export const CHUNK_PACKAGES_FILE = 'chunk-packages.json';

/** Script file → package name → the package's files bundled in that script (paths inside the package). */
export type ChunkPackages = Record<string, Record<string, string[]>>;

/** The report of the portal's own modules: for each emitted script, its source files (repository paths). */
export const CHUNK_OWN_MODULES_FILE = 'chunk-own-modules.json';

/** Script file → the portal's own source files bundled in it, relative to the repository. */
export type ChunkOwnModules = Record<string, string[]>;

/** A file of the portal's own source (not a package, not a virtual module), as a repository path. */
export function ownModuleOf(resource: string): string | null {
  if (packageOf(resource) || resource.includes(`${path.sep}node_modules${path.sep}`)) return null;
  const relative = path.relative(REPO_ROOT, resource);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep).join('/');
}

/**
 * `…/node_modules/@scope/name/lib/x.js` → `{ name: '@scope/name', file: 'lib/x.js' }`; the last
 * node_modules wins (nested installs); webpack's virtual modules (`node_modules/.federation`) are not packages.
 */
export function packageOf(resource: string): { name: string; file: string } | null {
  const parts = resource.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  const first = parts[at + 1];
  if (at < 0 || !first || first.startsWith('.')) return null;
  const scoped = first.startsWith('@');
  const name = scoped ? `${first}/${parts[at + 2] ?? ''}` : first;
  return { name, file: parts.slice(at + (scoped ? 3 : 2)).join('/') };
}

/** A module's files: a concatenated module stands for every module folded into it. */
function resourcesOf(module: Module): string[] {
  const inner = (module as Module & { modules?: Iterable<Module> }).modules;
  if (inner) return [...inner].flatMap(resourcesOf);
  const resource = (module as Module & { resource?: string }).resource;
  return resource ? [resource] : [];
}

/**
 * Writes `chunk-packages.json` beside the bundle: which packages each script carries, so a bench
 * can count the copies of one library a visit downloads (package names and their files, no
 * sources); and `chunk-own-modules.json`: which of the portal's own source files each carries, so
 * it can count the portal's modules a visit downloads more than once.
 */
export class ChunkPackagesPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('ChunkPackages', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkPackages', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const report: ChunkPackages = {};
          const own: ChunkOwnModules = {};
          for (const chunk of compilation.chunks) {
            const packages: Record<string, string[]> = {};
            const ownFiles = new Set<string>();
            for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
              for (const resource of resourcesOf(module)) {
                const found = packageOf(resource);
                if (found) (packages[found.name] ??= []).push(found.file);
                const ownFile = found ? null : ownModuleOf(resource);
                if (ownFile) ownFiles.add(ownFile);
              }
            }
            for (const files of Object.values(packages)) files.sort();
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              report[file] = packages;
              own[file] = [...ownFiles].sort();
            }
          }
          compilation.emitAsset(CHUNK_PACKAGES_FILE, new webpack.sources.RawSource(JSON.stringify(report)));
          compilation.emitAsset(CHUNK_OWN_MODULES_FILE, new webpack.sources.RawSource(JSON.stringify(own)));
        },
      );
    });
  }
}

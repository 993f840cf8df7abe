import path from 'node:path';
import type webpack from 'webpack';
import { ownModuleOf } from './chunk-packages-plugin';
import { PORTAL_MODULES } from './share-contracts';

/** The chunk of an app's build that holds the portal's own modules its lazy chunks have in common. */
export const OWN_MODULES_CHUNK = 'portal-common';

/**
 * The portal's own files that are federated facades or antd's pieces: the antd groups
 * (antd-components.ts) place those, and in a remote a facade's files are the fallback of a module
 * the shell provides, downloaded by no visit whose shell is compatible (docs/decisions/remote-contracts.md).
 */
const FACADE_FILE = new RegExp(
  [
    String.raw`^shared/src/(antd|client|router|query|zod)/`,
    String.raw`^${path.posix.join('tools/webpack/antd-stand-ins')}/`,
  ].join('|'),
);

/** The portal's modules a remote takes from the shell: in a remote, each is the fallback of one. */
const SHARED_OWN_MODULES = new Set<string>(PORTAL_MODULES);

/** Whether a module is the portal's own code that this group may move (see ownModuleChunks). */
export function isGroupedOwnModule(resource: string | undefined, app: 'shell' | 'applicant' | 'admin'): boolean {
  const own = resource ? ownModuleOf(resource) : null;
  if (own && app !== 'shell' && SHARED_OWN_MODULES.has(own)) return false;
  if (!own || FACADE_FILE.test(own)) {
    // The shell's own copy of the stateful facades (the API client, toasts, the portal's context…)
    // is its code like any other: grouped, so its pages never carry a copy each.
    return own !== null && app === 'shell' && /^shared\/src\/client\//.test(own);
  }
  return true;
}

/**
 * The admin remote's own modules that several of its pages share go in a chunk of their own only
 * when that chunk would hold at least this much (bytes, before minifying); smaller ones are copied
 * into each page's chunk. One chunk per set of sharing pages, whatever its size, made the
 * dashboard's first view ask for 24 of the admin app's chunks, most of 250 to 1,000 bytes gzip,
 * six at a time over the local server's HTTP/1.1 (bench:staff-pages). Measured, one build each
 * (scripts and gzip KB of the click from Admin Home to the dashboard's rows; the director's visit
 * to /admin; no module downloaded twice by either): every size 66 scripts, 191.2 KB, 300.7 KB;
 * 1,500 bytes 60, 190.3, 300.3; 4,000 53, 189.0, 300.1; 10,000 48, 187.8, 299.9; 20,000
 * (webpack's default) 47, 188.8, 299.9.
 */
export const ADMIN_OWN_MODULES_MIN_SIZE = 10_000;

/**
 * The split-chunks group of the portal's own modules: a module that two or more of an app's lazy
 * chunks import (the API client, toasts, the portal's context and query states, the domain's
 * constants) goes into a chunk of its own instead of a copy in each; webpack's default group
 * leaves modules under 20 KB in every chunk that imports them, so a visit downloaded the same
 * module up to five times (docs/performance.md#where-the-figures-stand). The shell's and the
 * applicant remote's go in one chunk each, whatever their size (the log-in page and guard need
 * most of the shell's; the applicant's pages are one path, overview, editor, submit, so a visit
 * needs most of its); the admin remote's in one chunk per set of chunks that share them, since one
 * chunk of all the staff pages' common modules would be downloaded whole by a page that needs a
 * few (17.8 KB on the director's visit to Admin Home, measured), and only from
 * ADMIN_OWN_MODULES_MIN_SIZE up.
 */
export function ownModuleChunks(app: 'shell' | 'applicant' | 'admin') {
  const common = { chunks: 'async', minChunks: 2, priority: -10, reuseExistingChunk: true } as const;
  if (app === 'admin') return { ...common, test: testOf(app), minSize: ADMIN_OWN_MODULES_MIN_SIZE, enforce: false };
  return { ...common, test: testOf(app), name: OWN_MODULES_CHUNK, minSize: 0, enforce: true };
}

const testOf = (app: 'shell' | 'applicant' | 'admin') => (module: webpack.Module) =>
  isGroupedOwnModule((module as webpack.NormalModule).resource, app);

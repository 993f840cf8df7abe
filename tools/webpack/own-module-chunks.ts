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
 * The split-chunks group of the portal's own modules: a module that two or more of an app's lazy
 * chunks import (the API client, toasts, the portal's context and query states, the domain's
 * constants) goes into a chunk of its own instead of a copy in each; webpack's default group
 * leaves modules under 20 KB in every chunk that imports them, so a visit downloaded the same
 * module up to five times (docs/performance.md#where-the-figures-stand). The shell's and the
 * applicant remote's go in one chunk each (the log-in page and guard need most of the shell's; the
 * applicant's pages are one path, overview, editor, submit, so a visit needs most of its); the
 * admin remote's in one chunk per set of chunks that share them, since one chunk of all the staff
 * pages' common modules would be downloaded whole by a page that needs a few (17.8 KB on the
 * director's visit to Admin Home, measured).
 */
export function ownModuleChunks(app: 'shell' | 'applicant' | 'admin') {
  return {
    test: (module: webpack.Module) => isGroupedOwnModule((module as webpack.NormalModule).resource, app),
    ...(app === 'admin' ? {} : { name: OWN_MODULES_CHUNK }),
    chunks: 'async',
    minChunks: 2,
    minSize: 0,
    priority: -10,
    enforce: true,
    reuseExistingChunk: true,
  } as const;
}

import type { ComponentType } from 'react';
import type { RemoteName, RemotesManifest } from '@portal/shared/domain/schemas/client-config';
import { fetchRemotesManifest } from './remote-manifest';

export type RemoteRoutesComponent = ComponentType;

export interface RemoteLoader {
  load(name: RemoteName, options: { retry: boolean }): Promise<RemoteRoutesComponent>;
  /**
   * Starts, without rendering anything, what a remote's first page needs: the federation runtime
   * and the manifest, and with `name` the remote's entry and route tree. The page's own `load`
   * then gets the same promise. A failure is forgotten, so the page's load tries again.
   */
  preload(name?: RemoteName): void;
}

/** Loads a remote's exposed route tree the first time a route needs it, or earlier with `preload`. */
export function createRemoteLoader(manifestUrl: string): RemoteLoader {
  let manifest: Promise<RemotesManifest> | null = null;
  const loading = new Map<RemoteName, Promise<RemoteRoutesComponent>>();

  const manifestNow = (retry: boolean) => {
    if (!manifest || retry) {
      const attempt = fetchRemotesManifest(manifestUrl);
      manifest = attempt;
      // A failed fetch is forgotten so the next load asks again; a newer attempt is kept.
      attempt.catch(() => {
        if (manifest === attempt) manifest = null;
      });
    }
    return manifest;
  };
  // The federation runtime is imported with the first remote, not with the page (federation.ts).
  const runtime = () => import('./federation');

  const start = async (name: RemoteName, retry: boolean) => {
    const [{ loadRemote, registerRemotes }, remotes] = await Promise.all([runtime(), manifestNow(retry)]);
    const entry = remotes[name];
    // `force` drops a failed earlier attempt so a retry fetches the entry again.
    registerRemotes([{ name, entry }], { force: retry });
    const remote = await loadRemote<{ default: RemoteRoutesComponent }>(`${name}/routes`);
    if (!remote?.default) throw new Error(`The ${name} remote exposes no route tree`);
    return remote.default;
  };

  return {
    load(name, { retry }) {
      const started = loading.get(name);
      if (started && !retry) return started;
      const attempt = start(name, retry);
      loading.set(name, attempt);
      attempt.catch(() => {
        if (loading.get(name) === attempt) loading.delete(name);
      });
      return attempt;
    },
    preload(name) {
      if (name) {
        this.load(name, { retry: false }).catch(() => undefined);
        return;
      }
      runtime().catch(() => undefined);
      manifestNow(false).catch(() => undefined);
    },
  };
}

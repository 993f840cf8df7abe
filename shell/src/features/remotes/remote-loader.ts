import type { ComponentType } from 'react';
import type { RemoteName, RemotesManifest } from '@portal/shared/domain/schemas/client-config';
import { fetchRemotesManifest } from './remote-manifest';

export type RemoteRoutesComponent = ComponentType;

export interface RemoteLoader {
  load(name: RemoteName, options: { retry: boolean }): Promise<RemoteRoutesComponent>;
}

/** Loads a remote's exposed route tree the first time a route needs it. */
export function createRemoteLoader(manifestUrl: string): RemoteLoader {
  let manifest: Promise<RemotesManifest> | null = null;
  return {
    async load(name, { retry }) {
      if (!manifest || retry) {
        const attempt = fetchRemotesManifest(manifestUrl);
        manifest = attempt;
        // A failed fetch is forgotten so the next load asks again; a newer attempt is kept.
        attempt.catch(() => {
          if (manifest === attempt) manifest = null;
        });
      }
      // The federation runtime is imported with the first remote, not with the page (federation.ts).
      const [{ loadRemote, registerRemotes }, manifestNow] = await Promise.all([import('./federation'), manifest]);
      const entry = manifestNow[name];
      // `force` drops a failed earlier attempt so a retry fetches the entry again.
      registerRemotes([{ name, entry }], { force: retry });
      const remote = await loadRemote<{ default: RemoteRoutesComponent }>(`${name}/routes`);
      if (!remote?.default) throw new Error(`The ${name} remote exposes no route tree`);
      return remote.default;
    },
  };
}

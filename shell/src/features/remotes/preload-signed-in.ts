import type { RemoteName } from '@portal/shared/domain/schemas/client-config';
import { whenIdle } from '@portal/shared/ui';

const REMOTE_PATHS: Record<RemoteName, string> = { applicant: '/apply', admin: '/admin' };

/** The remote whose routes serve `path` (app-routes.tsx mounts each under its path), if any. */
export function remoteOfPath(path: string): RemoteName | undefined {
  const pathname = path.split(/[?#]/)[0]!;
  return (Object.keys(REMOTE_PATHS) as RemoteName[]).find(
    (name) => pathname === REMOTE_PATHS[name] || pathname.startsWith(`${REMOTE_PATHS[name]}/`),
  );
}

/**
 * Fetches what the first signed-in page needs before it is rendered, so its scripts come in
 * parallel rather than one after another (the guard, then the outlet, then the federation runtime,
 * then the remote): while the log-in page is shown, the guard, the outlet, the runtime and the
 * manifest (every signed-in visit needs them), once that page has been drawn; once the user and so
 * the destination are known, the destination's remote, at once. Nothing of a remote is fetched
 * before its user is known, so an applicant never downloads the staff's code. A failure is left to
 * the page, which shows it with a retry.
 */
export function preloadSignedInArea(destination?: string): () => void {
  const start = () => {
    import('../../lib/guards/require-verified-user').catch(() => undefined);
    // Beside the registry, not after it: the outlet, the runtime (remote-loader.ts imports it), and
    // the facades as the remotes take them (each whole, in a chunk of its own: the shell's pages
    // import their members one by one), else fetched only once a remote's first page has arrived.
    import('./remote-outlet').catch(() => undefined);
    import('./federation').catch(() => undefined);
    void Promise.allSettled([
      import('@portal/shared/antd-base'),
      import('@portal/shared/antd-pages'),
      import('@portal/shared/client'),
      import('@portal/shared/query'),
      import('@portal/shared/router'),
    ]);
    import('./remote-registry')
      .then(({ remoteLoader }) =>
        remoteLoader.preload(destination === undefined ? undefined : remoteOfPath(destination)),
      )
      .catch(() => undefined);
  };
  // Before the user is known it is only a head start: it waits until the page shown has been drawn.
  if (destination === undefined) return whenIdle(start);
  start();
  return () => undefined;
}

import type { ApiClientOptions } from '@portal/shared/client';
import type { ClientConfig } from '@portal/shared/domain/schemas/client-config';
import { clientConfig } from '../../lib/client-config';
import { loadIdentity } from '../../lib/identity/load-identity';

/**
 * The shell's API client options. With App Check configured (production), every call — the
 * unauthenticated POST /auth/register included — carries the X-Firebase-AppCheck header; the
 * identity module (and the Firebase SDK) is loaded on the first call, never by the landing page.
 * Locally there is no App Check, so nothing loads the SDK just to send no header.
 */
export function portalApiOptions(
  config: ClientConfig = clientConfig,
  identity: typeof loadIdentity = loadIdentity,
): ApiClientOptions {
  return {
    baseUrl: config.apiBaseUrl,
    getIdToken: async (forceRefresh) => (await identity()).getIdToken(forceRefresh),
    getAppCheckToken: config.appCheck ? async () => (await identity()).getAppCheckToken() : async () => null,
  };
}

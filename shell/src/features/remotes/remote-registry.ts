import { clientConfig } from '../../lib/client-config';
import { createRemoteLoader } from './remote-loader';

/** The one loader of this page: it remembers the manifest and which remotes are registered. */
export const remoteLoader = createRemoteLoader(clientConfig.remotesManifestUrl);

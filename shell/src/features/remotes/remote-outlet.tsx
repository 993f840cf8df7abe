import type { RemoteName } from '@portal/shared/domain/schemas/client-config';
import { remoteLoader } from './remote-registry';
import { RemoteRoutes } from './remote-routes';

export default function RemoteOutlet({ name }: { name: RemoteName }) {
  return <RemoteRoutes name={name} loader={remoteLoader} />;
}

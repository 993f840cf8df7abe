import { BrowserRouter } from '@portal/shared/router';
import { SessionProvider } from '../lib/identity/session-context';
import { AppFrame } from './app-frame';

/**
 * The shell owns the providers: the session and the router here, the rest (antd's theme among
 * them) in PortalProviders, which the signed-out landing page does without.
 */
export function App() {
  return (
    <SessionProvider>
      <BrowserRouter>
        <AppFrame />
      </BrowserRouter>
    </SessionProvider>
  );
}

import { BrowserRouter } from '@portal/shared/router';
import { PortalTheme } from '@portal/shared/ui';
import { SessionProvider } from '../lib/identity/session-context';
import { AppFrame } from './app-frame';

/** The shell owns the providers: the session and the router here, the rest in PortalProviders. */
export function App() {
  return (
    <PortalTheme>
      <SessionProvider>
        <BrowserRouter>
          <AppFrame />
        </BrowserRouter>
      </SessionProvider>
    </PortalTheme>
  );
}

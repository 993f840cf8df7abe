import { BrowserRouter } from '@portal/shared/router';
import { SessionProvider } from '../features/identity/session-context';
import { clientConfig } from './client-config';
import { AppRoutes } from './app-routes';

/** The shell owns the providers: the session and the router here; the QueryClient and toasts in the portal area. */
export function App() {
  return (
    <SessionProvider>
      <BrowserRouter>
        <AppRoutes chapter={clientConfig.chapter} />
      </BrowserRouter>
    </SessionProvider>
  );
}

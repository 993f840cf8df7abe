import { Link, Outlet } from '@portal/shared/router';
import { lazyPart, PortalLogo, PORTAL_TOKENS } from '@portal/shared/ui';
import type { ClientConfig } from '@portal/shared/domain/schemas/client-config';
import { useSession } from '../../lib/identity/session-context';
import { SiteFooter } from './site-footer';

const SessionMenu = lazyPart(() => import('./session-menu').then((module) => module.default), { compact: true });

/** Fetches the signed-in header's menu ahead of need: on the pages where a guest signs in (GuestOnly). */
export const preloadSessionMenu = (): Promise<void> => SessionMenu.preload();

/** The frame around every page: header with the home link, the page, the footer. */
export function AppLayout({ chapter }: { chapter: ClientConfig['chapter'] }) {
  const token = PORTAL_TOKENS;
  const session = useSession();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        fontFamily: token.fontFamily,
        color: token.colorText,
      }}
    >
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          height: 64,
          padding: '0 48px',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Link
          to="/"
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            color: token.colorTextHeading,
            fontWeight: 600,
            textDecoration: 'none',
          }}
        >
          <PortalLogo size={32} title="Home" />
          Application Portal
        </Link>
        {session.status === 'signed-in' && (
          <div style={{ marginLeft: 'auto' }}>
            <SessionMenu />
          </div>
        )}
      </header>
      <main
        style={{
          flex: 1,
          padding: '24px 16px',
          maxWidth: 1200,
          width: '100%',
          margin: '0 auto',
          boxSizing: 'border-box',
        }}
      >
        <Outlet />
      </main>
      <SiteFooter chapter={chapter} />
    </div>
  );
}

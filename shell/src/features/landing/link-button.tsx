import type { ReactNode } from 'react';
import { Link } from '@portal/shared/router';
import { PORTAL_TOKENS } from '@portal/shared/ui';

/**
 * A navigation link drawn as an antd large button from the portal's design tokens. The landing
 * page's actions navigate, so they are links; and the signed-out landing page downloads no antd
 * at all (`npm run bench:bytes`), so they are drawn from PORTAL_TOKENS rather than antd's Button.
 */
export function LinkButton({ to, primary = false, children }: { to: string; primary?: boolean; children: ReactNode }) {
  const token = PORTAL_TOKENS;
  const css = `
    .portal-link-button { display: inline-flex; align-items: center; height: ${token.controlHeightLG}px;
      padding: 0 ${token.paddingContentHorizontal}px; border-radius: ${token.borderRadiusLG}px;
      font-size: ${token.fontSizeLG}px; text-decoration: none; border: 1px solid ${token.colorBorder};
      background: ${token.colorBgContainer}; color: ${token.colorText}; transition: all 0.2s; }
    .portal-link-button:hover { color: ${token.colorPrimaryHover}; border-color: ${token.colorPrimaryHover}; }
    .portal-link-button:focus-visible { outline: 3px solid ${token.colorPrimaryBorder}; outline-offset: 1px; }
    .portal-link-button.primary { background: ${token.colorPrimary}; border-color: ${token.colorPrimary}; color: ${token.colorTextLightSolid}; }
    .portal-link-button.primary:hover { background: ${token.colorPrimaryHover}; border-color: ${token.colorPrimaryHover}; color: ${token.colorTextLightSolid}; }`;
  return (
    <>
      <style>{css}</style>
      <Link to={to} className={primary ? 'portal-link-button primary' : 'portal-link-button'}>
        {children}
      </Link>
    </>
  );
}

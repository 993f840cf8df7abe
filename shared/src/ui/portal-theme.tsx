import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { PORTAL_COLORS } from '@portal/shared/domain';

/**
 * The portal's antd theme: antd's defaults with colours that meet WCAG AA contrast (4.5:1) for
 * text: the primary blue under white text and as link text on the page background, secondary,
 * description and placeholder text, and error text; links are underlined.
 */
export const PORTAL_THEME: ThemeConfig = {
  token: {
    colorPrimary: PORTAL_COLORS.primary,
    colorLink: PORTAL_COLORS.primary,
    colorInfo: PORTAL_COLORS.primary,
    colorError: PORTAL_COLORS.error,
    colorSuccess: PORTAL_COLORS.success,
    colorWarning: PORTAL_COLORS.warning,
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // A link inside text is told apart by more than its colour.
    linkDecoration: 'underline',
  },
  components: {
    // An empty table's text is information, not a disabled control.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.56)' },
  },
};

/**
 * Every app wraps its tree in it: antd is not shared between the federated apps, so each app's
 * own antd reads the theme from its own provider.
 */
export function PortalTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={PORTAL_THEME}>{children}</ConfigProvider>;
}

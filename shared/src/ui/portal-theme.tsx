import { useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ThemeConfig } from 'antd';
import { ConfigProvider } from 'antd';
import { PORTAL_COLORS } from '@portal/shared/domain/ids/constants';

/**
 * The portal's antd theme: antd's defaults with colours that meet WCAG AA contrast (4.5:1) for
 * text: the primary blue under white text and as link text on the page background, secondary,
 * description and placeholder text, and error text; links are underlined.
 */
/**
 * The text colour of coloured tags (a palette's 7th shade), darker where antd's is too light on
 * its tint. Set under both names antd keeps a palette shade by (the CSS variable uses the dashed one).
 */
const TAG_TEXT_COLORS = Object.fromEntries(
  Object.entries({
    green: '#237804',
    gold: '#874d00',
    orange: '#873800',
    lime: '#3f6600',
    cyan: '#006d75',
    volcano: '#ad2102',
    yellow: '#876800',
  }).flatMap(([palette, color]) => [
    [`${palette}7`, color],
    [`${palette}-7`, color],
  ]),
);

/**
 * The pale backgrounds of the signal colours (status tags, alerts): antd derives them from the
 * seed, and from our dark seeds it derives muddy tints under which the signal's own colour, the
 * text of a status tag ("Accepted", "Waitlisted"), falls below 4.5:1. antd's light tints instead.
 */
const SIGNAL_TINTS = {
  colorSuccessBg: '#f6ffed',
  colorSuccessBgHover: '#d9f7be',
  colorSuccessBorder: '#b7eb8f',
  colorSuccessBorderHover: '#95de64',
  colorWarningBg: '#fff7e6',
  colorWarningBgHover: '#ffe7ba',
  colorWarningBorder: '#ffd591',
  colorWarningBorderHover: '#ffc069',
};

export const PORTAL_THEME: ThemeConfig = {
  // antd's styles are stylesheets made when the bundles are built (docs/decisions/antd-static-styles.md):
  // its style engine writes only the theme's variables at run time, and class names carry no hash.
  zeroRuntime: true,
  hashed: false,
  token: {
    colorPrimary: PORTAL_COLORS.primary,
    colorLink: PORTAL_COLORS.primary,
    // Hovered and focused controls darken rather than lighten, so their text stays readable.
    colorPrimaryHover: '#003eb3',
    colorLinkHover: '#003eb3',
    colorInfo: PORTAL_COLORS.primary,
    colorError: PORTAL_COLORS.error,
    colorSuccess: PORTAL_COLORS.success,
    colorWarning: PORTAL_COLORS.warning,
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // A link inside text is told apart by more than its colour.
    linkDecoration: 'underline',
    ...TAG_TEXT_COLORS,
    ...SIGNAL_TINTS,
  },
  components: {
    // An empty table's text is information, not a disabled control.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.56)' },
  },
};

/**
 * antd's tables measure column widths in a hidden row that repeats the column titles, a header
 * checkbox included: aria-hidden, yet reachable by Tab. Invisible (it keeps its size), it takes no focus.
 */
const TABLE_MEASURE_ROW_FIX = '.ant-table-measure-row { visibility: hidden; }';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

const prefersReducedMotion = () => window.matchMedia?.(REDUCED_MOTION).matches ?? false;

/**
 * Every app wraps its tree in it: antd is not shared between the federated apps, so each app's
 * own antd reads the theme from its own provider. Animations stop for users who ask for less motion.
 */
export function PortalTheme({ children }: { children: ReactNode }) {
  const reduced = useSyncExternalStore(subscribeToMotion, prefersReducedMotion, () => false);
  const theme = useMemo(() => ({ ...PORTAL_THEME, token: { ...PORTAL_THEME.token, motion: !reduced } }), [reduced]);
  // antd wraps a provider's tree in a motion provider the first time its `motion` differs from the
  // one above, which remounts everything below: an open editor would lose what it holds. An outer
  // provider with the opposite of the first setting makes them differ from the first render, so
  // the tree is wrapped once, at mount, whatever the user's setting becomes.
  const [outer] = useState<ThemeConfig>(() => ({ token: { motion: reduced } }));
  return (
    <ConfigProvider theme={outer}>
      <ConfigProvider theme={theme}>
        <style>{TABLE_MEASURE_ROW_FIX}</style>
        {children}
      </ConfigProvider>
    </ConfigProvider>
  );
}

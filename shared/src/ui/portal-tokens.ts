/**
 * The design tokens of the portal's antd theme (PORTAL_THEME) that the page frame (header,
 * footer) and the signed-out landing page draw with, as plain values: those render without
 * antd, so the first page of a visit downloads none of it. `portal-theme-tokens.test.tsx` checks
 * every value against what antd computes from PORTAL_THEME, so the frame looks the same before
 * and after antd loads.
 */
export const PORTAL_TOKENS = {
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial,\n'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol',\n'Noto Color Emoji'",
  fontSizeLG: 16,
  fontSizeHeading1: 38,
  fontSizeHeading2: 30,
  fontSizeHeading3: 24,
  controlHeightLG: 40,
  paddingContentHorizontal: 16,
  borderRadiusLG: 8,
  colorText: 'rgba(0,0,0,0.88)',
  colorTextHeading: 'rgba(0,0,0,0.88)',
  colorTextSecondary: 'rgba(0,0,0,0.65)',
  colorTextLightSolid: '#fff',
  colorBgContainer: '#ffffff',
  colorBorder: '#d9d9d9',
  colorBorderSecondary: '#f0f0f0',
  colorPrimary: '#0958d9',
  colorPrimaryHover: '#003eb3',
  colorPrimaryBorder: '#85c0ff',
  colorLink: '#0958d9',
} as const;

import type { CSSProperties, ReactNode } from 'react';
import { Typography } from 'antd';
import { PORTAL_TOKENS } from './portal-tokens';

/**
 * A page's one top-level heading: an h1, so every page has one (axe `page-has-heading-one`),
 * drawn at the size the portal's page titles have (antd's second heading size), which the page
 * frame's own headings stay above.
 */
export function PageTitle({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <Typography.Title level={1} style={{ margin: 0, fontSize: PORTAL_TOKENS.fontSizeHeading2, ...style }}>
      {children}
    </Typography.Title>
  );
}

/** A Result's title (not found, submitted…) as the page's h1, drawn as the Result draws its title. */
export function ResultTitle({ children }: { children: ReactNode }) {
  return <h1 style={{ font: 'inherit', color: 'inherit', margin: 0 }}>{children}</h1>;
}

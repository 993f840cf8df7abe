import type { CSSProperties, ReactNode } from 'react';
import { theme, Typography } from 'antd';

/**
 * The text sits in its place like a paragraph would: no margin above its first block or below its
 * last; a wide table scrolls inside the text instead of widening the page.
 */
const MARKDOWN_CSS =
  '.portal-markdown > :first-child { margin-top: 0 } .portal-markdown > :last-child { margin-bottom: 0 } ' +
  '.portal-markdown-table { overflow-x: auto }';

export interface MarkdownViewProps {
  /** For `aria-describedby`: the id of the rendered text. */
  id?: string;
  /** Secondary (grey) text, as descriptions and help texts are shown. */
  secondary?: boolean;
  style?: CSSProperties;
}

/**
 * The frame of a markdown text: either its sanitized HTML (`markdownToHtml`, rendered by the server
 * or by the renderer's chunk) or React children (a plain text, or the text as written while the
 * renderer arrives).
 */
export function MarkdownView({
  id,
  secondary,
  style,
  html,
  children,
}: MarkdownViewProps & { html?: string; children?: ReactNode }) {
  const { token } = theme.useToken();
  const frame = {
    // What antd's root Typography renders by default.
    component: 'article' as const,
    id,
    className: 'portal-markdown',
    style: { color: secondary ? token.colorTextSecondary : undefined, overflowWrap: 'anywhere' as const, ...style },
  };
  return (
    <>
      {/* React hoists this into the head once, however many texts are on the page. */}
      <style href="portal-markdown" precedence="default">
        {MARKDOWN_CSS}
      </style>
      {html === undefined ? (
        <Typography component={frame.component} id={frame.id} className={frame.className} style={frame.style}>
          {children}
        </Typography>
      ) : (
        <Typography
          component={frame.component}
          id={frame.id}
          className={frame.className}
          style={frame.style}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </>
  );
}

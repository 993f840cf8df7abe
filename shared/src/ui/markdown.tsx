import { lazy, Suspense, type CSSProperties } from 'react';
import { theme, Typography } from 'antd';

// The renderer (react-markdown, remark-gfm, remark-breaks) is a chunk of its own, fetched by the
// first page that shows markdown; Module Federation shares those libraries between the remotes.
const MarkdownRenderer = lazy(() => import('./markdown-renderer'));

export interface MarkdownProps {
  /** The markdown text (from a form definition or a decision letter). */
  children: string;
  /** For `aria-describedby`: the id of the rendered text. */
  id?: string;
  /** Secondary (grey) text, as descriptions and help texts are shown. */
  secondary?: boolean;
  style?: CSSProperties;
}

/**
 * The portal's one way of showing the markdown its forms and letters are written in: CommonMark
 * with GFM (lists, tables, strikethrough, autolinks) and single line breaks kept. Raw HTML is
 * never rendered (it shows as text); links open in a new tab with rel="noopener noreferrer";
 * images are never loaded (each becomes a link to it). Until the renderer has arrived the text
 * shows as it was written.
 */
export function Markdown({ children, id, secondary, style }: MarkdownProps) {
  const { token } = theme.useToken();
  return (
    <Typography
      id={id}
      className="portal-markdown"
      style={{
        color: secondary ? token.colorTextSecondary : undefined,
        overflowWrap: 'anywhere',
        ...style,
      }}
    >
      <Suspense fallback={<div style={{ whiteSpace: 'pre-wrap' }}>{children}</div>}>
        <MarkdownRenderer>{children}</MarkdownRenderer>
      </Suspense>
    </Typography>
  );
}

import type { ComponentPropsWithoutRef } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import { remarkTypedText } from '@portal/shared/domain';

type Props<T extends keyof React.JSX.IntrinsicElements> = ComponentPropsWithoutRef<T> & ExtraProps;

function ExternalLink({ href, children }: { href?: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** A heading in a text sits under the page's own headings: `#` is a level-4 heading, and so on down. */
const heading =
  (level: 4 | 5 | 6) =>
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  ({ node, ...props }: Props<'h1'>) => {
    const Tag = `h${level}` as const;
    return <Tag {...props} />;
  };

const COMPONENTS: Components = {
  a: ({ href, children }) => <ExternalLink href={href}>{children}</ExternalLink>,
  // No image is ever loaded (the CSP allows only the portal's own images): a link to it instead.
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? <ExternalLink href={src}>{alt || src}</ExternalLink> : <>{alt}</>,
  h1: heading(4),
  h2: heading(5),
  h3: heading(6),
  h4: heading(6),
  h5: heading(6),
  h6: heading(6),
  // A wide table scrolls inside the text instead of widening the page.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  table: ({ node, ...props }: Props<'table'>) => (
    <div style={{ overflowX: 'auto' }}>
      <table {...props} />
    </div>
  ),
};

/** After remark-gfm: text a person typed (marked by the server) is never a link (`remarkTypedText`). */
const REMARK_PLUGINS = [remarkGfm, remarkBreaks, remarkTypedText];

/** Loaded lazily by `Markdown`. Raw HTML in the text stays text (react-markdown's default, without rehype-raw). */
export default function MarkdownRenderer({ children }: { children: string }) {
  return (
    <ReactMarkdown remarkPlugins={REMARK_PLUGINS} components={COMPONENTS}>
      {children}
    </ReactMarkdown>
  );
}

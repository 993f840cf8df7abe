import { Fragment, type CSSProperties } from 'react';
import { theme, Typography } from 'antd';
import { withoutTypedMarks } from '@portal/shared/domain';
import { lazyPart, LoadFailed } from './load-boundary';

/** The text as it was written: what shows while the renderer arrives, or if it cannot be loaded. */
function AsWritten({ children }: { children: string }) {
  return <div style={{ whiteSpace: 'pre-wrap' }}>{withoutTypedMarks(children)}</div>;
}

// The renderer (react-markdown, remark-gfm, remark-breaks) is a chunk of its own, fetched by the
// first page that shows markdown; Module Federation shares those libraries between the remotes.
const MarkdownRenderer = lazyPart(() => import('./markdown-renderer').then((module) => module.default), {
  loading: ({ children }: { children: string }) => <AsWritten>{children}</AsWritten>,
  failed: ({ children }, retry) => (
    <>
      <AsWritten>{children}</AsWritten>
      <LoadFailed onRetry={retry} compact />
    </>
  ),
});

/** The text sits in its place like a paragraph would: no margin above its first block or below its last. */
const MARKDOWN_CSS =
  '.portal-markdown > :first-child { margin-top: 0 } .portal-markdown > :last-child { margin-bottom: 0 }';

/**
 * A line no markdown construct can touch: it starts with a letter (so it opens no heading, list,
 * quote, code block, thematic break or setext underline) and holds only letters, digits, single
 * spaces inside and punctuation that means nothing to CommonMark or GFM (no `*_~\`[]<>|&\\#/@`,
 * so no emphasis, link, autolink, raw HTML, table, entity or escape).
 */
const PLAIN_LINE = /^\p{L}[\p{L}\p{N}\p{M} ,.;:?!'"()%’‘“”–—-]*$/u;

/**
 * The paragraphs of a text without any markdown, each a list of its lines; `null` when the text
 * needs the renderer. Most form texts are plain sentences: they render here, exactly as the
 * renderer would (`markdown.test.tsx` compares the two), and the page does not fetch it.
 */
export function plainParagraphs(text: string): string[][] | null {
  const paragraphs: string[][] = [[]];
  // A plain line has nothing to link, so the marks of typed text (markdown-text.ts) only go.
  for (const line of withoutTypedMarks(text).split('\n')) {
    if (line === '') {
      if (paragraphs.at(-1)!.length > 0) paragraphs.push([]);
    } else if (PLAIN_LINE.test(line) && !line.endsWith(' ') && !/www\./i.test(line)) {
      paragraphs.at(-1)!.push(line);
    } else {
      return null;
    }
  }
  return paragraphs.filter((lines) => lines.length > 0);
}

/** What the renderer makes of plain paragraphs: `<p>` each, one line break (`<br>`) per newline. */
function PlainText({ paragraphs }: { paragraphs: string[][] }) {
  return paragraphs.map((lines, index) => (
    <Fragment key={index}>
      {index > 0 && '\n'}
      <p>
        {lines.map((line, at) => (
          <Fragment key={at}>
            {at > 0 && (
              <>
                <br />
                {'\n'}
              </>
            )}
            {line}
          </Fragment>
        ))}
      </p>
    </Fragment>
  ));
}

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
 * images are never loaded (each becomes a link to it). A text without markdown renders at once;
 * otherwise, until the renderer has arrived, the text shows as it was written (and stays so, with
 * "Try again", if the renderer cannot be loaded).
 */
export function Markdown({ children, id, secondary, style }: MarkdownProps) {
  const { token } = theme.useToken();
  const plain = plainParagraphs(children);
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
      {/* React hoists this into the head once, however many texts are on the page. */}
      <style href="portal-markdown" precedence="default">
        {MARKDOWN_CSS}
      </style>
      {plain ? <PlainText paragraphs={plain} /> : <MarkdownRenderer>{children}</MarkdownRenderer>}
    </Typography>
  );
}

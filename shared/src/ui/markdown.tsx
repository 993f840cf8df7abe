import { Fragment } from 'react';
import { renderedMarkdown } from '@portal/shared/client';
import { withoutTypedMarks } from '@portal/shared/domain/rules/markdown-text';
import { plainParagraphs } from '../markdown/plain';
import { lazyPart, LoadFailed } from './load-boundary';
import { MarkdownView, type MarkdownViewProps } from './markdown-view';

export { plainParagraphs };

/** The text as it was written: what shows while the renderer arrives, or if it cannot be loaded. */
function AsWritten({ children }: { children: string }) {
  return <div style={{ whiteSpace: 'pre-wrap' }}>{withoutTypedMarks(children)}</div>;
}

// The renderer (`markdownToHtml`: remark, GFM, rehype-sanitize) is a chunk of its own, fetched only
// for a text the server has not rendered: on the staff pages (the builder's preview, rubrics).
const MarkdownRenderer = lazyPart(() => import('./markdown-renderer').then((module) => module.default), {
  loading: ({ children, ...view }: MarkdownProps) => (
    <MarkdownView {...view}>
      <AsWritten>{children}</AsWritten>
    </MarkdownView>
  ),
  failed: ({ children, ...view }, retry) => (
    <MarkdownView {...view}>
      <AsWritten>{children}</AsWritten>
      <LoadFailed onRetry={retry} compact />
    </MarkdownView>
  ),
});

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

export interface MarkdownProps extends MarkdownViewProps {
  /** The markdown text (from a form definition or a decision letter). */
  children: string;
}

/**
 * The portal's one way of showing the markdown its forms and letters are written in: CommonMark
 * with GFM (lists, tables, strikethrough, autolinks) and single line breaks kept, as sanitized
 * HTML (`markdownToHtml`, @portal/shared/markdown). Raw HTML is never rendered (it shows as
 * text); links go only to http(s), mailto or the portal, and open in a new tab with
 * rel="noopener noreferrer"; images are never loaded (each becomes a link to it). A text without
 * markdown renders at once; one the server rendered (the forms and letters an applicant reads)
 * too; otherwise, until the renderer has arrived, the text shows as it was written (and stays so,
 * with "Try again", if the renderer cannot be loaded).
 */
export function Markdown({ children, ...view }: MarkdownProps) {
  const plain = plainParagraphs(children);
  if (plain) {
    return (
      <MarkdownView {...view}>
        <PlainText paragraphs={plain} />
      </MarkdownView>
    );
  }
  const html = renderedMarkdown(children);
  if (html !== undefined) return <MarkdownView {...view} html={html} />;
  return <MarkdownRenderer {...view}>{children}</MarkdownRenderer>;
}

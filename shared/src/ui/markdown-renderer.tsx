import { useMemo } from 'react';
import { markdownToHtml } from '../markdown/to-html';
import { MarkdownView, type MarkdownViewProps } from './markdown-view';

/**
 * Loaded lazily by `Markdown` for a text the server has not rendered (the staff pages: the
 * builder's preview, rubrics, letter previews): the same pipeline as the server's, in the browser.
 */
export default function MarkdownRenderer({ children, ...view }: MarkdownViewProps & { children: string }) {
  const html = useMemo(() => markdownToHtml(children), [children]);
  return <MarkdownView {...view} html={html} />;
}

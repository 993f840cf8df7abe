import type { Element, ElementContent, Root } from 'hast';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { remarkTypedText } from '@portal/shared/domain/rules/markdown-text';

/**
 * The portal's markdown as HTML: one pipeline for every screen. The server renders a form's texts
 * and an applicant's letter with it (so the applicant's pages download no renderer), and the staff
 * pages render with the same code in the browser (the builder's preview, rubrics, letter previews).
 *
 * CommonMark with GFM (lists, tables, strikethrough, autolinks) and single line breaks kept; text
 * a person typed is never linked (`remarkTypedText`). Then, in this order:
 * - raw HTML shows as text (it never becomes an element);
 * - an image is never loaded: it becomes a link to it (its text the image's alt, else its address);
 * - rehype-sanitize, on a schema narrower than GitHub's: no images, and links only to http(s),
 *   mailto or a relative address (`javascript:`, `data:`, `vbscript:` and any other scheme lose
 *   their href);
 * - headings sit under the page's own: `#` is a level-4 heading, `##` level 5, the rest level 6;
 * - links open in a new tab with rel="noopener noreferrer" (but a footnote's, within the text);
 * - a table scrolls inside the text (a `div.portal-markdown-table` around it) instead of widening the page.
 * The HTML has no script, no event handler, no style attribute and no element that loads anything.
 */

const SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  tagNames: (defaultSchema.tagNames ?? []).filter((tag) => !['img', 'picture', 'source'].includes(tag)),
  protocols: { href: ['http', 'https', 'mailto'], cite: ['http', 'https'] },
};

const HEADING_LEVEL: Record<string, string> = { h1: 'h4', h2: 'h5', h3: 'h6', h4: 'h6', h5: 'h6', h6: 'h6' };

/** Walks every element of the tree, parents before children; `visit` may replace an element's children. */
function eachElement(node: Root | Element, visit: (element: Element) => void): void {
  for (const child of node.children) {
    if (child.type === 'element') {
      visit(child);
      eachElement(child, visit);
    }
  }
}

/** Raw HTML as text, and images as links to them: before the sanitizer, which then checks the links. */
function rehypeBeforeSanitize() {
  return (tree: Root) => {
    const rewrite = (node: Root | Element) => {
      node.children = node.children.map((child): ElementContent => {
        if (child.type === 'raw') return { type: 'text', value: child.value };
        if (child.type !== 'element') return child as ElementContent;
        if (child.tagName === 'img') {
          const src = typeof child.properties.src === 'string' ? child.properties.src : '';
          const alt = typeof child.properties.alt === 'string' ? child.properties.alt : '';
          if (!src) return { type: 'text', value: alt };
          return {
            type: 'element',
            tagName: 'a',
            properties: { href: src },
            children: [{ type: 'text', value: alt || src }],
          };
        }
        rewrite(child);
        return child;
      }) as typeof node.children;
    };
    rewrite(tree);
  };
}

const scrolling = (table: Element): Element => ({
  type: 'element',
  tagName: 'div',
  properties: { className: ['portal-markdown-table'] },
  children: [table],
});

/** The portal's own attributes, after the sanitizer: heading levels, links' target and rel, tables' scroller. */
function rehypeAfterSanitize() {
  return (tree: Root) => {
    const wrapTables = (node: Root | Element) => {
      node.children = node.children.map((child) =>
        child.type === 'element' && child.tagName === 'table' ? scrolling(child) : child,
      ) as typeof node.children;
    };
    wrapTables(tree);
    eachElement(tree, (element) => {
      const level = HEADING_LEVEL[element.tagName];
      if (level) element.tagName = level;
      if (element.tagName === 'a' && !String(element.properties.href ?? '').startsWith('#')) {
        element.properties.target = '_blank';
        element.properties.rel = ['noopener', 'noreferrer'];
      }
      if (element.tagName !== 'div') wrapTables(element);
    });
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkBreaks)
  .use(remarkTypedText)
  // Raw HTML is kept as `raw` nodes here only to be shown as text below; the sanitizer would drop them.
  .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: '' })
  .use(rehypeBeforeSanitize)
  .use(rehypeSanitize, SCHEMA)
  .use(rehypeAfterSanitize)
  .use(rehypeStringify)
  .freeze();

/** The markdown text as sanitized HTML, ready for `innerHTML` (see above). */
export function markdownToHtml(markdown: string): string {
  return String(processor.processSync(markdown));
}

import { LRUCache } from 'lru-cache';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { remarkTypedText } from '@portal/shared/domain';

/**
 * Markdown to an email's HTML and plain text, through the pipeline the letters' `Markdown`
 * component uses (remark-parse, remark-gfm, remark-breaks, remark-rehype: CommonMark with GFM and
 * single line breaks kept), with its rules: raw HTML never rendered (remark-rehype drops it without
 * `allowDangerousHtml`), images never loaded (each becomes a link to it), only http(s) and mailto
 * links kept, and text a person typed never linked (`remarkTypedText`). The serializer below
 * escapes every text and attribute.
 */
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkBreaks).use(remarkTypedText).use(remarkRehype);

function toHast(markdown: string): Root {
  return processor.runSync(processor.parse(markdown)) as Root;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SAFE_URL = /^(https?:|mailto:)/i;
const safeUrl = (url: unknown): string | null =>
  typeof url === 'string' && SAFE_URL.test(url.trim()) ? url.trim() : null;

const VOID = new Set(['br', 'hr', 'input']);
/** The attributes kept from the markdown tree (classes, ids and the like are dropped). */
const KEPT_ATTRIBUTES = new Set(['align', 'colSpan', 'rowSpan', 'start', 'type', 'checked', 'disabled']);

/** An image becomes a link to it (never loaded), as in the letters' renderer. */
function withoutImages(node: ElementContent): ElementContent {
  if (node.type !== 'element') return node;
  if (node.tagName === 'img') {
    const alt = typeof node.properties.alt === 'string' ? node.properties.alt : '';
    const src = typeof node.properties.src === 'string' ? node.properties.src : '';
    return {
      type: 'element',
      tagName: 'a',
      properties: { href: src },
      children: [{ type: 'text', value: alt || src }],
    };
  }
  return { ...node, children: node.children.map(withoutImages) };
}

function attributes(node: Element): string {
  const parts: string[] = [];
  if (node.tagName === 'a') {
    const href = safeUrl(node.properties.href);
    if (href) parts.push(`href="${escapeHtml(href)}"`);
  }
  for (const [name, value] of Object.entries(node.properties)) {
    if (!KEPT_ATTRIBUTES.has(name) || value === undefined || value === null || value === false) continue;
    const attribute = name.toLowerCase();
    parts.push(value === true ? attribute : `${attribute}="${escapeHtml(String(value))}"`);
  }
  return parts.length > 0 ? ` ${parts.join(' ')}` : '';
}

function html(node: Root | RootContent): string {
  switch (node.type) {
    case 'root':
      return node.children.map(html).join('');
    case 'text':
      return escapeHtml(node.value);
    case 'element': {
      const open = `<${node.tagName}${attributes(node)}>`;
      if (VOID.has(node.tagName)) return open;
      return `${open}${node.children.map(html).join('')}</${node.tagName}>`;
    }
    default:
      // Comments, doctypes and raw HTML never reach the email.
      return '';
  }
}

const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'blockquote', 'pre', 'table', 'hr']);

/**
 * The plain-text alternative. Line ends in text nodes are the tree's layout (breaks are `br`
 * elements), so they are dropped, except in code blocks.
 */
function text(node: Root | RootContent, listDepth = 0, preformatted = false): string {
  switch (node.type) {
    case 'root':
      return node.children.map((child) => text(child, listDepth)).join('');
    case 'text':
      return preformatted ? node.value : node.value.replace(/\n/g, '');
    case 'element': {
      const inner = () =>
        node.children.map((child) => text(child, listDepth, preformatted || node.tagName === 'pre')).join('');
      switch (node.tagName) {
        case 'br':
          return '\n';
        case 'hr':
          return '\n---\n\n';
        case 'a': {
          const label = inner();
          const href = safeUrl(node.properties.href);
          return href && href !== label && `mailto:${label}` !== href ? `${label} (${href})` : label;
        }
        case 'ul':
        case 'ol': {
          const items = node.children.filter((child): child is Element => child.type === 'element');
          const lines = items.map((item, index) => {
            const marker = node.tagName === 'ol' ? `${index + 1}.` : '-';
            const body = item.children
              .map((child) => text(child, listDepth + 1))
              .join('')
              .trim()
              .replace(/\n+/g, `\n${'  '.repeat(listDepth + 1)}`);
            return `${'  '.repeat(listDepth)}${marker} ${body}`;
          });
          return `${lines.join('\n')}\n${listDepth === 0 ? '\n' : ''}`;
        }
        case 'tr':
          return `${node.children
            .filter((child): child is Element => child.type === 'element')
            .map((cell) => text(cell, listDepth).trim())
            .join(' | ')}\n`;
        case 'blockquote':
          return `${inner()
            .trim()
            .split('\n')
            .map((line) => `> ${line}`)
            .join('\n')}\n\n`;
        default:
          return BLOCKS.has(node.tagName) ? `${inner().trim()}\n\n` : inner();
      }
    }
    default:
      return '';
  }
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const FOOTER_STYLE = 'color:#666;font-size:12px;border-top:1px solid #ddd;margin-top:24px;padding-top:12px';

/**
 * A footer is the same for every message of a kind from a chapter (a release's thousands of
 * decisions share one): it is rendered once and kept.
 */
const footers = new LRUCache<string, { html: string; text: string }>({ max: 100 });
function renderedFooter(markdown: string): { html: string; text: string } {
  let footer = footers.get(markdown);
  if (!footer) {
    const tree = toHast(markdown);
    footer = { html: html(tree), text: text(tree).trim() };
    footers.set(markdown, footer);
  }
  return footer;
}

/**
 * An email from its markdown body: the chapter's name on top, the body, and the footer saying why
 * the person received it, as HTML and as the plain-text alternative generated from the same tree.
 */
export function renderEmail(input: { subject: string; body: string; chapter: string; footer: string }): RenderedEmail {
  const body = toHast(input.body);
  body.children = body.children.map((child) => (child.type === 'element' ? withoutImages(child) : child));
  const footer = renderedFooter(input.footer);
  const chapter = escapeHtml(input.chapter);
  return {
    subject: input.subject,
    html: [
      '<!doctype html><html><head><meta charset="utf-8"></head>',
      '<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#222;max-width:640px;margin:0 auto;padding:16px">',
      `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${chapter}</p>`,
      html(body),
      `<div style="${FOOTER_STYLE}">${footer.html}</div>`,
      '</body></html>',
    ].join(''),
    text: `${input.chapter}\n\n${text(body).trim()}\n\n--\n${footer.text}\n`,
  };
}

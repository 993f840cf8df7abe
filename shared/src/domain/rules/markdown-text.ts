/**
 * Values put into the markdown of letters and emails (docs/product.md#decision-letters). Each is
 * escaped, so it cannot become markup. Text a person typed (a name, an answer) is also marked, so
 * that it never becomes a link: GFM links a bare `www.`, `https://` or email address after parsing,
 * escapes or not, and the marks let `remarkTypedText` undo exactly those links. The director's
 * template text and the portal's own values (its links) keep theirs.
 */

/** Private-use characters around typed text: no keyboard types them, and `typedMarkdown` drops any given. */
const TYPED_START = '\uE000';
const TYPED_END = '\uE001';
const TYPED_MARKS = /[\uE000\uE001]/g;
const HAS_TYPED_MARK = /[\uE000\uE001]/;

/** The text without the marks of typed text (what a reader sees). */
export const withoutTypedMarks = (text: string): string => text.replace(TYPED_MARKS, '');

/** A value put into markdown as text: every ASCII punctuation character escaped, so it cannot become a link or markup. */
export function escapeMarkdown(text: string): string {
  return withoutTypedMarks(text)
    .replace(/[!-/:-@[-`{-~]/g, (char) => `\\${char}`)
    .replace(/\r\n?|\n/g, ' ');
}

/** Text a person typed (a name, an answer), put into markdown: escaped, and never to be linked. */
export function typedMarkdown(text: string): string {
  return `${TYPED_START}${escapeMarkdown(text)}${TYPED_END}`;
}

/** The part of an mdast node read here (the renderers own mdast's types). */
interface MarkdownNode {
  type: string;
  value?: string;
  url?: string;
  alt?: string | null;
  title?: string | null;
  children?: MarkdownNode[];
}

const textOf = (node: MarkdownNode): string => node.value ?? (node.children ?? []).map(textOf).join('');

/** An autolink's text is its address: a bare `www.`, `http(s)://` or email address, or `<...>`. */
function isAutolink(link: MarkdownNode, text: string): boolean {
  const url = withoutTypedMarks(link.url ?? '');
  return url === text || url === `http://${text}` || url === `mailto:${text}`;
}

/**
 * The remark plugin of every renderer of the portal's markdown (the letters' `Markdown`, the
 * emails' `renderEmail`), after remark-gfm: a link made of typed text (an autolink inside or
 * across typed text, or any link whose address holds some) becomes its text again, and the marks
 * are dropped. A link the template wrote around typed text (`[{firstName}](https://...)`) stays.
 */
export function remarkTypedText() {
  return (tree: MarkdownNode): void => {
    let typed = false;
    /** Follows the marks of a text in reading order, and drops them. */
    const read = (value: string) => {
      for (const char of value) {
        if (char === TYPED_START) typed = true;
        else if (char === TYPED_END) typed = false;
      }
      return withoutTypedMarks(value);
    };
    const visit = (node: MarkdownNode): MarkdownNode[] => {
      const text = textOf(node);
      const fromTyped =
        node.type === 'link' &&
        (HAS_TYPED_MARK.test(node.url ?? '') ||
          ((typed || HAS_TYPED_MARK.test(text)) && isAutolink(node, withoutTypedMarks(text))));
      if (typeof node.value === 'string') node.value = read(node.value);
      if (typeof node.alt === 'string') node.alt = read(node.alt);
      if (typeof node.url === 'string') node.url = withoutTypedMarks(node.url);
      if (typeof node.title === 'string') node.title = withoutTypedMarks(node.title);
      if (node.children) node.children = node.children.flatMap(visit);
      return fromTyped ? (node.children ?? []) : [node];
    };
    visit(tree);
  };
}

import { withoutTypedMarks } from '@portal/shared/domain/rules/markdown-text';

/**
 * A line no markdown construct can touch: it starts with a letter (so it opens no heading, list,
 * quote, code block, thematic break or setext underline) and holds only letters, digits, single
 * spaces inside and punctuation that means nothing to CommonMark or GFM (no `*_~\`[]<>|&\\#/@`,
 * so no emphasis, link, autolink, raw HTML, table, entity or escape).
 */
const PLAIN_LINE = /^\p{L}[\p{L}\p{N}\p{M} ,.;:?!'"()%’‘“”–—-]*$/u;

/**
 * The paragraphs of a text without any markdown, each a list of its lines; `null` when the text
 * needs the renderer. Most form texts are plain sentences: the browser shows them at once, exactly
 * as the renderer would (`markdown.test.tsx` compares the two), and the server sends no HTML for them.
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

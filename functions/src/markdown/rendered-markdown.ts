import { LRUCache } from 'lru-cache';
import { GENERIC_LETTERS, isFinalDecision, type ApplicationForm, type RoleDecision } from '@portal/shared/domain';
import {
  formMarkdownTexts,
  markdownToHtml,
  renderMarkdownTexts,
  type WithRenderedMarkdown,
} from '@portal/shared/markdown';

/**
 * The server side of the applicant's markdown (docs/performance.md): the forms and letters an
 * applicant reads come with the sanitized HTML of their markdown texts (`markdownToHtml`, the
 * pipeline the staff pages run in the browser), so the applicant's pages download no renderer.
 * A text is rendered once: a form revision's texts stay cached until the cache's bound pushes
 * them out (the letters, filled in per applicant, come and go).
 */
const cache = new LRUCache<string, string>({
  max: 5_000,
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (html, text) => html.length + text.length,
});

export function cachedMarkdownToHtml(text: string): string {
  let html = cache.get(text);
  if (html === undefined) {
    html = markdownToHtml(text);
    cache.set(text, html);
  }
  return html;
}

const withRendered = <T extends object>(value: T, texts: readonly (string | null | undefined)[]) => {
  const renderedMarkdown = renderMarkdownTexts(texts, cachedMarkdownToHtml);
  return (renderedMarkdown ? { ...value, renderedMarkdown } : value) as T & WithRenderedMarkdown;
};

/** A form as an applicant reads it, with the HTML of its description's, sections' and questions' markdown. */
export const withRenderedForm = (form: ApplicationForm) => withRendered(form, formMarkdownTexts(form));

/** A decision as its applicant reads it, with the HTML of its letter (or the generic text for the decision). */
export const withRenderedLetter = (decision: RoleDecision) =>
  withRendered(decision, [
    decision.letter?.body,
    isFinalDecision(decision.decision) ? GENERIC_LETTERS[decision.decision] : undefined,
  ]);

import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { plainParagraphs } from './plain';

/**
 * What the server sends beside a form or a letter an applicant reads: the sanitized HTML of each of
 * its markdown texts (`markdownToHtml`), keyed by the text itself, so the applicant's pages show
 * them without downloading a renderer. Plain texts are left out (the browser shows them at once).
 */
export type RenderedMarkdown = Record<string, string>;

export interface WithRenderedMarkdown {
  renderedMarkdown?: RenderedMarkdown;
}

/** Every markdown text of a form an applicant reads: its description, its sections' and its questions' help texts. */
export function formMarkdownTexts(form: Pick<ApplicationForm, 'description' | 'sections'>): string[] {
  return [
    form.description,
    ...form.sections.flatMap((section) => [
      section.description,
      ...section.questions.map((question) => question.secondaryText),
    ]),
  ].filter((text): text is string => typeof text === 'string' && text !== '');
}

/** The HTML of those of `texts` that need the renderer; undefined when none does. */
export function renderMarkdownTexts(
  texts: readonly (string | null | undefined)[],
  render: (markdown: string) => string,
): RenderedMarkdown | undefined {
  const rendered = new Map<string, string>();
  for (const text of texts) {
    if (typeof text !== 'string' || rendered.has(text) || plainParagraphs(text) !== null) continue;
    rendered.set(text, render(text));
  }
  // fromEntries: a text such as `__proto__` is a key like any other.
  return rendered.size > 0 ? Object.fromEntries(rendered) : undefined;
}

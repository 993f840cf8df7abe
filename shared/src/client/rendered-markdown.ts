/**
 * The HTML the server rendered for the markdown texts of the forms and letters this page has read
 * (`renderedMarkdown` beside a form or a decision, `@portal/shared/markdown`): `Markdown` shows a
 * text from here, so an applicant's pages download no renderer. Kept here, in the query layer's
 * singleton (one module for the shell and both remotes), and filled only from the portal's API.
 */
const rendered = new Map<string, string>();

/** Keeps the HTML that came with a form or a decision. */
export function rememberRenderedMarkdown(html: Record<string, string> | undefined): void {
  if (!html) return;
  for (const [text, value] of Object.entries(html)) if (typeof value === 'string') rendered.set(text, value);
}

/** The server's HTML of `text`, if a form or letter read on this page carried it. */
export const renderedMarkdown = (text: string): string | undefined => rendered.get(text);

/** Reads `html`'s rendered texts, then answers it: for a query function. */
export function withRenderedMarkdown<T extends { renderedMarkdown?: Record<string, string> }>(value: T): T {
  rememberRenderedMarkdown(value.renderedMarkdown);
  return value;
}

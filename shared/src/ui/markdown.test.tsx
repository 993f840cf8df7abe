import { render, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { applicantLetter } from '@portal/shared/domain/messages/decision-letters';
import { Markdown, plainParagraphs } from './markdown';
import { rememberRenderedMarkdown } from '@portal/shared/client';
import { markdownToHtml } from '../markdown/to-html';
import MarkdownRenderer from './markdown-renderer';

/**
 * Each text renders on two paths, and every test below runs on both: the renderer's chunk in the
 * browser (the staff pages), and the HTML the server sent with the form or letter (an applicant's
 * pages: `renderedMarkdown`, remembered by the query layer), which shows at once.
 */
const PATHS = {
  browser: 'rendered in the browser',
  server: 'rendered by the server',
} as const;
let path: keyof typeof PATHS = 'browser';

const rendered = async (text: string) => {
  if (path === 'server') rememberRenderedMarkdown({ [text]: markdownToHtml(text) });
  const { container } = render(
    <Markdown id="help" secondary>
      {text}
    </Markdown>,
  );
  if (path === 'server') {
    // No renderer to wait for: the HTML is there at once.
    expect(container.querySelector('#help')!.querySelector('p, h4')).not.toBeNull();
  }
  // The renderer arrives lazily: until then the text shows as written, in no paragraph (the text's
  // frame is drawn anew once it has arrived).
  await waitFor(() => expect(container.querySelector('#help')!.querySelector('p, h4')).not.toBeNull(), {
    timeout: 10_000,
  });
  return container.querySelector('#help')!;
};

describe.each(Object.keys(PATHS) as (keyof typeof PATHS)[])('a text %s', (name) => {
  beforeEach(() => {
    path = name;
  });

  test('bold, italic, headings, lists and line breaks render as elements', async () => {
    const root = await rendered(
      '# About our teams\n\nWe **build** _software_.\nFor nonprofits.\n\n- Bootcamp\n- Projects\n\n1. Apply\n2. Interview',
    );
    expect(await screen.findByRole('heading', { name: 'About our teams', level: 4 })).toBeInTheDocument();
    expect(screen.getByText('build').tagName).toBe('STRONG');
    expect(screen.getByText('software').tagName).toBe('EM');
    expect(root.querySelector('br')).not.toBeNull();
    const [bullets, steps] = screen.getAllByRole('list');
    expect(
      within(bullets!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bootcamp', 'Projects']);
    expect(steps!.tagName).toBe('OL');
    expect(root).not.toHaveTextContent('**');
  });

  test('a link opens in a new tab without giving the new page a handle on the portal', async () => {
    await rendered('Read [our handbook](https://example.com/handbook) or https://example.org.');
    const link = await screen.findByRole('link', { name: 'our handbook' });
    expect(link).toHaveAttribute('href', 'https://example.com/handbook');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'https://example.org' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('a javascript: link loses its target', async () => {
    await rendered('[click me](javascript:alert(1))');
    const link = await screen.findByText('click me');
    expect(link.closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  test('raw HTML shows as text: a script tag and an image with onerror never become elements', async () => {
    const script = '<script>window.__xss=1</script>';
    const image = '<img src=x onerror="window.__xss=1">';
    const root = await rendered(`Hello ${script}\n\n${image}\n\n<b>bold?</b>`);
    expect(await screen.findByText(/window\.__xss=1<\/script>/)).toBeInTheDocument();
    expect(root).toHaveTextContent(image);
    expect(root).toHaveTextContent('<b>bold?</b>');
    expect(root.querySelector('script, img, b')).toBeNull();
    expect((window as unknown as { __xss?: unknown }).__xss).toBeUndefined();
  });

  test('a markdown image is not loaded: it becomes a link to the image', async () => {
    const root = await rendered('![Our team photo](https://images.example.net/team.png)');
    const link = await screen.findByRole('link', { name: 'Our team photo' });
    expect(link).toHaveAttribute('href', 'https://images.example.net/team.png');
    expect(link).toHaveAttribute('target', '_blank');
    expect(root.querySelector('img')).toBeNull();
  });

  test('the text has the id a question points its aria-describedby at', async () => {
    const root = await rendered('Pick **one or more**.');
    expect(root).toHaveTextContent('Pick one or more.');
    expect(await screen.findByText('one or more')).toBeInTheDocument();
  });

  describe('text a person typed, filled into a letter', () => {
    const TYPED = 'www.evil.example https://evil.example/x ada@evil.example';
    const letter = (body: string, firstName: string) =>
      applicantLetter(
        { semester: 'Fall', letters: [{ decision: 'accepted', body }] },
        'accepted',
        'engineer',
        firstName,
      )!.body;

    test('is never linked; the letter keeps its own links', async () => {
      const root = await rendered(letter('Welcome, {firstName}!\n\nRead https://club.example/guide.', TYPED));
      expect(await screen.findByRole('link', { name: 'https://club.example/guide' })).toBeInTheDocument();
      expect(screen.getAllByRole('link')).toHaveLength(1);
      expect(root).toHaveTextContent(`Welcome, ${TYPED}!`);
    });

    test('shows a plain name as plain text, at once', () => {
      const { container } = render(<Markdown id="letter">{letter('Welcome, {firstName}!', 'Ada')}</Markdown>);
      expect(container.querySelector('#letter p')).toHaveTextContent(/^Welcome, Ada!$/);
    });
  });
});

describe('a text without markdown', () => {
  const PLAIN_TEXTS = [
    'A demo application cycle. Everything here is sample data.',
    'Pick one or more; questions for those roles appear on later pages.',
    'First line\nsecond line (with a note) – 100%!\n\n\nThird paragraph?\n',
    '\n\nÇa va? Oui, très bien: merci.\nNon — “peut-être” l’an prochain',
    'Two  spaces inside\n\nand 2024 in the middle',
  ];

  test('renders at once, without waiting for the renderer', () => {
    const { container } = render(<Markdown id="help">{PLAIN_TEXTS[0]!}</Markdown>);
    expect(container.querySelector('#help p')).toHaveTextContent(PLAIN_TEXTS[0]!);
  });

  test('renders exactly as the renderer does', () => {
    const html = (node: React.ReactElement, selector?: string) => {
      const { container, unmount } = render(node);
      const out = (selector ? container.querySelector(selector)! : container).innerHTML;
      unmount();
      return out;
    };
    const lines = fc.array(
      fc.constantFrom('Hello there', 'Ça va? Oui!', 'Non (peut-être) – 100%', 'year 2024: fine.', ''),
      { maxLength: 8 },
    );
    const samples = [...PLAIN_TEXTS, ...fc.sample(lines, { numRuns: 40, seed: 15 }).map((list) => list.join('\n'))];
    for (const text of samples) {
      expect(plainParagraphs(text)).not.toBeNull();
      const shown = html(<Markdown>{text}</Markdown>, '.portal-markdown');
      expect(shown).toBe(html(<MarkdownRenderer>{text}</MarkdownRenderer>, '.portal-markdown'));
      expect(shown).toBe(markdownToHtml(text));
    }
  });

  test.each([
    'www.example.org',
    'Write to us@example.org',
    'See https:/x',
    '1. First',
    'Hello *there*',
    'Trailing space \nnext',
    '    indented code',
    'Heading\n===',
    'a | b',
    'Tom &amp; Jerry',
  ])('%j goes to the renderer', (text) => {
    expect(plainParagraphs(text)).toBeNull();
  });
});

import fc from 'fast-check';
import { applicantLetter } from '@portal/shared/domain/messages/decision-letters';
import { plainParagraphs } from './plain';
import { formMarkdownTexts, renderMarkdownTexts } from './rendered';
import { markdownToHtml } from './to-html';

/**
 * The HTML the server sends an applicant (and the staff pages render in the browser) is safe to
 * put into a page as it is: these are the hostile cases of `ui/markdown.test.tsx`, on the HTML.
 */
const ALLOWED_TAGS = new Set(
  'a p br strong em del h4 h5 h6 ul ol li blockquote pre code hr table thead tbody tr th td div input sup section'.split(
    ' ',
  ),
);
/** Where a link goes, as the browser resolves it on a portal page: only these schemes are safe. */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
function safeHref(href: string): boolean {
  try {
    return SAFE_SCHEMES.has(new URL(href, 'https://portal.example/apply').protocol);
  } catch {
    // A link the browser cannot parse goes nowhere (an autolink's host with a stray `[`, say).
    return /^(https?|mailto):/.test(href);
  }
}

/** The HTML parsed as the browser parses `innerHTML`, and every way it could run code or load something. */
function dangers(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) found.push(`<${tag}>`);
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name) || name === 'style' || name === 'src' || name === 'srcset') found.push(`${tag}[${name}]`);
      if (name === 'href' && !safeHref(value)) found.push(`${tag}[href=${value}]`);
    }
    if (tag === 'a' && !element.getAttribute('href')?.startsWith('#')) {
      if (element.getAttribute('target') !== '_blank' || element.getAttribute('rel') !== 'noopener noreferrer') {
        found.push('a link that gives the new page a handle on the portal');
      }
    }
  }
  return found;
}

const links = (html: string) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return [...template.content.querySelectorAll('a')].map((a) => ({
    text: a.textContent,
    href: a.getAttribute('href'),
  }));
};

const HOSTILE = {
  'javascript:': '[click me](javascript:alert(1))',
  'JavaScript: in capitals': '[click me](JaVaScRiPt:alert(1))',
  'javascript: as an entity': '[click me](jav&#x61;script:alert(1)) [again](&#106;avascript:alert(1))',
  'javascript: percent-encoded': '[click me](javascript%3Aalert(1)) [again](%6Aavascript:alert(1))',
  'javascript: with a tab or a control character':
    '[click me](<java\tscript:alert(1)>) [again](<\u0001javascript:alert(1)>)',
  'javascript: in a reference link': '[click me][x]\n\n[x]: javascript:alert(1)',
  'javascript: in an autolink': '<javascript:alert(1)>',
  'data:': '[click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  'vbscript:': '[click me](vbscript:msgbox(1))',
  'a script tag': 'Hello <script>window.__xss=1</script>',
  'an image with onerror': '<img src=x onerror="window.__xss=1">',
  'an iframe, a style and an svg':
    '<iframe src="https://evil.example"></iframe><style>*{}</style><svg onload=alert(1)>',
  'an inline handler in a link': '<a href="https://ok.example" onclick="alert(1)">x</a>',
  'a markdown image': '![Our team photo](https://images.example.net/team.png)',
  'a javascript: image': '![pic](javascript:alert(1))',
  'an image in a link': '[![pic](https://evil.example/p.png)](https://ok.example)',
  'an HTML comment': '<!-- <script>alert(1)</script> -->',
  'a footnote': 'Text[^1]\n\n[^1]: A note.',
  'a task list and a table': '- [x] done\n\n| a | b |\n|---|---|\n| <b>1</b> | 2 |',
} as const;

describe('hostile markdown', () => {
  test.each(Object.entries(HOSTILE))('%s: nothing that runs, loads or escapes the text', (_name, markdown) => {
    const html = markdownToHtml(markdown);
    expect(dangers(html)).toEqual([]);
    expect(html).not.toMatch(/<(script|img|iframe|style|svg)/i);
    expect(html).not.toMatch(/=\s*"?\s*(javascript|vbscript|data):/i);
  });

  test('a link to an unsafe scheme keeps its text and loses its target', () => {
    expect(links(markdownToHtml(HOSTILE['javascript:']))).toEqual([{ text: 'click me', href: null }]);
    expect(links(markdownToHtml(HOSTILE['data:']))).toEqual([{ text: 'click me', href: null }]);
  });

  test('raw HTML shows as text', () => {
    const template = document.createElement('template');
    template.innerHTML = markdownToHtml(
      `${HOSTILE['a script tag']}\n\n${HOSTILE['an image with onerror']}\n\n<b>bold?</b>`,
    );
    expect(template.content.textContent).toContain('<script>window.__xss=1</script>');
    expect(template.content.textContent).toContain('<img src=x onerror="window.__xss=1">');
    expect(template.content.textContent).toContain('<b>bold?</b>');
  });

  test('an image is never loaded: it becomes a link to it', () => {
    expect(links(markdownToHtml(HOSTILE['a markdown image']))).toEqual([
      { text: 'Our team photo', href: 'https://images.example.net/team.png' },
    ]);
    expect(links(markdownToHtml(HOSTILE['a javascript: image']))).toEqual([{ text: 'pic', href: null }]);
  });

  test('text a person typed into a letter is never linked; the letter keeps its own links', () => {
    const typed = 'www.evil.example https://evil.example/x ada@evil.example [x](javascript:alert(1))';
    const { body } = applicantLetter(
      {
        semester: 'Fall',
        letters: [{ decision: 'accepted', body: 'Welcome, {firstName}!\n\nRead https://club.example/guide.' }],
      },
      'accepted',
      'engineer',
      typed,
    )!;
    const html = markdownToHtml(body);
    expect(links(html)).toEqual([{ text: 'https://club.example/guide', href: 'https://club.example/guide' }]);
    expect(dangers(html)).toEqual([]);
  });

  test('any mix of markdown and HTML fragments stays safe (property)', () => {
    const fragment = fc.constantFrom(
      ...Object.values(HOSTILE),
      '**bold**',
      '# heading',
      '- item',
      '\n\n',
      '[',
      '](',
      ')',
      '<',
      '>',
      '"',
      "'",
      'javascript:',
      'data:',
      '&#x3A;',
      '`',
      'https://ok.example',
      'www.example.org',
      ' ',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), (parts) => {
        expect(dangers(markdownToHtml(parts.join('')))).toEqual([]);
      }),
      { numRuns: 300, seed: 36 },
    );
  });
});

test("headings sit under the page's own, links open in a new tab, a table scrolls inside the text", () => {
  expect(markdownToHtml('# One\n\n## Two\n\n### Three\n\n#### Four')).toBe(
    '<h4>One</h4>\n<h5>Two</h5>\n<h6>Three</h6>\n<h6>Four</h6>',
  );
  expect(markdownToHtml('[guide](https://club.example)')).toBe(
    '<p><a href="https://club.example" target="_blank" rel="noopener noreferrer">guide</a></p>',
  );
  expect(markdownToHtml('| a |\n|---|\n| 1 |')).toMatch(/^<div class="portal-markdown-table"><table>/);
});

describe('the texts the server renders for a form', () => {
  const form = {
    description: '## About\n\nWe **build**.',
    sections: [
      {
        sectionId: 's',
        sectionName: 'S',
        description: 'A plain sentence.',
        questions: [
          {
            questionId: 'q',
            questionType: 'short-answer',
            questionText: 'Q',
            secondaryText: 'See [x](https://x.example).',
          },
          { questionId: 'r', questionType: 'short-answer', questionText: 'R' },
        ],
      },
    ],
  } as Parameters<typeof formMarkdownTexts>[0];

  test("are its description, its sections' and its questions' help texts; plain ones are left out", () => {
    expect(formMarkdownTexts(form)).toEqual([
      '## About\n\nWe **build**.',
      'A plain sentence.',
      'See [x](https://x.example).',
    ]);
    const rendered = renderMarkdownTexts(formMarkdownTexts(form), markdownToHtml)!;
    expect(Object.keys(rendered)).toEqual(['## About\n\nWe **build**.', 'See [x](https://x.example).']);
    expect(rendered['## About\n\nWe **build**.']).toBe('<h5>About</h5>\n<p>We <strong>build</strong>.</p>');
    expect(plainParagraphs('A plain sentence.')).not.toBeNull();
    expect(renderMarkdownTexts(['A plain sentence.', undefined], markdownToHtml)).toBeUndefined();
  });

  test('a text named like an object property is a key like any other', () => {
    expect(renderMarkdownTexts(['__proto__'], markdownToHtml)).toEqual(
      Object.fromEntries([['__proto__', '<p><strong>proto</strong></p>']]),
    );
  });
});

import { answersSummary, applicantLetter, fillMessage } from '@portal/shared/domain';
import { renderEmail } from './render-email';

const render = (body: string) =>
  renderEmail({ subject: 'S', body, chapter: 'Chapter & Co', footer: 'Why you got it.' });

it('renders markdown as the letters do (GFM, single line breaks kept), with the chapter on top and the footer below', () => {
  const { html, text } = render('Hi **Ada**,\nwelcome.\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |');
  expect(html).toContain('<strong>Ada</strong>,<br>');
  expect(html).toContain('<li>one</li>');
  expect(html).toContain('<td>1</td>');
  expect(html).toContain('Chapter &amp; Co');
  expect(html.indexOf('Chapter &amp; Co')).toBeLessThan(html.indexOf('Ada'));
  expect(html.indexOf('Why you got it.')).toBeGreaterThan(html.indexOf('two'));
  expect(text).toBe('Chapter & Co\n\nHi Ada,\nwelcome.\n\n- one\n- two\n\na | b\n1 | 2\n\n--\nWhy you got it.\n');
});

it('never renders raw HTML, unsafe links or images', () => {
  const { html, text } = render(
    '<script>alert(1)</script> <b onclick="x">b</b>\n\n[click](javascript:alert(1)) [ok](https://example.org/?a="b")\n\n![logo](https://example.org/logo.png)',
  );
  expect(html).not.toMatch(/<script|<b |onclick|javascript:|<img/);
  expect(html).toContain('<a>click</a>');
  expect(html).toContain('<a href="https://example.org/?a=%22b%22">ok</a>');
  expect(html).toContain('<a href="https://example.org/logo.png">logo</a>');
  expect(text).toContain('ok (https://example.org/?a=%22b%22)');
  expect(text).toContain('logo (https://example.org/logo.png)');
});

describe('text a person typed', () => {
  const TYPED = 'www.evil.example https://evil.example/x ada@evil.example';
  const links = (html: string) => [...html.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1]);

  it('is never linked in a message, while the template and the portal keep their links', () => {
    const body = fillMessage('Dear {firstName}, see https://club.example/guide and {decisionLink}.', {
      firstName: TYPED,
      decisionLink: 'https://apply.club.example/apply/status',
    });
    const { html, text } = render(body);
    expect(links(html)).toEqual(['https://club.example/guide', 'https://apply.club.example/apply/status']);
    expect(html).toContain(`Dear ${TYPED}, see`);
    expect(text).toContain(
      `Dear ${TYPED}, see https://club.example/guide and https://apply.club.example/apply/status.`,
    );
  });

  it('is never linked in a letter or in the answers of a receipt', () => {
    const letter = applicantLetter(
      { semester: 'Fall', letters: [{ decision: 'accepted', body: 'Welcome, {firstName}! https://club.example' }] },
      'accepted',
      'engineer',
      TYPED,
    );
    const answers = answersSummary(
      {
        sections: [
          {
            sectionId: 's',
            sectionName: 'About',
            questions: [{ questionId: 'q', questionType: 'short-answer', questionText: 'Site?' }],
          },
        ],
      },
      [
        {
          sectionId: 's',
          sectionName: 'About',
          questions: [{ questionId: 'q', questionType: 'short-answer', applicationFormId: 'f', response: TYPED }],
        },
      ],
      (role) => role,
    );
    const { html, text } = render(`${letter!.body}\n\n${answers}`);
    expect(links(html)).toEqual(['https://club.example']);
    expect(html).toContain(`Welcome, ${TYPED}!`);
    expect(text).toContain(`Site?: ${TYPED}`);
  });

  it('stays unlinked whatever characters it holds, and leaves none of its own in the message', () => {
    // Private-use characters, as a renderer might use to tell typed text from the template's.
    const typed = '\uE001 www.evil.example \uE000\uE001 https://evil.example \uE000';
    const { html, text } = render(fillMessage('{firstName} and https://club.example', { firstName: typed }));
    expect(links(html)).toEqual(['https://club.example']);
    expect(text).toContain('www.evil.example');
    expect(`${html}${text}`).not.toMatch(/[\uE000\uE001]/);
  });
});

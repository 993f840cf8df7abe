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

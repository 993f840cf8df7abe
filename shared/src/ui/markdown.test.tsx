import { render, screen, waitFor, within } from '@testing-library/react';
import { Markdown } from './markdown';

const rendered = async (text: string) => {
  const { container } = render(
    <Markdown id="help" secondary>
      {text}
    </Markdown>,
  );
  const root = container.querySelector('#help')!;
  // The renderer arrives lazily: until then the text shows as written, in no paragraph.
  await waitFor(() => expect(root.querySelector('p, h4')).not.toBeNull(), { timeout: 10_000 });
  return root;
};

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

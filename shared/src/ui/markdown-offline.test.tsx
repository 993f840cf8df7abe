import { fireEvent, render, screen } from '@testing-library/react';
import { rememberRenderedMarkdown } from '@portal/shared/client';
import { Markdown } from './markdown';

const mockRenderer = { offline: true, requested: 0 };

// The renderer's chunk cannot be fetched while `offline` (webpack rejects the import with a ChunkLoadError).
jest.mock('./markdown-renderer', () => {
  mockRenderer.requested += 1;
  if (mockRenderer.offline) throw Object.assign(new Error('Loading chunk 311 failed.'), { name: 'ChunkLoadError' });
  return jest.requireActual('./markdown-renderer');
});

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('a text the server rendered shows at once, its renderer never fetched', () => {
  const text = 'Read the **handbook** and [the guide](https://club.example/guide).';
  rememberRenderedMarkdown({
    [text]:
      '<p>Read the <strong>handbook</strong> and ' +
      '<a href="https://club.example/guide" target="_blank" rel="noopener noreferrer">the guide</a>.</p>',
  });
  render(<Markdown id="help">{text}</Markdown>);

  expect(screen.getByText('handbook', { selector: 'strong' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'the guide' })).toHaveAttribute('rel', 'noopener noreferrer');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(mockRenderer.requested).toBe(0);
});

test('a text with markdown whose renderer cannot be loaded stays readable as written, with "Try again"', async () => {
  render(<Markdown id="help">{'Read the **rules** first.'}</Markdown>);

  expect(await screen.findByRole('alert')).toHaveTextContent('This part of the page could not be loaded.');
  expect(screen.getByText('Read the **rules** first.')).toBeInTheDocument();

  mockRenderer.offline = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByText('rules', { selector: 'strong' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

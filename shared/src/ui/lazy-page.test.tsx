import { Component, type ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazyDialog, lazyPage } from './lazy-page';

/** What webpack rejects a dynamic import with when the chunk cannot be fetched (offline). */
const chunkLoadError = () => Object.assign(new Error('Loading chunk 742 failed.'), { name: 'ChunkLoadError' });

function Page() {
  return <h1>The page</h1>;
}

/** A page's import that fails `failures` times (the chunk unreachable), then loads the page. */
function loadFailing(failures: number) {
  const load = jest.fn<Promise<{ default: typeof Page }>, []>();
  for (let i = 0; i < failures; i++) load.mockRejectedValueOnce(chunkLoadError());
  return load.mockResolvedValue({ default: Page });
}

function Layout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <header>Application Portal</header>
      <main>{children}</main>
    </>
  );
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('a page whose chunk cannot be loaded says so inside the layout, and "Try again" loads it once it can', async () => {
  const load = loadFailing(1);
  const LazyPage = lazyPage(load);
  render(
    <Layout>
      <LazyPage />
    </Layout>,
  );

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('This part of the page could not be loaded.');
  expect(screen.getByRole('banner')).toHaveTextContent('Application Portal');

  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test('"Try again" that fails again keeps the message, and a later try still works', async () => {
  const load = loadFailing(2);
  const LazyPage = lazyPage(load);
  render(<LazyPage />);

  fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
});

test('when the connection returns, a page that could not be loaded is tried again by itself', async () => {
  const load = loadFailing(1);
  const LazyPage = lazyPage(load);
  render(<LazyPage />);
  await screen.findByRole('alert');

  act(() => {
    window.dispatchEvent(new Event('online'));
  });

  expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
});

test('a connection that returns the moment the message shows still has the page tried again', async () => {
  const load = loadFailing(1);
  const LazyPage = lazyPage(load);
  // 'online' as soon as the message is in the document, before anything else the page runs after it.
  const observer = new MutationObserver(() => {
    if (document.querySelector('[role="alert"]')) {
      observer.disconnect();
      window.dispatchEvent(new Event('online'));
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  render(<LazyPage />);

  expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
  observer.disconnect();
});

test('a dialog preloaded while online opens without fetching its code again (offline by then)', async () => {
  function Dialog({ title }: { title: string }) {
    return <div role="dialog" aria-label={title} />;
  }
  const load = jest
    .fn<Promise<{ Dialog: typeof Dialog }>, []>()
    .mockResolvedValueOnce({ Dialog })
    .mockRejectedValue(chunkLoadError());
  const LazyDialog = lazyDialog(load, 'Dialog');

  await act(() => LazyDialog.preload());
  render(<LazyDialog title="Your last changes are not saved" />);

  expect(screen.getByRole('dialog', { name: 'Your last changes are not saved' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

test('a dialog that cannot be loaded says so in one line with "Try again", never a blank page', async () => {
  const load = jest.fn<Promise<{ Dialog: typeof Page }>, []>().mockRejectedValue(chunkLoadError());
  const LazyDialog = lazyDialog(load, 'Dialog');
  render(
    <Layout>
      <LazyDialog />
    </Layout>,
  );

  expect(await screen.findByRole('alert')).toHaveTextContent('This part of the page could not be loaded.');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(screen.getByRole('banner')).toBeInTheDocument();
});

test('an error in a loaded page that is not about loading goes on to the boundaries above', async () => {
  function Broken(): ReactNode {
    throw new Error('usePortal must be used inside the shell');
  }
  class Above extends Component<{ children: ReactNode }, { caught: boolean }> {
    override state = { caught: false };
    static getDerivedStateFromError() {
      return { caught: true };
    }
    override render() {
      return this.state.caught ? <p>Caught above</p> : this.props.children;
    }
  }
  const LazyPage = lazyPage(async () => ({ default: Broken }));
  render(
    <Above>
      <LazyPage />
    </Above>,
  );

  expect(await screen.findByText('Caught above')).toBeInTheDocument();
});

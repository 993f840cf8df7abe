/** @jest-environment jsdom */
import { createElement, type ReactNode } from 'react';
// The component tests' setup (the tools project runs none): its findBy waits as long as theirs, and
// a lazy part's load on a machine busy with the rest of `npm test` took more than the default 1 s.
import '../../jest/browser-setup';
import { act, render, screen } from '@testing-library/react';
import { lazyPart } from './lazy-part';

function Real({ children }: { children?: ReactNode }) {
  return createElement('b', null, 'the real part around ', children);
}

test('shows what it wraps while the real part loads, then the real part', async () => {
  const Part = lazyPart('Probe', async () => Real);
  render(createElement(Part, null, 'the label'));

  expect(screen.getByText('the label')).toBeInTheDocument();
  expect(await screen.findByText(/the real part around/)).toBeInTheDocument();
});

test('a load that fails (offline) leaves what it wraps, and the next render loads it again', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const load = jest
    .fn<Promise<typeof Real>, []>()
    .mockRejectedValueOnce(new Error('Loading chunk 123 failed'))
    .mockResolvedValue(Real);
  const Part = lazyPart('Probe', load);

  const first = render(createElement('div', null, 'the page ', createElement(Part, null, 'the label')));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(first.container).toHaveTextContent(/^the page the label$/);
  first.unmount();

  render(createElement(Part, null, 'the label'));
  expect(await screen.findByText(/the real part around/)).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
  error.mockRestore();
});

test('an error of the real part itself is not hidden: it reaches the page', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const Broken = () => {
    throw new Error('the part crashed');
  };
  const Part = lazyPart('Probe', async () => Broken);
  const caught: unknown[] = [];
  const { Component } = await import('react');
  class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
    override state = { failed: false };
    static getDerivedStateFromError() {
      return { failed: true };
    }
    override componentDidCatch(thrown: unknown) {
      caught.push(thrown);
    }
    override render() {
      return this.state.failed ? 'the page says so' : this.props.children;
    }
  }

  render(createElement(PageBoundary, null, createElement(Part, null, 'the label')));

  expect(await screen.findByText('the page says so')).toBeInTheDocument();
  expect(String(caught[0])).toContain('the part crashed');
  error.mockRestore();
});

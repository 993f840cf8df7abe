import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@portal/shared/query';
import { PortalProvider, type ApiClient } from '@portal/shared/client';
import { USER_ROLES } from '@portal/shared/domain/ids/constants';
import { Prefetched, type PageData } from './prefetched';

const IDENTITY = { uid: 'ada-uid', email: 'ada@example.org', emailVerified: true };

/** A page whose code never arrives: nothing under the route can show, so nothing there commits. */
function NeverArrives(): never {
  throw new Promise(() => undefined);
}

let go: (to: string) => void = () => undefined;
function Navigator() {
  go = useNavigate();
  return null;
}

function renderRoute(data: PageData, page: React.ReactNode = <NeverArrives />) {
  const preload = jest.fn(() => Promise.resolve());
  render(
    <MemoryRouter initialEntries={['/forms/spring']}>
      <QueryClientProvider client={new QueryClient()}>
        <PortalProvider value={{ api: {} as ApiClient, identity: IDENTITY }}>
          <Navigator />
          <Suspense fallback={<p>Loading</p>}>
            <Routes>
              <Route
                path="/forms/:formId"
                element={
                  <Prefetched page={{ preload }} data={data} roles={USER_ROLES}>
                    {page}
                  </Prefetched>
                }
              />
            </Routes>
          </Suspense>
        </PortalProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { preload };
}

test("a route asks for its page's code and data while rendering, before anything under it can show", () => {
  // A link followed is a transition: React shows the new page only once its code has arrived, so an
  // effect of the route (which runs once it shows) would ask only then.
  const data = jest.fn<ReturnType<PageData>, Parameters<PageData>>(() => []);
  const { preload } = renderRoute(data);

  expect(screen.getByText('Loading')).toBeInTheDocument();
  expect(preload).toHaveBeenCalled();
  expect(data).toHaveBeenCalled();
  expect(data.mock.calls[0]![2]).toEqual({ formId: 'spring' });
});

test('each address is asked for once, however often the route renders', () => {
  const data = jest.fn<ReturnType<PageData>, Parameters<PageData>>(() => []);
  renderRoute(data, <p>The page</p>);
  expect(data).toHaveBeenCalledTimes(1);

  act(() => go('/forms/spring'));
  expect(data).toHaveBeenCalledTimes(1);

  act(() => go('/forms/spring?q=ada'));
  expect(data).toHaveBeenCalledTimes(2);
  expect(data.mock.calls[1]![3].get('q')).toBe('ada');
});

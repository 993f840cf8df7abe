import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { IdentitySnapshot } from './firebase-identity';
import { loadIdentity } from './load-identity';
import { SessionProvider, useSession } from './session-context';

jest.mock('./load-identity', () => ({ loadIdentity: jest.fn() }));

type Listener = (identity: IdentitySnapshot | null) => void;

const ADA: IdentitySnapshot = { uid: 'ada', email: 'ada@example.org', emailVerified: true };

let listener: Listener | undefined;
const unsubscribe = jest.fn();
const subscribeToIdentity = jest.fn((next: Listener) => {
  listener = next;
  return unsubscribe;
});

function renderSession() {
  return renderHook(useSession, {
    wrapper: ({ children }: { children: ReactNode }) => <SessionProvider>{children}</SessionProvider>,
  });
}

beforeEach(() => {
  localStorage.clear();
  listener = undefined;
  jest.clearAllMocks();
  jest
    .mocked(loadIdentity)
    .mockResolvedValue({ subscribeToIdentity } as unknown as Awaited<ReturnType<typeof loadIdentity>>);
});

test('without a sign-in hint the visitor is signed out and the identity SDK is never loaded', async () => {
  const { result } = renderSession();

  await waitFor(() => expect(result.current.status).toBe('signed-out'));
  expect(result.current.identity).toBeNull();
  expect(loadIdentity).not.toHaveBeenCalled();
});

test('with a sign-in hint the session loads the SDK and follows its identity', async () => {
  localStorage.setItem('portal:signed-in', '1');
  const { result } = renderSession();

  expect(result.current.status).toBe('loading');
  expect(loadIdentity).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(subscribeToIdentity).toHaveBeenCalledTimes(1));

  act(() => listener?.(ADA));
  expect(result.current).toMatchObject({ status: 'signed-in', identity: ADA });

  act(() => listener?.(null));
  expect(result.current).toMatchObject({ status: 'signed-out', identity: null });
});

test('activate() loads the SDK for a visitor without a hint', async () => {
  const { result } = renderSession();
  await waitFor(() => expect(result.current.status).toBe('signed-out'));

  act(() => result.current.activate());

  expect(loadIdentity).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(subscribeToIdentity).toHaveBeenCalledTimes(1));
  act(() => listener?.(ADA));
  expect(result.current).toMatchObject({ status: 'signed-in', identity: ADA });
});

test('unmounting stops following the identity', async () => {
  localStorage.setItem('portal:signed-in', '1');
  const { unmount } = renderSession();
  await waitFor(() => expect(subscribeToIdentity).toHaveBeenCalledTimes(1));

  unmount();

  expect(unsubscribe).toHaveBeenCalledTimes(1);
});

test('unmounting before the SDK arrives never subscribes', async () => {
  localStorage.setItem('portal:signed-in', '1');
  const { unmount } = renderSession();

  unmount();
  await act(() => jest.mocked(loadIdentity).mock.results[0]?.value);

  expect(subscribeToIdentity).not.toHaveBeenCalled();
});

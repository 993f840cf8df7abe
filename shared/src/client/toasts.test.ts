import { act, renderHook } from '@testing-library/react';
import { toast } from 'react-toastify';
import { loadToastify, notify, TOAST_CONTAINER_PROPS, useToastsWanted } from './toasts';

jest.mock('react-toastify', () => ({ toast: jest.fn() }));

function keyEvent(init: KeyboardEventInit) {
  return new KeyboardEvent('keydown', init);
}

beforeEach(() => jest.mocked(toast).mockClear());

// First in the file: the page load has shown no toast yet.
test('react-toastify is fetched with the first toast, and the container is wanted from then on', async () => {
  const wanted = renderHook(() => useToastsWanted());
  expect(wanted.result.current).toBe(false);

  await act(async () => {
    notify.success('Saved');
    await loadToastify();
  });

  expect(wanted.result.current).toBe(true);
  expect(toast).toHaveBeenCalledWith('Saved', expect.objectContaining({ type: 'success' }));
});

test('toasts appear top-right, close after 5 s and are dismissed by dragging 80 percent', () => {
  expect(TOAST_CONTAINER_PROPS).toMatchObject({
    position: 'top-right',
    autoClose: 5000,
    draggable: true,
    draggablePercent: 80,
  });
});

test('Alt+T is the hotkey that focuses the notifications', () => {
  const { hotKeys } = TOAST_CONTAINER_PROPS;

  expect(hotKeys(keyEvent({ altKey: true, code: 'KeyT' }))).toBe(true);
  expect(hotKeys(keyEvent({ code: 'KeyT' }))).toBe(false);
  expect(hotKeys(keyEvent({ altKey: true, code: 'KeyR' }))).toBe(false);
  expect(hotKeys(keyEvent({ ctrlKey: true, code: 'KeyT' }))).toBe(false);
});

test('an error toast is a colored card with a close button and no progress bar', async () => {
  notify.error('Failed to save your application!');
  await loadToastify();

  expect(toast).toHaveBeenCalledWith(
    'Failed to save your application!',
    expect.objectContaining({ type: 'error', theme: 'colored', hideProgressBar: true, closeButton: true }),
  );
});

test('a success toast is a colored card and takes per-call options', async () => {
  notify.success('A verification email has been sent to ada@example.org!', { autoClose: 2000 });
  await loadToastify();

  expect(toast).toHaveBeenCalledWith(
    'A verification email has been sent to ada@example.org!',
    expect.objectContaining({ type: 'success', theme: 'colored', autoClose: 2000 }),
  );
});

test('the coloured cards use colours white text can be read on', () => {
  expect(TOAST_CONTAINER_PROPS.style).toEqual({
    '--toastify-color-info': '#0958d9',
    '--toastify-color-success': '#237804',
    '--toastify-color-warning': '#ad4e00',
    '--toastify-color-error': '#cf1322',
  });
});

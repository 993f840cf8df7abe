import { useSyncExternalStore, type CSSProperties } from 'react';
import type * as ReactToastify from 'react-toastify';
import type { ToastContainerProps, ToastOptions } from 'react-toastify';
import { PORTAL_COLORS } from '@portal/shared/domain/ids/constants';

/** docs/product.md#error-catalogue and #constants-and-limits: toast placement and behaviour, set once for every app. */
export const TOAST_CONTAINER_PROPS = {
  position: 'top-right',
  autoClose: 5000,
  draggable: true,
  draggablePercent: 80,
  hotKeys: (event: KeyboardEvent) => event.altKey && event.code === 'KeyT',
  newestOnTop: true,
  // The coloured cards in the portal's colours, which white text can be read on (WCAG AA).
  style: {
    '--toastify-color-info': PORTAL_COLORS.primary,
    '--toastify-color-success': PORTAL_COLORS.success,
    '--toastify-color-warning': PORTAL_COLORS.warning,
    '--toastify-color-error': PORTAL_COLORS.error,
  } as CSSProperties,
} satisfies ToastContainerProps;

const SUCCESS: ToastOptions = { type: 'success', theme: 'colored' };
const ERROR: ToastOptions = { type: 'error', theme: 'colored', hideProgressBar: true, closeButton: true };

type Toastify = typeof ReactToastify;
let toastify: Promise<Toastify> | undefined;
const wantedListeners = new Set<() => void>();

/**
 * react-toastify, fetched with the first toast: about 10 KB gzip that most visits never need. The
 * shell mounts its container from then on (`useToastsWanted`); a toast shown before the container
 * mounts waits in react-toastify's own queue.
 */
export function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('react-toastify');
    wantedListeners.forEach((listener) => listener());
  }
  return toastify;
}

/** Whether any toast has been shown yet in this page load: the shell renders the container once one has. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      wantedListeners.add(listener);
      return () => wantedListeners.delete(listener);
    },
    () => toastify !== undefined,
    () => false,
  );
}

function show(message: string, options: ToastOptions): void {
  loadToastify().then(
    ({ toast }) => toast(message, options),
    // The network is gone: the page's own state says what failed; the toast cannot be shown.
    (error: unknown) => console.error('A notification could not be shown:', message, error),
  );
}

export const notify = {
  success: (message: string, options: ToastOptions = {}) => show(message, { ...SUCCESS, ...options }),
  error: (message: string, options: ToastOptions = {}) => show(message, { ...ERROR, ...options }),
};

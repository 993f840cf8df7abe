import type { CSSProperties } from 'react';
import { toast, type ToastContainerProps, type ToastOptions } from 'react-toastify';
import { PORTAL_COLORS } from '@portal/shared/domain';

/** Spec sections 8 and 9: toast placement and behaviour, set once for every app. */
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

export const notify = {
  success: (message: string, options: ToastOptions = {}) => toast(message, { ...SUCCESS, ...options }),
  error: (message: string, options: ToastOptions = {}) => toast(message, { ...ERROR, ...options }),
};

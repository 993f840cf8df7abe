import { toast, type ToastContainerProps, type ToastOptions } from 'react-toastify';

/** Spec sections 8 and 9: toast placement and behaviour, set once for every app. */
export const TOAST_CONTAINER_PROPS = {
  position: 'top-right',
  autoClose: 5000,
  draggable: true,
  draggablePercent: 80,
  hotKeys: (event: KeyboardEvent) => event.altKey && event.code === 'KeyT',
  newestOnTop: true,
} satisfies ToastContainerProps;

const SUCCESS: ToastOptions = { type: 'success', theme: 'colored' };
const ERROR: ToastOptions = { type: 'error', theme: 'colored', hideProgressBar: true, closeButton: true };

export const notify = {
  success: (message: string, options: ToastOptions = {}) => toast(message, { ...SUCCESS, ...options }),
  error: (message: string, options: ToastOptions = {}) => toast(message, { ...ERROR, ...options }),
};

import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

/** The shell's build-time constants, as a local build defines them. */
Object.assign(globalThis, { __PORTAL_LOCAL_MODE__: true });
Object.assign(globalThis, {
  __PORTAL_CLIENT_CONFIG__: {
    mode: 'local',
    apiBaseUrl: '/api',
    remotesManifestUrl: '/remotes.json',
    firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-portal' },
    authEmulator: true,
    chapter: {
      name: 'Example Chapter',
      website: 'https://example.org/',
      photoSharing: 'https://www.instagram.com/example-chapter/',
      professionalNetwork: 'https://www.linkedin.com/company/example-chapter/',
      codeHosting: 'https://github.com/example-chapter',
    },
  },
});

/**
 * jsdom has no MessageChannel; antd's Form schedules its watchers with one. A macrotask
 * stand-in.
 */
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimeoutMessageChannel {
    readonly port1: { onmessage: ((event: MessageEvent) => void) | null } = { onmessage: null };
    readonly port2 = {
      postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data } as MessageEvent)),
    };
  }
  Object.assign(globalThis, { MessageChannel: TimeoutMessageChannel });
}

/** jsdom has no ResizeObserver; antd's Table, Tabs and TextArea measure with one. Nothing resizes in a test. */
if (typeof globalThis.ResizeObserver === 'undefined') {
  class NoResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(globalThis, { ResizeObserver: NoResizeObserver });
}

/** jsdom implements getComputedStyle only for elements; antd also asks for pseudo-elements (scrollbars). */
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => elementStyle(element);

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

/**
 * jsdom finds a `<label for>`'s control by walking the whole document, and an element's `labels` ask
 * that of every label in it: each `getByLabelText` and accessible name costs labels × nodes, which
 * on a page of many fields (the form builder) is most of a test's time. The document's own id index
 * gives the same answer when one element in the document has the id; otherwise (none, several, a
 * label outside the document) jsdom's walk, in tree order, answers as before.
 */
const labelImpl = (() => {
  const label = document.createElement('label');
  const impl = Object.getOwnPropertySymbols(label)
    .filter((symbol) => symbol.description === 'impl')
    .map((symbol) => (label as unknown as Record<symbol, unknown>)[symbol])[0];
  return impl && typeof impl === 'object' ? Object.getPrototypeOf(impl) : undefined;
})();
const jsdomControl = labelImpl && Object.getOwnPropertyDescriptor(labelImpl, 'control')?.get;
if (jsdomControl) {
  type Impl = {
    nodeType: number;
    namespaceURI: string | null;
    localName: string;
    type?: string;
    _ceDefinition?: { formAssociated?: boolean };
    getAttributeNS(namespace: null, name: string): string | null;
    getRootNode(options: object): Impl & { _ids?: Record<string, Impl[]> };
  };
  // https://html.spec.whatwg.org/multipage/forms.html#category-label, as jsdom's isLabelable reads it.
  const isLabelable = (node: Impl) =>
    node.nodeType === Node.ELEMENT_NODE &&
    node.namespaceURI === 'http://www.w3.org/1999/xhtml' &&
    (['button', 'meter', 'output', 'progress', 'select', 'textarea'].includes(node.localName) ||
      (node.localName === 'input' && node.type !== 'hidden') ||
      node._ceDefinition?.formAssociated === true);
  Object.defineProperty(labelImpl, 'control', {
    configurable: true,
    get(this: Impl) {
      const id = this.getAttributeNS(null, 'for');
      if (id) {
        const root = this.getRootNode({});
        const inRoot = root._ids?.[id]?.filter((element) => element.getRootNode({}) === root);
        if (inRoot?.length === 1) return isLabelable(inRoot[0]!) ? inRoot[0] : null;
      }
      return jsdomControl.call(this);
    },
  });
}

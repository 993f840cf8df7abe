import { FAKE_PRODUCTION_ENV } from '../fake-production-env';
import { createConfig } from './create-config';

/**
 * A webpack config as text, to the depth of every plugin's and loader's options: each instance with
 * its class, each function with its source, each pattern as written.
 */
function configText(config: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(
    config,
    (_key, value: unknown) => {
      if (typeof value === 'function') return `function ${value.toString()}`;
      if (value instanceof RegExp) return `pattern ${value.toString()}`;
      if (value === null || typeof value !== 'object') return value;
      if (seen.has(value)) return 'seen before';
      seen.add(value);
      if (value instanceof Map) return { map: [...value] };
      if (value instanceof Set) return { set: [...value] };
      const prototype = Object.getPrototypeOf(value) as object | null;
      if (prototype === Object.prototype || prototype === Array.prototype || prototype === null) return value;
      return { class: (prototype.constructor as { name?: string }).name, ...value };
    },
    1,
  );
}

describe("a remote's build reads none of the deploy's settings", () => {
  // tools/build.ts hashes a remote's inputs without them, so a production build copies the local one.
  const local = { PORTAL_BUILD_OUT_DIR: '/tmp/portal-build' };
  const production = { ...FAKE_PRODUCTION_ENV, PORTAL_BUILD_OUT_DIR: '/tmp/portal-build' };

  test.each(['applicant', 'admin'] as const)('%s: the same config for npm start and for production', (app) => {
    expect(configText(createConfig(app, 'production', production))).toBe(
      configText(createConfig(app, 'production', local)),
    );
  });

  test("the shell's differs: the client config, the remotes' URLs and the page policy are its own", () => {
    const text = configText(createConfig('shell', 'production', production));
    expect(text).not.toBe(configText(createConfig('shell', 'production', local)));
    expect(text).toContain('admin.example.org');
  });
});

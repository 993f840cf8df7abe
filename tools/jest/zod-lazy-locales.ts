import { readFileSync } from 'node:fs';

/**
 * Jest only: jest.config.ts maps zod's index of locales here (`zod/locales`, and the
 * `../locales/index.cjs` that zod's own indexes require). zod's CommonJS index requires all of its
 * fifty-odd languages at once, in each test file, where the portal uses English alone. This index has
 * the same exports, read from zod's own, and requires each language on first use.
 */
const indexPath = require.resolve('zod/v4/locales/index.cjs');
const indexSource = readFileSync(indexPath, 'utf8');
const modulePaths = new Map(
  [...indexSource.matchAll(/var (\w+) = require\("\.\/([^"]+)"\);/g)].map(([, variable, file]) => [variable!, file!]),
);
const getters = [
  ...indexSource.matchAll(
    /Object\.defineProperty\(exports, "(\w+)", \{ enumerable: true, get: function \(\) \{ return __importDefault\((\w+)\)\.default; \} \}\);/g,
  ),
];
if (getters.length < 40 || !getters.some(([, name]) => name === 'en')) {
  throw new Error(`zod's locales index changed shape: read ${getters.length} exports from it`);
}

Object.defineProperty(exports, '__esModule', { value: true });
for (const [, name, variable] of getters) {
  const file = modulePaths.get(variable!);
  if (!file) throw new Error(`zod's locales index: no module for ${name}`);
  Object.defineProperty(exports, name!, {
    enumerable: true,
    get: () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, through jest's registry
      const loaded = require(`zod/v4/locales/${file}`) as { __esModule?: boolean; default?: unknown };
      return loaded.__esModule ? loaded.default : loaded;
    },
  });
}

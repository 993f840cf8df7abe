import { readFileSync } from 'node:fs';

/**
 * Jest only: jest.config.ts maps `antd/es/index.js` here. Every component test imports `antd`
 * (shared/src/antd/as-built.ts, which re-exports from antd's index), and antd's CommonJS index
 * requires every component at once: about 450 modules compiled again in each test file, whatever it
 * renders. This index has the same exports, read from antd's own index, and requires each component
 * on first use.
 */
const indexSource = readFileSync(require.resolve('antd/lib/index.js'), 'utf8');
const modulePaths = new Map(
  [...indexSource.matchAll(/var (_\w+) = _interopRequire\w+\(require\("\.\/([^"]+)"\)\);/g)].map(
    ([, variable, modulePath]) => [variable!, modulePath!],
  ),
);
const getters = [
  ...indexSource.matchAll(
    /Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.default;/g,
  ),
];
if (getters.length < 50) throw new Error(`antd's index changed shape: read ${getters.length} exports from it`);

Object.defineProperty(exports, '__esModule', { value: true });
for (const [, name, variable] of getters) {
  const modulePath = modulePaths.get(variable!);
  if (!modulePath) throw new Error(`antd's index: no module for ${name}`);
  Object.defineProperty(exports, name!, {
    enumerable: true,
    get: () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, through jest's registry
      const loaded = require(`antd/lib/${modulePath}`) as { __esModule?: boolean; default?: unknown };
      return loaded.__esModule ? loaded.default : loaded;
    },
  });
}

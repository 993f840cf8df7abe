import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './create-config';

/**
 * antd reaches the browser through three federated facades (create-config.ts): a component an
 * app imports but its facade does not list would be `undefined` at run time, which no type check
 * sees. So every value imported in the apps' source must be listed by the facade it comes from.
 */
const FACADES = {
  antd: 'shared/src/antd/index.ts',
  '@portal/shared/antd-base': 'shared/src/antd/base.ts',
  '@portal/shared/antd-admin': 'shared/src/antd/admin.ts',
} as const;
type Facade = keyof typeof FACADES;

function exportsOf(file: string): Set<string> {
  const source = readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from\s*'antd\/es\/index\.js'/.exec(source)?.[1] ?? '';
  return new Set(
    list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

/** Value imports (not `import type`, not `type X` members) from one module, with the file. */
function valueImports(module: Facade): { file: string; name: string }[] {
  const files = execFileSync('git', ['grep', '-l', `from '${module}'`, '--', '*.ts', '*.tsx'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && !file.startsWith('shared/src/antd/'));
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${module.replace(/[/@]/g, '\\$&')}'`, 'g');
  return files.flatMap((file) =>
    [...readFileSync(path.join(REPO_ROOT, file), 'utf8').matchAll(pattern)]
      .filter((match) => !match[1])
      .flatMap((match) =>
        match[2]!
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => ({ file, name: name.split(/\s+as\s+/)[0]! })),
      ),
  );
}

describe('antd facades', () => {
  it.each(Object.keys(FACADES) as Facade[])('every value imported from %s is listed by its facade', (module) => {
    const listed = exportsOf(FACADES[module]);
    expect(listed.size).toBeGreaterThan(0);
    const missing = valueImports(module).filter(({ name }) => !listed.has(name));
    expect(missing).toEqual([]);
  });

  it('the admin-only components stay out of the facade every signed-in page loads', () => {
    const core = exportsOf(FACADES.antd);
    expect([...exportsOf(FACADES['@portal/shared/antd-admin'])].filter((name) => core.has(name))).toEqual([]);
  });

  it('only the admin remote imports the admin facade', () => {
    const outside = valueImports('@portal/shared/antd-admin').filter(({ file }) => !file.startsWith('admin-app/'));
    expect(outside).toEqual([]);
  });
});

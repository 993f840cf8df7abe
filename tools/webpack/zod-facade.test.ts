import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from 'jest';
type ProjectConfig = Exclude<NonNullable<Config['projects']>[number], string>;
import ts from 'typescript';
import { z } from '@portal/shared/zod';
import jestConfig from '../../jest.config';
import { REPO_ROOT } from './app-dirs';

const FACADE = path.join(REPO_ROOT, 'shared/src/zod/index.ts');

/**
 * In the browser `import { z } from 'zod/mini'` gets the shared facade (shared/src/zod), whose `z` holds
 * only what the apps call: a member missing from it would be `undefined` at run time, which no type
 * check sees. So every `z.<member>` in the bundled source is listed, apart from types (`z.infer<…>`).
 */
function membersUsed(): { file: string; member: string; inner?: string }[] {
  const files = execFileSync(
    'git',
    [
      'grep',
      '-l',
      "import { z } from 'zod/mini'",
      '--',
      'shared/src',
      'shell/src',
      'applicant-app/src',
      'admin-app/src',
    ],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  )
    .split('\n')
    .filter((file) => file && !/\.test\.tsx?$/.test(file));
  return files.flatMap((file) =>
    // `z.record(…)`, and a chain that breaks the line after `z` (`z\n  .record(…)`), as prettier writes it.
    // `z.iso.datetime(…)`: the facade's namespaces hold only what is called of them.
    [...readFileSync(path.join(REPO_ROOT, file), 'utf8').matchAll(/\bz\s*\.\s*(\w+)(?:\.(\w+))?(<?)/g)]
      .filter((match) => !match[3])
      .map((match) => ({ file, member: match[1]!, ...(match[2] ? { inner: match[2] } : {}) })),
  );
}

describe('zod facade', () => {
  // What the browser runs is what the browser code is type-checked and tested against: a member the
  // facade leaves out is a type error (tsc resolves `zod/mini` to the facade in every browser
  // project) and is undefined in the browser projects' jest tests, not only in production.
  it.each([
    'shared/tsconfig.json',
    'shared/tsconfig.domain.json',
    'shell/tsconfig.json',
    'applicant-app/tsconfig.json',
    'admin-app/tsconfig.json',
  ])('%s type-checks `zod/mini` as the facade', (file) => {
    const { config } = ts.readConfigFile(path.join(REPO_ROOT, file), ts.sys.readFile);
    const paths = (config as { compilerOptions?: { paths?: Record<string, string[]> } }).compilerOptions?.paths;
    expect(paths?.['zod/mini']?.map((target) => path.resolve(REPO_ROOT, path.dirname(file), target))).toEqual([FACADE]);
  });

  it("is what the browser projects' jest tests import as `zod/mini`", () => {
    const browserProjects = (jestConfig.projects as ProjectConfig[]).filter((project) =>
      ['shared', 'shared-domain', 'shell', 'applicant-app', 'admin-app'].includes(String(project.displayName)),
    );
    expect(browserProjects).toHaveLength(5);
    for (const project of browserProjects) {
      const mapper = Object.entries(project.moduleNameMapper ?? {}).find(([pattern]) =>
        new RegExp(pattern).test('zod/mini'),
      );
      const rootDir = String(project.rootDir).replace('<rootDir>', REPO_ROOT);
      expect(path.resolve(String(mapper?.[1]).replace('<rootDir>', rootDir))).toBe(FACADE);
    }
  });

  it('lists nothing the bundled source does not call (each member is downloaded with the facade)', () => {
    const used = new Set(membersUsed().map(({ member }) => member));
    expect(Object.keys(z).filter((member) => !used.has(member))).toEqual([]);
  });

  it('is the zod the apps validate with', () => {
    const schema = z.strictObject({ name: z.string().check(z.minLength(1)), when: z.iso.datetime() });
    expect(schema.safeParse({ name: 'Ada', when: '2026-01-01T00:00:00Z' }).success).toBe(true);
    expect(schema.safeParse({ name: '', when: 'soon' }).error?.issues.map((issue) => issue.path[0])).toEqual([
      'name',
      'when',
    ]);
  });
});

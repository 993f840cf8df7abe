import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
const CONFIG = path.join(__dirname, 'layers.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const SOURCES = ['shared/src', 'shell/src', 'applicant-app/src', 'admin-app/src'];

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: { name: string }[];
}

/** The rules' violations in `cwd`'s sources, as `rule: from -> to`. */
function violations(cwd: string, sources: string[]): string[] {
  const run = spawnSync(process.execPath, [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', ...sources], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!run.stdout) throw new Error(`dependency-cruiser failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`);
}

describe('module graph (dependency-cruiser, type-only imports included)', () => {
  it('has no cycle, keeps the domain in its layers and zod off the applicant', () => {
    expect(violations(ROOT, SOURCES)).toEqual([]);
  });

  describe('refuses', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    function tree(files: Record<string, string>): string[] {
      const root = mkdtempSync(path.join(dir, 'case-'));
      for (const [file, code] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), code);
      }
      return violations(root, Object.keys(files));
    }

    it('a cycle through type-only imports', () => {
      expect(
        tree({
          'shared/src/domain/rules/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
          'shared/src/domain/rules/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
        }),
      ).toEqual(expect.arrayContaining([expect.stringMatching(/^no-circular: shared\/src\/domain\/rules\/a\.ts/)]));
    });

    it('a lower layer importing a higher one, even a type', () => {
      expect(
        tree({
          'shared/src/domain/ids/a.ts': "import type { Rule } from '../rules/b';\nexport type A = Rule;\n",
          'shared/src/domain/rules/b.ts': 'export type Rule = string;\n',
          'shared/src/domain/schemas/c.ts': "import { M } from '../messages/d';\nexport const C = M;\n",
          'shared/src/domain/messages/d.ts': "export const M = 'm';\n",
        }),
      ).toEqual([
        'domain-layer-ids: shared/src/domain/ids/a.ts -> shared/src/domain/rules/b.ts',
        'domain-layer-schemas: shared/src/domain/schemas/c.ts -> shared/src/domain/messages/d.ts',
      ]);
    });

    it('a domain module outside the layers, importing or imported', () => {
      expect(
        tree({
          'shared/src/domain/loose.ts': "import { a } from './ids/a';\nexport const x = a;\n",
          'shared/src/domain/ids/a.ts': 'export const a = 1;\n',
          'shared/src/domain/rules/r.ts': "import { x } from '../loose';\nexport const r = x;\n",
        }),
      ).toEqual([
        'domain-outside-layers-from: shared/src/domain/loose.ts -> shared/src/domain/ids/a.ts',
        'domain-outside-layers-to: shared/src/domain/rules/r.ts -> shared/src/domain/loose.ts',
      ]);
    });

    it('a rule using a schema or zod at run time (a type is fine)', () => {
      expect(
        tree({
          'shared/src/zod/index.ts': 'export const z = {};\n',
          'shared/src/domain/schemas/s.ts': "import { z } from '../../zod/index';\nexport const s = z;\n",
          'shared/src/domain/rules/r.ts':
            "import { s } from '../schemas/s';\nimport type { z } from '../../zod/index';\nexport const r: typeof z = s;\n",
          'shared/src/domain/messages/m.ts': "import type { s } from '../schemas/s';\nexport type M = typeof s;\n",
        }),
      ).toEqual(['domain-zod-only-in-schemas: shared/src/domain/rules/r.ts -> shared/src/domain/schemas/s.ts']);
    });

    it('browser code importing the domain barrel', () => {
      expect(
        tree({
          'shared/src/domain/index.ts': "export * from './ids/a';\n",
          'shared/src/domain/ids/a.ts': 'export const a = 1;\n',
          'shell/src/x.ts': "import { a } from '../../shared/src/domain/index';\nexport const x = a;\n",
        }),
      ).toEqual(['no-domain-barrel-in-browser: shell/src/x.ts -> shared/src/domain/index.ts']);
    });

    it("an applicant's page importing a schema at run time (not a type, not in a test)", () => {
      expect(
        tree({
          'shared/src/domain/schemas/s.ts': 'export const s = 1;\nexport type S = number;\n',
          'applicant-app/src/page.tsx': "import { s } from '../../shared/src/domain/schemas/s';\nexport const p = s;\n",
          'applicant-app/src/typed.tsx':
            "import type { S } from '../../shared/src/domain/schemas/s';\nexport type T = S;\n",
          'applicant-app/src/page.test.tsx':
            "import { s } from '../../shared/src/domain/schemas/s';\nexport const t = s;\n",
        }),
      ).toEqual(['applicant-without-zod: applicant-app/src/page.tsx -> shared/src/domain/schemas/s.ts']);
    });

    it('the log-in page importing a schema or the zod form rule at run time', () => {
      expect(
        tree({
          'shared/src/domain/schemas/account.ts': 'export const emailSchema = 1;\n',
          'shared/src/ui/zod-form.ts': 'export const zodRule = 1;\n',
          'shell/src/features/account/login-page.tsx':
            "import { emailSchema } from '../../../../shared/src/domain/schemas/account';\nimport { zodRule } from '../../../../shared/src/ui/zod-form';\nexport const p = [emailSchema, zodRule];\n",
        }),
      ).toEqual([
        'log-in-without-zod: shell/src/features/account/login-page.tsx -> shared/src/domain/schemas/account.ts',
        'log-in-without-zod: shell/src/features/account/login-page.tsx -> shared/src/ui/zod-form.ts',
      ]);
    });
  });
});

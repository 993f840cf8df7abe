import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
const CONFIG = path.join(__dirname, 'layers.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
/** What that command runs once it has read its arguments. */
const DEPCRUISE_CLI = path.join(ROOT, 'node_modules/dependency-cruiser/src/cli/index.mjs');
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
  return violationsIn(run.stdout);
}

/** dependency-cruiser's JSON output's violations, as `rule: from -> to`. */
function violationsIn(output: string): string[] {
  const result = JSON.parse(output) as { summary: { violations: Violation[] } };
  return result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`);
}

describe('module graph (dependency-cruiser, type-only imports included)', () => {
  it('has no cycle, keeps the domain in its layers and zod off the applicant', () => {
    expect(violations(ROOT, SOURCES)).toEqual([]);
  });

  describe('refuses', () => {
    let dir: string;
    const cases = new Map<string, Record<string, string>>();
    let found: Map<string, string[]>;

    /**
     * A case: its files, written to a directory of their own, and what dependency-cruiser finds in
     * them. The cases run in one process, one after another, each as the command line runs them
     * (the command's own code, in the case's directory): starting dependency-cruiser once per case
     * took most of this file's time.
     */
    function refuses(name: string, files: Record<string, string>, check: (violations: string[]) => void) {
      cases.set(name, files);
      it(name, () => check(found.get(name)!));
    }

    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
      const runs = [...cases].map(([name, files]) => {
        const root = mkdtempSync(path.join(dir, 'case-'));
        for (const [file, code] of Object.entries(files)) {
          mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
          writeFileSync(path.join(root, file), code);
        }
        return { name, root, files: Object.keys(files), output: `${root}.json` };
      });
      // The options `--config <file> --output-type json --output-to <file>` give the command.
      const script = `
        import { readFileSync } from 'node:fs';
        const { default: cli } = await import(${JSON.stringify(pathToFileURL(DEPCRUISE_CLI).href)});
        for (const run of JSON.parse(readFileSync(0, 'utf8'))) {
          process.chdir(run.root);
          await cli(run.files, { config: ${JSON.stringify(CONFIG)}, outputType: 'json', metrics: false, focusDepth: 1, outputTo: run.output });
        }
      `;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        input: JSON.stringify(runs),
        encoding: 'utf8',
      });
      found = new Map(
        runs.map(({ name, output }) => {
          let text: string;
          try {
            text = readFileSync(output, 'utf8');
          } catch {
            throw new Error(`dependency-cruiser failed: ${run.stderr}`);
          }
          return [name, violationsIn(text)];
        }),
      );
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    refuses(
      'a cycle through type-only imports',
      {
        'shared/src/domain/rules/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
        'shared/src/domain/rules/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
      },
      (violations) =>
        expect(violations).toEqual(
          expect.arrayContaining([expect.stringMatching(/^no-circular: shared\/src\/domain\/rules\/a\.ts/)]),
        ),
    );

    refuses(
      'a lower layer importing a higher one, even a type',
      {
        'shared/src/domain/ids/a.ts': "import type { Rule } from '../rules/b';\nexport type A = Rule;\n",
        'shared/src/domain/rules/b.ts': 'export type Rule = string;\n',
        'shared/src/domain/schemas/c.ts': "import { M } from '../messages/d';\nexport const C = M;\n",
        'shared/src/domain/messages/d.ts': "export const M = 'm';\n",
      },
      (violations) =>
        expect(violations).toEqual([
          'domain-layer-ids: shared/src/domain/ids/a.ts -> shared/src/domain/rules/b.ts',
          'domain-layer-schemas: shared/src/domain/schemas/c.ts -> shared/src/domain/messages/d.ts',
        ]),
    );

    refuses(
      'a domain module outside the layers, importing or imported',
      {
        'shared/src/domain/loose.ts': "import { a } from './ids/a';\nexport const x = a;\n",
        'shared/src/domain/ids/a.ts': 'export const a = 1;\n',
        'shared/src/domain/rules/r.ts': "import { x } from '../loose';\nexport const r = x;\n",
      },
      (violations) =>
        expect(violations).toEqual([
          'domain-outside-layers-from: shared/src/domain/loose.ts -> shared/src/domain/ids/a.ts',
          'domain-outside-layers-to: shared/src/domain/rules/r.ts -> shared/src/domain/loose.ts',
        ]),
    );

    refuses(
      'a rule using a schema or zod at run time (a type is fine)',
      {
        'shared/src/zod/index.ts': 'export const z = {};\n',
        'shared/src/domain/schemas/s.ts': "import { z } from '../../zod/index';\nexport const s = z;\n",
        'shared/src/domain/rules/r.ts':
          "import { s } from '../schemas/s';\nimport type { z } from '../../zod/index';\nexport const r: typeof z = s;\n",
        'shared/src/domain/messages/m.ts': "import type { s } from '../schemas/s';\nexport type M = typeof s;\n",
      },
      (violations) =>
        expect(violations).toEqual([
          'domain-zod-only-in-schemas: shared/src/domain/rules/r.ts -> shared/src/domain/schemas/s.ts',
        ]),
    );

    refuses(
      'browser code importing the domain barrel',
      {
        'shared/src/domain/index.ts': "export * from './ids/a';\n",
        'shared/src/domain/ids/a.ts': 'export const a = 1;\n',
        'shell/src/x.ts': "import { a } from '../../shared/src/domain/index';\nexport const x = a;\n",
      },
      (violations) =>
        expect(violations).toEqual(['no-domain-barrel-in-browser: shell/src/x.ts -> shared/src/domain/index.ts']),
    );

    refuses(
      "an applicant's page importing a schema at run time (not a type, not in a test)",
      {
        'shared/src/domain/schemas/s.ts': 'export const s = 1;\nexport type S = number;\n',
        'applicant-app/src/page.tsx': "import { s } from '../../shared/src/domain/schemas/s';\nexport const p = s;\n",
        'applicant-app/src/typed.tsx':
          "import type { S } from '../../shared/src/domain/schemas/s';\nexport type T = S;\n",
        'applicant-app/src/page.test.tsx':
          "import { s } from '../../shared/src/domain/schemas/s';\nexport const t = s;\n",
      },
      (violations) =>
        expect(violations).toEqual([
          'applicant-without-zod: applicant-app/src/page.tsx -> shared/src/domain/schemas/s.ts',
        ]),
    );

    refuses(
      'the log-in page importing a schema or the zod form rule at run time',
      {
        'shared/src/domain/schemas/account.ts': 'export const emailSchema = 1;\n',
        'shared/src/ui/zod-form.ts': 'export const zodRule = 1;\n',
        'shell/src/features/account/login-page.tsx':
          "import { emailSchema } from '../../../../shared/src/domain/schemas/account';\nimport { zodRule } from '../../../../shared/src/ui/zod-form';\nexport const p = [emailSchema, zodRule];\n",
      },
      (violations) =>
        expect(violations).toEqual([
          'log-in-without-zod: shell/src/features/account/login-page.tsx -> shared/src/domain/schemas/account.ts',
          'log-in-without-zod: shell/src/features/account/login-page.tsx -> shared/src/ui/zod-form.ts',
        ]),
    );
  });
});

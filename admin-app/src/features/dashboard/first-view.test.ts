import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * What the dashboard's first view downloads is what dashboard-layout.tsx imports statically, all the
 * way down; a dialog, a form or a progress bar is loaded when it opens (`lazyDialog`), and antd's
 * Result when a page shows one (`StatusResult`), so the rows do not wait for their code
 * (bench:staff-pages). Each antd component named here is its own shared
 * chunk, with its dependencies.
 */
const OPENED_ON_DEMAND = ['Modal', 'Form', 'Descriptions', 'Progress', 'Result'];

const SRC = path.join(__dirname, '..', '..');

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  return (
    ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ending) => base + ending).find((file) => existsSync(file)) ?? null
  );
}

/** Every admin-app module a module imports statically (no `import()`), and what it takes from antd. */
function staticImports(file: string) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const modules: string[] = [];
  const antd: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) continue;
    if (specifier.text === 'antd') {
      const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
      if (bindings && ts.isNamedImports(bindings))
        antd.push(...bindings.elements.filter((element) => !element.isTypeOnly).map((element) => element.name.text));
    }
    const resolved = resolve(file, specifier.text);
    if (resolved?.startsWith(SRC)) modules.push(resolved);
  }
  return { modules, antd };
}

function firstView(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const { modules, antd } = staticImports(file);
    seen.set(file, antd);
    modules.forEach(visit);
  };
  visit(entry);
  return seen;
}

test("the dashboard's first view imports no dialog, form, progress bar or result of antd: those load when shown", () => {
  const modules = firstView(path.join(__dirname, 'dashboard-layout.tsx'));
  expect(modules.size).toBeGreaterThan(10);
  const offending = [...modules]
    .flatMap(([file, names]) =>
      names.filter((name) => OPENED_ON_DEMAND.includes(name)).map((name) => `${path.relative(SRC, file)}: ${name}`),
    )
    .sort();
  expect(offending).toEqual([]);
});

test('the walk follows static imports only, so a dialog loaded with import() is left out', () => {
  const modules = firstView(path.join(__dirname, 'change-decision.tsx'));
  expect([...modules.keys()].map((file) => path.basename(file))).not.toContain('change-decision-dialog.tsx');
  expect(
    firstView(path.join(__dirname, 'change-decision-dialog.tsx')).get(
      path.join(__dirname, 'change-decision-dialog.tsx'),
    ),
  ).toContain('Modal');
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { createConfig } from './create-config';
import { withoutJsonSchema, ZOD_JSON_SCHEMA_FILE, ZOD_JSON_SCHEMA_MESSAGE } from './zod-json-schema-loader';

const ZOD_CORE = path.join(path.dirname(require.resolve('zod/package.json')), 'v4/core');
const MODULES = ['json-schema-processors.js', 'to-json-schema.js'];

/** The exports of a module, by running it (compiled to CommonJS). */
function run(source: string): Record<string, unknown> {
  const exports: Record<string, unknown> = {};
  const code = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
  new Function('exports', 'require', code)(exports, () => ({}));
  return exports;
}

/** The names zod's own module exports (read from its text, as zod's other modules import them). */
function zodExports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [
    ...[...source.matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1]!),
    ...[...source.matchAll(/^export \{ \w+ as (\w+) \}/gm)].map((match) => match[1]!),
  ].sort();
}

describe("zod's JSON Schema output in the browser build", () => {
  it.each(MODULES)('%s keeps every export, each throwing when used', (name) => {
    const file = path.join(ZOD_CORE, name);
    expect(ZOD_JSON_SCHEMA_FILE.test(file)).toBe(true);
    const standIn = run(withoutJsonSchema(readFileSync(file, 'utf8')));
    expect(Object.keys(standIn).sort()).toEqual(zodExports(file));
    expect(zodExports(file).length).toBeGreaterThan(5);
    for (const [name, value] of Object.entries(standIn)) {
      const call = name.startsWith('create') ? () => (value as () => () => unknown)()() : (value as () => unknown);
      expect(call).toThrow(ZOD_JSON_SCHEMA_MESSAGE);
    }
  });

  it('is what the browser builds compile zod with, and the only zod modules it touches', () => {
    for (const app of ['shell', 'applicant', 'admin'] as const) {
      const rules = createConfig(app, 'production', {}).module?.rules ?? [];
      expect(rules.some((rule) => rule && typeof rule === 'object' && rule.test === ZOD_JSON_SCHEMA_FILE)).toBe(true);
    }
    expect(ZOD_JSON_SCHEMA_FILE.test(path.join(ZOD_CORE, 'schemas.js'))).toBe(false);
    expect(ZOD_JSON_SCHEMA_FILE.test(path.join(ZOD_CORE, '../classic/schemas.js'))).toBe(false);
  });
});

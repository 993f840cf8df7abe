import type { LoaderContext } from 'webpack';

/**
 * zod's JSON Schema output (`schema.toJSONSchema()`, `z.toJSONSchema`): two modules, about 7 KB
 * gzip, that zod's schemas import for it and that no page calls. In the browser build
 * (create-config.ts) each of their exports becomes a stand-in that throws, so a visit does not
 * download them; the server keeps the real ones. A `create…` export makes a method, so its
 * stand-in returns one that throws when called: reading `schema['~standard']` still works.
 */
export const ZOD_JSON_SCHEMA_FILE = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;

export const ZOD_JSON_SCHEMA_MESSAGE =
  "zod's JSON Schema output is not in the portal's browser build (tools/webpack/zod-json-schema-loader.ts)";

/** The names a module exports (`export const|function name`, `export { a as b }`). */
function exportedNames(source: string): string[] {
  const declared = [...source.matchAll(/^export (?:const|let|function) (\w+)/gm)].map((match) => match[1]!);
  const renamed = [...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((match) =>
    match[1]!.split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    ),
  );
  return [...declared, ...renamed].filter(Boolean);
}

export function withoutJsonSchema(source: string): string {
  const names = exportedNames(source);
  return [
    `function unavailable() { throw new Error(${JSON.stringify(ZOD_JSON_SCHEMA_MESSAGE)}); }`,
    ...names.map(
      (name) => `export const ${name} = ${name.startsWith('create') ? '() => unavailable' : 'unavailable'};`,
    ),
  ].join('\n');
}

export default function zodJsonSchemaLoader(this: LoaderContext<unknown>, source: string): string {
  return withoutJsonSchema(source);
}

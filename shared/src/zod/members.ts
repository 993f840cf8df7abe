import { en } from 'zod/locales';
import { coerce as allCoerce, iso as allIso } from 'zod/v4/mini';

/**
 * What the apps call of zod, re-exported from zod's mini API (the one the repo writes schemas
 * with): `./index.ts` makes these the `z` of the shared facade. A member the bundled source calls
 * must be listed (`zod-facade.test.ts`).
 */
export {
  _default,
  array,
  boolean,
  config,
  discriminatedUnion,
  email,
  enum,
  gte,
  int,
  literal,
  looseObject,
  lte,
  maxLength,
  minLength,
  nonnegative,
  nullable,
  number,
  object,
  optional,
  pipe,
  positive,
  record,
  refine,
  regex,
  strictObject,
  string,
  superRefine,
  toLowerCase,
  trim,
  union,
  unknown,
  url,
  uuid,
} from 'zod/v4/mini';

// zod's types, all of them (a type costs no bytes): `z.infer<…>`, `z.ZodMiniType`… A value the
// list above leaves out is a type here too, so calling it is a type error, not an `undefined` at
// run time.
export type * from 'zod/v4/mini';

// Of zod's namespaces, only what the source calls: all of `z.locales` is every language, and
// `z.coerce` and `z.iso` bring a schema class per member.
export const locales = { en };
export const coerce = { number: allCoerce.number };
export const iso = { datetime: allIso.datetime };

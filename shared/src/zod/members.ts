/**
 * What the apps call of zod, re-exported from zod itself: `./index.ts` makes these the `z` of the
 * shared facade. A member the bundled source calls must be listed (`zod-facade.test.ts`).
 */
export {
  array,
  boolean,
  coerce,
  config,
  discriminatedUnion,
  email,
  enum,
  iso,
  literal,
  number,
  record,
  object,
  strictObject,
  string,
  union,
  unknown,
  url,
  uuid,
} from 'zod/v4';

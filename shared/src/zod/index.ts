/**
 * The one copy of zod a visit downloads. The apps write `import { z } from 'zod/mini'`; Module
 * Federation shares the request `zod/mini` as a singleton whose provided module is this file
 * (tools/webpack/create-config.ts), so the shell and the remote of a visit validate with one zod.
 * The `z` here holds only what the apps call (./members.ts), so the shared chunk carries just that
 * (and the schema classes it reaches). Types still come from zod itself. `zod-facade.test.ts`
 * checks every `z.…` in the apps' source against it. Why: docs/decisions/zod-mini-and-facade.md.
 */
export * as z from './members';

import { z } from 'zod';

// zod 4 compiles validators with `new Function` when it may; the pages' Content-Security-Policy
// forbids eval (no 'unsafe-eval'), so zod interprets instead of probing and being refused.
// Every domain module that builds schemas imports this file first; shared/package.json lists it
// under `sideEffects` so webpack keeps the import.
z.config({ jitless: true });

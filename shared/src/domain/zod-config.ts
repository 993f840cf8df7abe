import { z } from 'zod/mini';

// The domain's schemas are written with zod's mini API (functions, `.check(...)`), which the
// browser bundles at about half the classic API's size; the server runs the same schemas.
// zod 4 compiles validators with `new Function` when it may; the pages' Content-Security-Policy
// forbids eval (no 'unsafe-eval'), so zod interprets instead of probing and being refused.
// zod's mini API carries no messages of its own: the English ones (the classic API's default)
// make an issue read the same wherever it is raised.
// Every domain module that builds schemas imports this file first; shared/package.json lists it
// under `sideEffects` so webpack keeps the import.
// A field left out reads "Required", where zod's English says "Invalid input: expected string,
// received undefined" (a new form's empty fields in the builder, a request missing a field).
z.config({
  jitless: true,
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined),
});
z.config(z.locales.en());

import { z } from 'zod/mini';

// The domain's schemas are written with zod's mini API (functions, `.check(...)`), which the
// browser bundles at about half the classic API's size; the server runs the same schemas.
// zod 4 compiles validators with `new Function` when it may; the pages' Content-Security-Policy
// forbids eval (no 'unsafe-eval'), so zod interprets instead of probing and being refused.
// zod's mini API carries no messages of its own: the English ones (the classic API's default)
// make an issue read the same wherever it is raised.
// Every domain module that builds schemas imports this file first; shared/package.json lists it
// under `sideEffects` so webpack keeps the import.
// Where zod's English reads as code, the portal's words (a schema's own message still wins):
// - a field left out, or a text left empty, reads "Required", not "Invalid input: expected
//   string, received undefined" or "Too small: expected string to have >=1 characters" (a new
//   form's empty fields in the builder, a request missing a field);
// - a number out of its bounds says the bound: "Must be at least 0", not "Too small: expected
//   number to be >=0".
type Issue = Parameters<NonNullable<NonNullable<Parameters<typeof z.config>[0]>['customError']>>[0];

function portalMessage(issue: Issue): string | undefined {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) return 'Required';
  if (issue.code === 'too_small' && issue.origin === 'number') {
    return issue.inclusive ? `Must be at least ${issue.minimum}` : `Must be more than ${issue.minimum}`;
  }
  if (issue.code === 'too_big' && issue.origin === 'number') {
    return issue.inclusive ? `Must be at most ${issue.maximum}` : `Must be less than ${issue.maximum}`;
  }
  return undefined;
}

z.config({ jitless: true, customError: portalMessage });
z.config(z.locales.en());

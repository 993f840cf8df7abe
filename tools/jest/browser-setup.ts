import '@testing-library/jest-dom';
import { configure, getConfig } from '@testing-library/react';
import * as React from 'react';

const printingElementError = getConfig().getElementError;

configure({
  /**
   * How long a findBy or waitFor waits. A page's first render in a test file loads its lazy modules,
   * which a fresh clone (no transform cache) compiles then, while `npm test` runs the emulator tests
   * beside: on this 2-core machine that took more than 4 s. Only a wait is longer: a query that
   * cannot succeed still fails.
   */
  asyncUtilTimeout: 10_000,
  /**
   * A query that finds nothing prints the whole page into its error, even on each retry of a
   * `findBy` or `waitFor` (every 50 ms and every change of the page), which throws that error away.
   * The retries skip the print: the one error a test sees (a `getBy`, or the `waitFor` that timed out)
   * still shows the page.
   */
  getElementError: (message, container) => {
    if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics) {
      return printingElementError(message, container);
    }
    const error = new Error(message ?? '');
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

/**
 * React's development build records an owner stack for every element it creates: an `Error` (a
 * captured stack) and a `console.createTask`, up to 10,000 per render. They only enrich the
 * component stacks printed with React's warnings (which still print); here they were 12 to 17% of a
 * component test's CPU (the form builder, row tags and all-tab files: 92–95 → 76–82 CPU s, paired
 * runs). React counts them in `recentlyCreatedOwnerStacks`; pinned at its limit, it records none.
 */
const reactInternals = (React as unknown as Record<string, object>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE!;
Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => 10_000, set: () => undefined });

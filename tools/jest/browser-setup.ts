import '@testing-library/jest-dom';
import { configure, getConfig } from '@testing-library/react';

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

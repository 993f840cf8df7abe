import '@testing-library/jest-dom';
import { configure, getConfig } from '@testing-library/react';

const printingElementError = getConfig().getElementError;

configure({
  /** antd renders slowly under jsdom; on a loaded 2-core machine a findBy needs more than the default second. */
  asyncUtilTimeout: 4000,
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

import { sweepHostileBodies } from '../testing/security/hostile-input';

/**
 * Hostile JSON bodies on every route that takes one (see hostile-input.test.ts), part 2 of 2: in
 * files of their own, so that jest's workers share the sweep's longest part.
 */

jest.setTimeout(120_000);

sweepHostileBodies(2, 2);

import { lazyPage } from './lazy-page';

/**
 * antd's Result, fetched the first time a page shows one: with its illustrations it is 10 KB gzip
 * that the pages of a first visit (the landing, /apply, /admin) render only in rare states (not
 * found, no open cycle). A failed load shows `LoadError` instead, which needs nothing fetched.
 */
export const StatusResult = lazyPage(() => import('./antd-result'), 'Result');

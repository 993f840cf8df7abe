import type { Page } from '@playwright/test';

/** Records every URL path the page requests from now on. */
export function recordRequests(page: Page): { paths: () => string[]; remoteEntries: () => string[] } {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return {
    paths: () => [...paths],
    remoteEntries: () => paths.filter((p) => p.endsWith('/remoteEntry.js')),
  };
}

import type { Page } from '@playwright/test';

/** Records every URL path (and whole URL) the page requests from now on. */
export function recordRequests(page: Page): {
  paths: () => string[];
  urls: () => string[];
  remoteEntries: () => string[];
} {
  const paths: string[] = [];
  const urls: string[] = [];
  page.on('request', (request) => {
    urls.push(request.url());
    paths.push(new URL(request.url()).pathname);
  });
  return {
    paths: () => [...paths],
    urls: () => [...urls],
    remoteEntries: () => paths.filter((p) => p.endsWith('/remoteEntry.js')),
  };
}

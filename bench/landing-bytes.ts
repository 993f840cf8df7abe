import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { startPortalProcess } from '../tools/portal-process';

const BUDGET_KB = 150;

/** Prints the JavaScript bytes (gzip as served) and requests of the signed-out landing page. */
async function main() {
  const portal = await startPortalProcess({ port: 18180, authEmulatorPort: 19199 });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    const requests: { url: string; type: string; bytes: number }[] = [];
    page.on('requestfinished', (request) => {
      void request
        .sizes()
        .then((sizes) =>
          requests.push({ url: request.url(), type: request.resourceType(), bytes: sizes.responseBodySize }),
        );
    });
    await page.goto(`${portal.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Create Account' }).waitFor();
    await page.waitForTimeout(500);
    const scripts = requests.filter((r) => r.type === 'script');
    const jsBytes = scripts.reduce((sum, r) => sum + r.bytes, 0);
    const allBytes = requests.reduce((sum, r) => sum + r.bytes, 0);
    for (const r of scripts.sort((a, b) => b.bytes - a.bytes)) {
      console.log(`  ${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(r.url).pathname}`);
    }
    console.log(`landing page: ${requests.length} requests, ${scripts.length} scripts`);
    console.log(`landing page JavaScript: ${(jsBytes / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
    console.log(`landing page all bytes: ${(allBytes / 1024).toFixed(1)} KB`);
    const remoteEntries = requests.filter((r) => r.url.includes('remoteEntry'));
    console.log(`remote entries requested: ${remoteEntries.length}`);
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

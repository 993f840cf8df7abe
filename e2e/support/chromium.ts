import { existsSync } from 'node:fs';

/**
 * Debian's Chromium for the browser tests, the screenshots and the benches. Its headless shell
 * (package `chromium-headless-shell`, the same engine and version) is what Playwright itself runs
 * headless: it renders a page without the full browser's user interface and took about a fifth less
 * CPU than `chromium --headless` for the same visits (`npm run bench:chromium`; docs/performance.md,
 * "The test loop"). Without it, the full browser. CHROMIUM_PATH chooses another binary.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';
/** The binary to drive, as the machine is now (an install may have added the headless shell). */
export const chromiumPath = (): string =>
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH);
export const CHROMIUM_PATH = chromiumPath();

/** The flags this offline machine needs (no background network calls). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true };

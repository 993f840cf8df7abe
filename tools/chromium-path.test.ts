import type * as fs from 'node:fs';
import { existsSync } from 'node:fs';
import { chromiumPath, FULL_CHROMIUM_PATH, HEADLESS_SHELL_PATH } from '../e2e/support/chromium';

jest.mock('node:fs', () => ({ ...jest.requireActual<typeof fs>('node:fs'), existsSync: jest.fn() }));
const exists = jest.mocked(existsSync);

/** docs/testing.md: the browser tests drive the headless shell where it is installed, else the full browser. */
describe('chromiumPath', () => {
  const saved = process.env.CHROMIUM_PATH;
  beforeEach(() => delete process.env.CHROMIUM_PATH);
  afterAll(() => {
    if (saved === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = saved;
  });

  it('is the headless shell when it is installed', () => {
    exists.mockImplementation((file) => file === HEADLESS_SHELL_PATH || file === FULL_CHROMIUM_PATH);
    expect(chromiumPath()).toBe(HEADLESS_SHELL_PATH);
  });

  it('is the full browser without the headless shell', () => {
    exists.mockImplementation((file) => file === FULL_CHROMIUM_PATH);
    expect(chromiumPath()).toBe(FULL_CHROMIUM_PATH);
  });

  it('is CHROMIUM_PATH when it is set', () => {
    exists.mockReturnValue(true);
    process.env.CHROMIUM_PATH = '/opt/chrome/chrome';
    expect(chromiumPath()).toBe('/opt/chrome/chrome');
  });
});

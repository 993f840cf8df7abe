import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { PrivacyNotice } from '@portal/shared/domain';

export const DEMO_PASSWORD = 'demo-password-123';
export const DEMO = {
  applicant: 'applicant@example.com',
  reviewer: 'reviewer@example.com',
  director: 'director@example.com',
} as const;

let counter = 0;
/** A fresh address per call, so tests never share an account. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${counter}@example.com`;
}

/** The privacy notice the portal has in force, accepted as the sign-up page's box does (for a registration's body). */
export async function acceptedPrivacyNotice(request: APIRequestContext): Promise<{ privacyNoticeVersion: string }> {
  const response = await request.get('/api/privacy-notice');
  expect(response.status(), await response.text()).toBe(200);
  return { privacyNoticeVersion: ((await response.json()) as PrivacyNotice).version };
}

/** Registers through the API, as the sign-up page does; the account starts unverified. */
export async function registerAccount(request: APIRequestContext, email: string, password = 'first-password-1') {
  const response = await request.post('/api/auth/register', {
    data: { email, password, firstName: 'Test', lastName: 'Person', ...(await acceptedPrivacyNotice(request)) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password };
}

/** Logs in through the login page and waits until the page has moved on. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/login')) await page.goto('/login');
  // A session still kept in the browser sends /login home: that fails here, within the expect
  // timeout and saying so, not at the end of the test's own timeout.
  const emailField = page.getByLabel('Email');
  await expect(emailField, 'the login form (a session still signed in is sent home from /login)').toBeVisible();
  await emailField.fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Records every path the page shows, including client-side redirects that pass by quickly. */
export async function recordPaths(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const record = () => seen.push(window.location.pathname);
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        record();
      };
    }
    record();
    Object.assign(window, { __seenPaths: seen });
  });
  return () => page.evaluate(() => (window as unknown as { __seenPaths: string[] }).__seenPaths);
}

/** Registers an applicant and marks the address verified through the Auth emulator's admin API. */
export async function registerVerifiedApplicant(
  request: APIRequestContext,
  email: string,
  password = 'first-password-1',
  name = { firstName: 'Test', lastName: 'Applicant' },
) {
  const response = await request.post('/api/auth/register', {
    data: { email, password, ...name, ...(await acceptedPrivacyNotice(request)) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const verified = await request.post('/identitytoolkit.googleapis.com/v1/projects/demo-portal/accounts:update', {
    headers: { Authorization: 'Bearer owner' },
    data: { localId: id, emailVerified: true },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return { email, password };
}

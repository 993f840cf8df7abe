import type { Page } from '@playwright/test';
import type { ApplicationForm } from '@portal/shared/domain';
import { DEMO_PASSWORD } from '../../functions/src/seed/demo-accounts';
import { signIn } from './accounts';

/** What the benches' visits share: logging in from the landing page, and making a form the live one. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Log In' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Publishes `form` and makes it the live one, as the director does (through the API). */
export async function activate(baseUrl: string, form: ApplicationForm): Promise<void> {
  const headers = {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${await signIn(baseUrl, 'director@example.com', DEMO_PASSWORD)}`,
  };
  const { isActive: _isActive, decisionsReleased: _released, ...definition } = form;
  const published = await fetch(`${baseUrl}/api/application/forms`, {
    method: 'POST',
    headers,
    body: JSON.stringify(definition),
  });
  if (published.status !== 201) throw new Error(`publish: ${published.status} ${await published.text()}`);
  const activated = await fetch(`${baseUrl}/api/admin/forms/${form.id}/activate`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (activated.status !== 200) throw new Error(`activate: ${activated.status} ${await activated.text()}`);
}

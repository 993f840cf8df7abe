import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import type { ApplicationForm } from '@portal/shared/domain';
import { startPortalProcess, type PortalProcess } from '../../tools/portal-process';

type StartOptions = Parameters<typeof startPortalProcess>[0];

export interface OwnPortalOptions extends StartOptions {
  /** The time the start and `setup` may take together, and each of the spec's tests. */
  timeout: number;
  /** Seeds what the spec's tests share, once the runtime is up, through an API client on it. */
  setup?: (request: APIRequestContext, portal: PortalProcess) => Promise<void>;
}

/**
 * Gives a spec a runtime of its own, started as `npm start` starts it on its own ports and data
 * directory: up before the spec's first test, stopped after its last, with the tests' baseURL on it.
 * The spec's tests run one after another, as they share its data. With a Firestore emulator port,
 * it checks the API runs on the store this run is about (PORTAL_STORE, as the launcher reads it).
 * Returns the running portal (for its URL or process), once the tests have started.
 */
export function ownPortal({ timeout, setup, ...start }: OwnPortalOptions): () => PortalProcess {
  let portal: PortalProcess | undefined;

  test.describe.configure({ mode: 'serial', timeout });

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(timeout);
    portal = await startPortalProcess(start);
    if (start.firestoreEmulatorPort) {
      const health = (await (await fetch(`${portal.url}/api/health`)).json()) as { store: string };
      expect(health.store).toBe(process.env.PORTAL_STORE || 'sqlite');
    }
    if (setup) {
      const request = await playwright.request.newContext({ baseURL: portal.url });
      try {
        await setup(request, portal);
      } finally {
        await request.dispose();
      }
    }
  });

  test.afterAll(async () => {
    await portal?.stop();
  });

  test.use({ baseURL: `http://127.0.0.1:${start.port}` });

  return () => {
    if (!portal) throw new Error('The portal is not running: ask for it inside a test or hook.');
    return portal;
  };
}

/** Publishes a form definition, then makes it the live form with its own action, as the director does. */
export async function publishAndActivate(
  request: APIRequestContext,
  headers: Record<string, string>,
  form: Omit<ApplicationForm, 'isActive' | 'decisionsReleased'> & Partial<ApplicationForm>,
): Promise<void> {
  const { isActive: _isActive, decisionsReleased: _released, ...definition } = form;
  const published = await request.post('/api/application/forms', { headers, data: definition });
  expect(published.status(), await published.text()).toBe(201);
  const activated = await request.post(`/api/admin/forms/${form.id}/activate`, { headers, data: {} });
  expect(activated.status(), await activated.text()).toBe(200);
}

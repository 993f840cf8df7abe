import { FirestoreServer } from '@firestore-emulator/server';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { PORT_OFFSET } from '../../../tools/port-offset';
import type { OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import { createFirestoreStore } from '../store/firestore-store';
import { createHarness, FORM_ID, type Harness } from '../testing/api-harness';
import { seedApplications } from '../testing/staff-fixtures';
import { connectTestFirestore, testFirestoreEmulatorHost } from '../testing/test-firestore';

/**
 * A release of more than 450 applicants on the production store's adapter (Firestore takes 500
 * writes per commit): Google's Cloud Firestore emulator when installed, else the in-process
 * `@firestore-emulator/server` (as firestore-store.test.ts).
 */

jest.setTimeout(300_000);

const APPLICANTS = 460;
let db: Firestore;
let close: () => Promise<void>;

beforeAll(async () => {
  if (testFirestoreEmulatorHost()) {
    const firestore = connectTestFirestore('large-release-test');
    await firestore.clear();
    db = firestore.db;
    close = () => firestore.close();
    return;
  }
  const port = 18482 + PORT_OFFSET;
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const server = new FirestoreServer();
  await server.start(port);
  const app: App = initializeApp({ projectId: 'demo-large-release-test' }, 'large-release-test');
  db = getFirestore(app);
  close = async () => {
    await db.terminate();
    await deleteApp(app);
    server.stop();
  };
});
afterAll(() => close?.());

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness({ store: createFirestoreStore(db) });
});

it(`releases ${APPLICANTS} applicants on Firestore: one decision message each, none twice`, async () => {
  await seedApplications(
    harness,
    Array.from({ length: APPLICANTS }, (_, index) => ({
      id: `bulk-${index}`,
      firstName: `Bulk${index}`,
      lastName: 'Applicant',
    })),
    ['engineer'],
    { row: { decision: 'accepted', final: true } },
  );
  const res = await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {});
  expect(res.status).toBe(200);
  const messages = (await harness.store.query<OutboxMessage>(COLLECTIONS.outbox)).items.map((item) => item.data);
  const decisions = messages.filter((message) => message.template === 'decisionReleased');
  expect(decisions).toHaveLength(APPLICANTS);
  expect(new Set(decisions.map((message) => message.to)).size).toBe(APPLICANTS);
  expect(await harness.store.get(COLLECTIONS.jobs, FORM_ID)).toMatchObject({ state: 'done' });
});

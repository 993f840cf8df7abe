import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DELETED_APPLICANT, type ApplicationRow } from '@portal/shared/domain';
import { createLocalFileStore } from '../files/local-file-store';
import type { FileStore } from '../files/file-store';
import { DEFAULT_MAIL_SETTINGS } from '../outbox/outbox';
import { createOutboxSender, triggerEmailTransport } from '../outbox/outbox-sender';
import { createScheduler } from '../scheduler/scheduler';
import { COLLECTIONS } from '../store/collections';
import { createHarness, DAY_MS, FORM_ID, later, START, type Harness } from '../testing/api-harness';
import { seedEverything, tracesOf, type SeededApplicant } from '../testing/erasure-fixtures';
import { storeTargets } from '../testing/store-targets';

/**
 * Erasure leaves nothing that names the person (docs/security.md): one applicant with everything
 * (answers, a résumé, a review naming them, a conflict declared by their email, a booking, emails
 * as the mail service keeps them, search keys, audit entries), erased by their own deletion and by
 * their form's retention; then every collection of the store and every stored file is searched
 * for their id, email, names, response and file ids. On SQLite and on Google's Cloud Firestore
 * emulator.
 */
jest.setTimeout(120_000);

describe.each(storeTargets('erasure'))('erasure on %s', (_name, makeStore) => {
  let harness: Harness;
  let files: FileStore;
  let filesRoot: string;
  let cleanup: () => Promise<void>;

  beforeEach(async () => {
    if (!makeStore) return;
    const made = await makeStore();
    cleanup = made.cleanup;
    filesRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-erasure-'));
    files = createLocalFileStore({ root: filesRoot });
    harness = await createHarness({ store: made.store, files });
  });
  afterEach(async () => {
    if (!makeStore) return;
    await harness.close();
    await cleanup();
    fs.rmSync(filesRoot, { recursive: true, force: true });
  });
  const run = (title: string, fn: () => Promise<void>) => (makeStore ? it : it.skip)(title, fn);

  /** Everything seeded and released, its emails handed to the mail service (which keeps a copy each). */
  async function seeded(): Promise<SeededApplicant> {
    const applicant = await seedEverything(harness, { released: true });
    const sender = createOutboxSender({
      store: harness.store,
      transport: triggerEmailTransport,
      now: () => harness.clock.now,
    });
    while ((await sender.runOnce()).sent > 0);
    // The director's ZIP of the form's files, kept for its download: it holds their résumé under their name.
    await harness.as('dora').post(`/admin/forms/${FORM_ID}/export/files`).expect(200);
    await harness.as('dora').get(`/admin/forms/${FORM_ID}/export/files.zip`).expect(200);
    expect(await tracesOf(harness, applicant, filesRoot)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^mail\//),
        expect.stringMatching(/^audit-log\//),
        expect.stringMatching(/^file exports\/.* holds /),
      ]),
    );
    return applicant;
  }

  const anonymousRows = async () =>
    (await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses)).items
      .map((item) => item.data)
      .filter((row) => row.erased);

  run('leaves nothing of an applicant who deleted their account but the anonymous counts', async () => {
    const applicant = await seeded();
    await harness.as('eve').post('/auth/delete', { confirmation: 'DELETE' }).expect(200);

    expect(await tracesOf(harness, applicant, filesRoot)).toEqual([]);
    expect(harness.accounts.accounts.has('eve')).toBe(false);
    expect((await anonymousRows()).map((row) => [row.role, row.decision, row.applicantName]).sort()).toEqual([
      ['bootcamp', 'denied', DELETED_APPLICANT],
      ['engineer', 'denied', DELETED_APPLICANT],
    ]);
    // ada's application is whole.
    expect(await harness.store.get(COLLECTIONS.responses, applicant.other.id)).not.toBeNull();
  });

  run("leaves nothing of an applicant not accepted once the form's retention has run", async () => {
    const applicant = await seeded();
    const scheduler = createScheduler({
      store: harness.store,
      now: () => harness.clock.now,
      mail: DEFAULT_MAIL_SETTINGS,
      erasure: { accounts: harness.accounts, files },
    });
    harness.clock.now = later(START, 173 * DAY_MS);
    expect(await scheduler.runOnce()).toMatchObject({ retentionNotices: 1 });
    harness.clock.now = later(START, 180 * DAY_MS);
    expect(await scheduler.runOnce()).toMatchObject({ retentionErased: 1 });

    expect(await tracesOf(harness, applicant, filesRoot)).toEqual([]);
    expect(harness.accounts.accounts.has('eve')).toBe(false);
    expect(await anonymousRows()).toHaveLength(2);
    expect(await harness.store.get(COLLECTIONS.responses, applicant.other.id)).not.toBeNull();
  });
});

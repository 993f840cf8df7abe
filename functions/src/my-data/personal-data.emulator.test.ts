import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DEFAULT_PRIVACY_NOTICE_VERSION, PRIVACY_NOTICE_MESSAGES, type User } from '@portal/shared/domain';
import { createLocalFileStore } from '../files/local-file-store';
import type { FileStore } from '../files/file-store';
import { COLLECTIONS } from '../store/collections';
import { createHarness, FORM_ID, START, type Harness } from '../testing/api-harness';
import { decidedApplication, downloadMyData, RESUME_BYTES, REVIEW_COMMENT } from '../testing/my-data-fixtures';
import { storeTargets } from '../testing/store-targets';

/**
 * An applicant's personal data on both stores (SQLite, and Google's Cloud Firestore emulator): the
 * privacy notice accepted at sign-up and again after a new version, recorded on the user record;
 * and "Download my data", read through each store's queries (responses, files, bookings and
 * emails by their owner), with no review work and no decision before the release.
 */

jest.setTimeout(120_000);

const NEW_NOTICE = { version: '2026-09', text: 'We keep **less** now.' };

describe.each(storeTargets('personal-data'))('personal data on %s', (_name, makeStore) => {
  const run = makeStore ? it : it.skip;
  let harness: Harness;
  let files: FileStore;
  let root: string;
  let cleanup: () => Promise<void>;

  /** A harness on a fresh store of this target, with local files, and the notice in force. */
  async function start(privacyNotice?: typeof NEW_NOTICE) {
    const made = await makeStore!();
    cleanup = made.cleanup;
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-personal-data-'));
    files = createLocalFileStore({ root });
    harness = await createHarness({ store: made.store, files, ...(privacyNotice && { privacyNotice }) });
  }

  afterEach(async () => {
    if (!makeStore || !harness) return;
    await harness.close();
    await cleanup();
    await fs.rm(root, { recursive: true, force: true });
  });

  run('sign-up records the privacy notice accepted, and refuses without it, storing nothing', async () => {
    await start();
    const body = { email: 'nova@example.com', password: 'hunter22x', firstName: 'Nova', lastName: 'Newcomer' };
    const refused = await request(harness.server).post('/api/auth/register').send(body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { path: 'privacyNoticeVersion', message: PRIVACY_NOTICE_MESSAGES.required },
    ]);
    const stale = await request(harness.server)
      .post('/api/auth/register')
      .send({ ...body, privacyNoticeVersion: 'an-older-one' });
    expect(stale.status).toBe(400);
    expect(stale.body.error.reason).toBe('privacy-notice-changed');
    expect(await harness.store.count(COLLECTIONS.users, [{ field: 'email', value: body.email }])).toBe(0);

    const created = await request(harness.server)
      .post('/api/auth/register')
      .send({ ...body, privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION });
    expect(created.status).toBe(201);
    expect(await harness.store.get<User>(COLLECTIONS.users, created.body.id)).toMatchObject({
      email: body.email,
      privacyNotice: { version: DEFAULT_PRIVACY_NOTICE_VERSION, acceptedAt: START.toISOString() },
    });
  });

  run('a new version is asked of a user who accepted the old one, and their acceptance is stored', async () => {
    await start(NEW_NOTICE);
    await harness.store.update(COLLECTIONS.users, 'ada', {
      privacyNotice: { version: DEFAULT_PRIVACY_NOTICE_VERSION, acceptedAt: START.toISOString() },
    });
    const session = await harness.as('ada').get('/session');
    expect(session.body).toMatchObject({
      privacyNoticeVersion: NEW_NOTICE.version,
      user: { privacyNotice: { version: DEFAULT_PRIVACY_NOTICE_VERSION } },
    });
    const old = await harness.as('ada').post('/auth/privacy-notice', { version: DEFAULT_PRIVACY_NOTICE_VERSION });
    expect(old.status).toBe(400);

    expect((await harness.as('ada').post('/auth/privacy-notice', { version: NEW_NOTICE.version })).status).toBe(200);
    expect(await harness.store.get<User>(COLLECTIONS.users, 'ada')).toMatchObject({
      privacyNotice: { version: NEW_NOTICE.version, acceptedAt: START.toISOString() },
      // The rest of the record stays as it was.
      email: 'ada@example.com',
      role: 'applicant',
    });
    expect((await harness.as('ada').get('/session')).body.user.privacyNotice.version).toBe(NEW_NOTICE.version);
  });

  run(
    '"Download my data" holds her application, file, booking and emails; no review work; decisions once released',
    async () => {
      await start();
      const { responseId } = await decidedApplication(harness, files);

      const before = await downloadMyData(harness, 'ada');
      expect(before.entries.get('files/Ada CV.pdf')).toEqual(RESUME_BYTES);
      expect(before.data.account).toMatchObject({ id: 'ada', email: 'ada@example.com' });
      expect(before.data.applications).toEqual([
        expect.objectContaining({
          id: responseId,
          status: 'In review',
          interview: expect.objectContaining({ place: 'Room 101' }),
          decisionsReleased: false,
          decisions: [],
        }),
      ]);
      expect(before.data.emails.map((email) => email.kind).sort()).toEqual([
        'Interview confirmation',
        'Interview invitation',
        'Submission receipt',
      ]);
      for (const phrase of ['rita', REVIEW_COMMENT.toLowerCase(), '"scores"', 'accepted', 'denied']) {
        expect({ phrase, seen: before.text.includes(phrase) }).toEqual({ phrase, seen: false });
      }

      expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {})).status).toBe(200);
      const after = await downloadMyData(harness, 'ada');
      expect(after.data.applications[0]!.decisions.map((each) => [each.role, each.decision])).toEqual([
        ['Engineer', 'Accepted'],
        ['Bootcamp', 'Denied'],
      ]);
      expect(after.data.emails.map((email) => email.kind)).toContain('Decision released');
      for (const phrase of ['rita', REVIEW_COMMENT.toLowerCase(), '"scores"']) {
        expect({ phrase, seen: after.text.includes(phrase) }).toEqual({ phrase, seen: false });
      }

      // A reviewer's own download holds nothing of hers.
      const rita = await downloadMyData(harness, 'rita');
      expect(rita.data.applications).toEqual([]);
      expect(rita.text).not.toContain('nova');
    },
  );
});

import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { MY_DATA_JSON, MY_DATA_PATH, myDataFileName } from '@portal/shared/domain';
import { storagePath } from '../files/files.service';
import { createLocalFileStore } from '../files/local-file-store';
import type { FileStore } from '../files/file-store';
import { COLLECTIONS } from '../store/collections';
import { createHarness, FORM_ID, START, type Harness } from '../testing/api-harness';
import { binaryBody } from '../testing/export-fixtures';
import { decidedApplication, downloadMyData, RESUME_BYTES, REVIEW_COMMENT } from '../testing/my-data-fixtures';
import { DEFAULT_PRIVACY_NOTICE_VERSION } from '../users/privacy-notice';

/**
 * GET /api/account/data.zip, "Download my data" (docs/product.md#download-my-data): everything the
 * portal holds about the caller, and nothing of the review work nor anything before its release.
 */

jest.setTimeout(60_000);

let harness: Harness;
let files: FileStore;
let root: string;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-my-data-'));
  files = createLocalFileStore({ root });
  harness = await createHarness({ files });
});

afterEach(async () => {
  await harness.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('GET /api/account/data.zip', () => {
  it('holds the account, the application and its answers, the file, the booking and the emails, as one ZIP', async () => {
    await harness.store.update(COLLECTIONS.users, 'ada', {
      privacyNotice: { version: DEFAULT_PRIVACY_NOTICE_VERSION, acceptedAt: START.toISOString() },
    });
    const { responseId, slot } = await decidedApplication(harness, files);

    const { res, data, entries } = await downloadMyData(harness, 'ada');

    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${myDataFileName(START)}"`);
    expect([...entries.keys()].sort()).toEqual(['files/Ada CV.pdf', MY_DATA_JSON]);
    expect(entries.get('files/Ada CV.pdf')).toEqual(RESUME_BYTES);
    expect(data.exportedAt).toBe(START.toISOString());
    expect(data.account).toEqual({
      id: 'ada',
      email: 'ada@example.com',
      firstName: 'ada',
      lastName: 'Tester',
      role: 'applicant',
      privacyNotice: { version: DEFAULT_PRIVACY_NOTICE_VERSION, acceptedAt: START.toISOString() },
    });
    const [application] = data.applications;
    expect(application).toMatchObject({
      id: responseId,
      form: { id: FORM_ID, semester: harness.form.semester },
      status: 'In review',
      roles: ['Engineer', 'Bootcamp'],
      interview: { startsAt: slot.startsAt, minutes: 30, place: 'Room 101', bookedAt: START.toISOString() },
      decisionsReleased: false,
      decisions: [],
    });
    expect(application!.answers).toEqual(
      expect.arrayContaining([
        { section: 'About You', question: expect.any(String), answer: 'Nova' },
        { section: 'About You', question: expect.any(String), answer: 'Ada CV.pdf', file: 'files/Ada CV.pdf' },
        { section: expect.any(String), question: expect.any(String), answer: ['Engineer', 'Bootcamp'] },
      ]),
    );
    expect(data.files).toEqual([
      {
        name: 'Ada CV.pdf',
        contentType: 'application/pdf',
        size: RESUME_BYTES.length,
        uploadedAt: START.toISOString(),
        applicationId: responseId,
        question: expect.any(String),
        path: 'files/Ada CV.pdf',
      },
    ]);
    // The receipt, the invitation and the booking's confirmation, as they were sent to her.
    expect(data.emails.map((email) => [email.kind, email.to]).sort()).toEqual([
      ['Interview confirmation', 'ada@example.com'],
      ['Interview invitation', 'ada@example.com'],
      ['Submission receipt', 'ada@example.com'],
    ]);
    const confirmation = data.emails.find((email) => email.kind === 'Interview confirmation')!;
    expect(confirmation).toMatchObject({ subject: expect.stringContaining('Your interview'), state: 'queued' });
    expect(confirmation.attachments).toEqual([expect.stringMatching(/\.ics$/)]);
    // Her booking names when and where, not who interviews (the confirmation itself is a copy, as sent).
    expect(Object.keys(application!.interview!).sort()).toEqual(['bookedAt', 'minutes', 'place', 'startsAt']);
  });

  it("carries nothing of the review work: the reviewer, the scores, the comment, the row's staff fields", async () => {
    await decidedApplication(harness, files);
    const { text } = await downloadMyData(harness, 'ada');
    // rita reviewed it; dora qualified and decided it. (rob interviews: the confirmation email names him, as sent.)
    for (const phrase of [
      'rita',
      'dora',
      REVIEW_COMMENT.toLowerCase(),
      '"scores"',
      '"comments"',
      'qualified',
      'staffid',
    ]) {
      expect({ phrase, seen: text.includes(phrase) }).toEqual({ phrase, seen: false });
    }
  });

  it('holds no decision before the release, and each decision with its letter after it', async () => {
    const { responseId } = await decidedApplication(harness, files);
    const before = await downloadMyData(harness, 'ada');
    for (const phrase of ['accepted', 'denied', 'joining our project teams']) {
      expect({ phrase, seen: before.text.includes(phrase) }).toEqual({ phrase, seen: false });
    }

    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {})).status).toBe(200);
    const after = await downloadMyData(harness, 'ada');
    const [application] = after.data.applications;
    expect(application).toMatchObject({ id: responseId, decisionsReleased: true, status: 'Decided' });
    expect(application!.decisions).toEqual([
      {
        role: 'Engineer',
        decision: 'Accepted',
        offer: null,
        offerDeadline: null,
        offerRepliedAt: null,
        letter: expect.stringContaining('joining our project teams'),
      },
      expect.objectContaining({ role: 'Bootcamp', decision: 'Denied', letter: expect.any(String) }),
    ]);
    expect(after.data.emails.map((email) => email.kind)).toEqual(expect.arrayContaining(['Decision released']));
    expect(after.text).not.toContain(REVIEW_COMMENT.toLowerCase());
  });

  it('gives a staff member their own data, none of the applications they work on', async () => {
    await decidedApplication(harness, files);
    const { data, entries, text } = await downloadMyData(harness, 'rita');
    expect(data.account).toMatchObject({ id: 'rita', role: 'reviewer' });
    expect(data.applications).toEqual([]);
    expect(data.files).toEqual([]);
    expect([...entries.keys()]).toEqual([MY_DATA_JSON]);
    for (const phrase of ['nova', 'ada cv', REVIEW_COMMENT.toLowerCase()]) expect(text).not.toContain(phrase);
  });

  it('leaves out a file whose bytes are gone, saying so, instead of failing', async () => {
    const { resume } = await decidedApplication(harness, files);
    await files.delete(storagePath(resume));
    const { data, entries } = await downloadMyData(harness, 'ada');
    expect([...entries.keys()]).toEqual([MY_DATA_JSON]);
    expect(data.files[0]).toMatchObject({ name: 'Ada CV.pdf', path: null });
    expect(data.applications[0]!.answers.find((answer) => answer.answer === 'Ada CV.pdf')).not.toHaveProperty('file');
  });

  it('cuts the connection when a file fails while the archive streams: never a partial ZIP sent as whole', async () => {
    await decidedApplication(harness, files);
    // The file's bytes start to come, then the file store fails.
    const read = files.read.bind(files);
    jest.spyOn(files, 'read').mockImplementation(async (path) => {
      const stored = await read(path);
      if (!stored) return null;
      const stream = new Readable({ read() {} });
      stream.push(RESUME_BYTES.subarray(0, 4));
      setImmediate(() => stream.destroy(new Error('storage went away')));
      return { ...stored, stream };
    });
    await expect(harness.as('ada').get(MY_DATA_PATH).buffer(true).parse(binaryBody)).rejects.toThrow(
      /socket hang up|ECONNRESET|aborted/,
    );
    // Logged once the server has seen the failure (the client may see the cut first).
    for (let tries = 0; !harness.loggedErrors.join('\n').includes('storage went away'); tries += 1) {
      expect(tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });

  it('answers 404 to a verified identity without a user record, 403 unverified, 401 anonymous', async () => {
    await harness.store.delete(COLLECTIONS.users, 'eve');
    const missing = await harness.as('eve').get(MY_DATA_PATH);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('No user record for this account');
    expect((await harness.as('unverified').get(MY_DATA_PATH)).status).toBe(403);
    expect((await request(harness.server).get(`/api${MY_DATA_PATH}`)).status).toBe(401);
  });
});

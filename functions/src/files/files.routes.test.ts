import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import {
  RESPONSE_MESSAGES,
  uploadedFileSchema,
  type ApplicationForm,
  type ApplicationResponse,
  type UploadedFile,
  type User,
  type UserRole,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { createApp, type AppDeps } from '../app';
import type { IdentityVerifier, VerifiedIdentity } from '../identity/identity-verifier';
import { createInMemoryIdentityAdmin } from '../identity/in-memory-identity-admin';
import type { DocumentStore } from '../store/document-store';
import { userRecord } from '../users/users.repository';
import { createLocalFileStore } from './local-file-store';
import { MAX_UPLOAD_BODY_BYTES } from './files.routes';
import { claimUpload, releaseUpload, UPLOAD_LEASE_MS } from './upload-lease';
import { testSqliteStore } from '../testing/test-store';

const TEN_MB = 10 * 1024 * 1024;
const IDENTITIES: Record<string, VerifiedIdentity> = {
  ada: { uid: 'ada', email: 'ada@example.com', emailVerified: true },
  eve: { uid: 'eve', email: 'eve@example.com', emailVerified: true },
  rita: { uid: 'rita', email: 'rita@example.com', emailVerified: true },
  sam: { uid: 'sam', email: 'sam@example.com', emailVerified: true },
  newbie: { uid: 'newbie', email: 'newbie@example.com', emailVerified: false },
};
const ROLES: Record<string, UserRole> = { ada: 'applicant', eve: 'applicant', rita: 'reviewer', sam: 'super-reviewer' };

const fakeVerifier: IdentityVerifier = {
  async verifyIdToken(token) {
    const identity = IDENTITIES[token.replace(/^token-/, '')];
    if (!identity) throw new Error(`unknown token ${token}`);
    return identity;
  },
};

const ADA_RESPONSE = '11111111-1111-4111-8111-111111111111';
const ADA_SUBMITTED = '22222222-2222-4222-8222-222222222222';
const EVE_RESPONSE = '33333333-3333-4333-8333-333333333333';
const UNKNOWN_ID = '99999999-9999-4999-8999-999999999999';

const FORM: ApplicationForm = {
  id: 'form-1',
  semester: 'Spring',
  isActive: true,
  decisionsReleased: false,
  dueDate: '2099-01-01T00:00:00.000Z',
  sections: [
    {
      sectionId: 'about',
      sectionName: 'About',
      questions: [
        { questionId: 'name', questionType: 'short-answer', questionText: 'Your name?' },
        {
          questionId: 'resume',
          questionType: 'file-upload',
          questionText: 'Your resume',
          acceptedTypes: ['application/pdf'],
          maxSizeBytes: TEN_MB,
        },
        {
          questionId: 'portfolio',
          questionType: 'file-upload',
          questionText: 'A portfolio page (PDF preferred; Word accepted)',
          acceptedTypes: [
            'application/pdf',
            'application/msword',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          ],
          maxSizeBytes: TEN_MB,
        },
      ],
    },
  ],
  reviewRubrics: [],
  interviewRubrics: [],
};

function response(id: string, userId: string, status: ApplicationResponse['status']): ApplicationResponse {
  return {
    id,
    userId,
    applicationFormId: FORM.id,
    sectionResponses: [
      {
        sectionId: 'about',
        sectionName: 'About',
        questions: [{ questionId: 'resume', questionType: 'file-upload', applicationFormId: FORM.id, response: '' }],
      },
    ],
    status,
    dateSubmitted: '2024-01-01T00:00:00.000Z',
    rolesApplied: [],
    version: 3,
  };
}

function pdf(text = 'hello', size?: number): Buffer {
  const content = Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`);
  return size === undefined ? content : Buffer.concat([content, Buffer.alloc(size - content.length, 0x20)]);
}

let sandbox: string;
let filesRoot: string;
let store: DocumentStore;

beforeEach(async () => {
  sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-test-'));
  filesRoot = path.join(sandbox, 'files');
  store = testSqliteStore();
  for (const [id, role] of Object.entries(ROLES)) {
    const user: User = { id, email: `${id}@example.com`, firstName: id, lastName: 'X', role, activeApplications: [] };
    await store.create(COLLECTIONS.users, id, userRecord(user));
  }
  await store.create(COLLECTIONS.forms, FORM.id, FORM);
  await store.create(COLLECTIONS.responses, ADA_RESPONSE, response(ADA_RESPONSE, 'ada', 'in-progress'));
  await store.create(COLLECTIONS.responses, ADA_SUBMITTED, response(ADA_SUBMITTED, 'ada', 'submitted'));
  await store.create(COLLECTIONS.responses, EVE_RESPONSE, response(EVE_RESPONSE, 'eve', 'in-progress'));
});
afterEach(async () => {
  await store.close();
  fs.rmSync(sandbox, { recursive: true, force: true });
});

function buildApp(overrides: Partial<AppDeps> = {}) {
  return createApp({
    store,
    files: createLocalFileStore({ root: filesRoot }),
    identity: fakeVerifier,
    accounts: createInMemoryIdentityAdmin(),
    logger: pino({ level: 'silent' }),
    storeName: 'sqlite',
    version: 'test',
    ...overrides,
  });
}

interface UploadOptions {
  as?: string | null;
  responseId?: string;
  questionId?: string;
  contentType?: string;
  fileName?: string | null;
  app?: ReturnType<typeof buildApp>;
}

function upload(body: Buffer, options: UploadOptions = {}) {
  const { as = 'ada', responseId = ADA_RESPONSE, questionId = 'resume', contentType = 'application/pdf' } = options;
  const fileName = options.fileName === undefined ? encodeURIComponent('resume.pdf') : options.fileName;
  let req = request(options.app ?? buildApp())
    .post(`/api/files/${responseId}/${questionId}`)
    .set('Content-Type', contentType);
  if (as) req = req.set('Authorization', `Bearer token-${as}`);
  if (fileName !== null) req = req.set('X-File-Name', fileName);
  return req.send(body);
}

function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

function download(fileId: string, as = 'ada') {
  return request(buildApp())
    .get(`/api/files/${fileId}`)
    .set('Authorization', `Bearer token-${as}`)
    .buffer(true)
    .parse(binary);
}

function meta(fileId: string, as = 'ada') {
  return request(buildApp()).get(`/api/files/${fileId}/meta`).set('Authorization', `Bearer token-${as}`);
}

async function uploaded(body = pdf(), options: UploadOptions = {}): Promise<UploadedFile> {
  const res = await upload(body, options);
  expect(res.status).toBe(201);
  return res.body as UploadedFile;
}

async function storedFiles(): Promise<UploadedFile[]> {
  return (await store.query<UploadedFile>(COLLECTIONS.files)).items.map((item) => item.data);
}

/** Every stored byte file, relative to the store root (metadata and temp trees left out). */
function filesOnDisk(): string[] {
  if (!fs.existsSync(filesRoot)) return [];
  return fs
    .readdirSync(filesRoot, { recursive: true, encoding: 'utf8' })
    .filter((entry) => !entry.startsWith('.') && fs.statSync(path.join(filesRoot, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .sort();
}

function expectError(res: request.Response, status: number, code: string, message?: string, reason?: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ error: { code, message: message ?? expect.any(String), ...(reason && { reason }) } });
}

async function expectNothingStored() {
  expect(await storedFiles()).toEqual([]);
  expect(filesOnDisk()).toEqual([]);
}

describe('POST /api/files/:responseId/:questionId', () => {
  it('stores a PDF and answers 201 with its record', async () => {
    const content = pdf('my resume');
    const res = await upload(content);

    expect(res.status).toBe(201);
    const file = uploadedFileSchema.parse(res.body);
    expect(file).toEqual({
      id: expect.any(String),
      ownerId: 'ada',
      responseId: ADA_RESPONSE,
      questionId: 'resume',
      name: 'resume.pdf',
      size: content.length,
      contentType: 'application/pdf',
      uploadedAt: expect.any(String),
    });
    expect(await storedFiles()).toEqual([res.body]);
    expect(filesOnDisk()).toEqual([`responses/${ADA_RESPONSE}/resume/${file.id}`]);
    expect(fs.readFileSync(path.join(filesRoot, 'responses', ADA_RESPONSE, 'resume', file.id))).toEqual(content);
  });

  it('does not change the response', async () => {
    const before = await store.get(COLLECTIONS.responses, ADA_RESPONSE);
    await uploaded();
    expect(await store.get(COLLECTIONS.responses, ADA_RESPONSE)).toEqual(before);
  });

  it('accepts a declared type with parameters and any case', async () => {
    const file = await uploaded(pdf(), { contentType: 'Application/PDF; name=x' });
    expect(file.contentType).toBe('application/pdf');
  });

  it('replaces the earlier upload of the same question: its bytes and record are deleted', async () => {
    const first = await uploaded(pdf('first'));
    const portfolio = await uploaded(pdf('portfolio'), { questionId: 'portfolio' });
    const second = await uploaded(pdf('second'));

    expect((await storedFiles()).map((file) => file.id).sort()).toEqual([portfolio.id, second.id].sort());
    expect(filesOnDisk()).toEqual(
      [`responses/${ADA_RESPONSE}/portfolio/${portfolio.id}`, `responses/${ADA_RESPONSE}/resume/${second.id}`].sort(),
    );
    expectError(await meta(first.id), 404, 'not-found');
    expect((await download(second.id)).body).toEqual(pdf('second'));
  });

  it('leaves one file where earlier races left several: the others go, records and bytes', async () => {
    const leftovers = [await uploaded(pdf('one')), await uploaded(pdf('two'), { questionId: 'portfolio' })];
    // As two racing uploads once left them: a second live record (and its bytes) for the resume.
    const stray: UploadedFile = { ...leftovers[1]!, id: '44444444-4444-4444-8444-444444444444', questionId: 'resume' };
    await store.create(COLLECTIONS.files, stray.id, stray);
    await createLocalFileStore({ root: filesRoot }).put(
      `responses/${ADA_RESPONSE}/resume/${stray.id}`,
      pdf(),
      'application/pdf',
    );

    const latest = await uploaded(pdf('latest'));
    expect((await storedFiles()).map((file) => file.id).sort()).toEqual([latest.id, leftovers[1]!.id].sort());
    expect(filesOnDisk()).toEqual(
      [
        `responses/${ADA_RESPONSE}/portfolio/${leftovers[1]!.id}`,
        `responses/${ADA_RESPONSE}/resume/${latest.id}`,
      ].sort(),
    );
  });

  it('refuses an upload while another to the same question is running, and stores nothing for it', async () => {
    const first = await uploaded(pdf('first'));
    const running = await claimUpload(store, { responseId: ADA_RESPONSE, questionId: 'resume' }, new Date());
    const res = await upload(pdf('second'));
    expectError(res, 409, 'conflict', 'Another upload to this question is in progress; try again in a moment');
    expect(await storedFiles()).toEqual([first]);
    expect(filesOnDisk()).toEqual([`responses/${ADA_RESPONSE}/resume/${first.id}`]);
    // Another question is not held up, and the question is free again once that upload ends.
    expect((await upload(pdf(), { questionId: 'portfolio' })).status).toBe(201);
    await releaseUpload(store, running!);
    expect((await upload(pdf('third'))).status).toBe(201);
  });

  it('takes over the question from an upload that never finished (its lease ran out)', async () => {
    const longAgo = new Date(Date.now() - UPLOAD_LEASE_MS - 1000);
    expect(await claimUpload(store, { responseId: ADA_RESPONSE, questionId: 'resume' }, longAgo)).not.toBeNull();
    expect((await upload(pdf())).status).toBe(201);
    expect(await store.query(COLLECTIONS.uploadLeases)).toMatchObject({ items: [] });
  });

  it('keeps the earlier upload when the new one is refused', async () => {
    const first = await uploaded();
    expect((await upload(Buffer.from('not a pdf'))).status).toBe(415);
    expect(await storedFiles()).toEqual([first]);
  });

  it('deletes the new bytes again when its record cannot be written', async () => {
    const failing: DocumentStore = { ...store, transaction: () => Promise.reject(new Error('disk full')) };
    const res = await upload(pdf(), { app: buildApp({ store: failing }) });
    expectError(res, 500, 'internal');
    await expectNothingStored();
  });

  it.each([
    ['a path', encodeURIComponent('../../etc/passwd'), 'passwd.pdf'],
    ['a Windows path', encodeURIComponent('C:\\Users\\ada\\cv.pdf'), 'cv.pdf'],
    ['control characters', encodeURIComponent('cv\u0000\r\n\u0007.pdf'), 'cv.pdf'],
    ['a right-to-left override', encodeURIComponent('cv\u202Efdp.exe'), 'cvfdp.exe.pdf'],
    ['an .html name', encodeURIComponent('page.html'), 'page.html.pdf'],
    ['an .exe name', encodeURIComponent('setup.exe'), 'setup.exe.pdf'],
    ['an upper-case extension of the type', encodeURIComponent('CV.PDF'), 'CV.PDF'],
    ['a dot inside the name', encodeURIComponent('J. Doe resume'), 'J. Doe resume.pdf'],
    ['only dots', encodeURIComponent('..'), 'file.pdf'],
    ['reserved characters', encodeURIComponent('a<b>:c"d|e?f*.pdf'), 'a_b__c_d_e_f_.pdf'],
    ['a name that is not URI-encoded', 'resume%zz.pdf', 'resume%zz.pdf'],
    ['no name', null, 'file.pdf'],
  ])('turns %s in X-File-Name into a harmless name', async (_case, header, expected) => {
    const file = await uploaded(pdf(), { fileName: header });
    expect(file.name).toBe(expected);
    expect(filesOnDisk()).toEqual([`responses/${ADA_RESPONSE}/resume/${file.id}`]);
    expect(fs.readdirSync(sandbox)).toEqual(['files']);
  });

  it('shortens a long name to the limit and keeps the extension', async () => {
    const file = await uploaded(pdf(), { fileName: encodeURIComponent(`${'é'.repeat(300)}.pdf`) });
    expect(file.name).toBe(`${'é'.repeat(196)}.pdf`);
  });

  it("shortens a long name of another extension to the limit, ending in the verified type's", async () => {
    const file = await uploaded(pdf(), { fileName: encodeURIComponent(`${'é'.repeat(300)}.html`) });
    expect(file.name).toBe(`${'é'.repeat(196)}.pdf`);
  });

  it('refuses an upload past the due date with 403 and keeps the earlier file', async () => {
    const first = await uploaded();
    const late = buildApp({ now: () => new Date('2099-01-01T00:00:01.000Z') });
    const res = await upload(pdf('late'), { app: late });
    expectError(res, 403, 'forbidden', 'The deadline for this application has passed', 'past-due');
    expect(await storedFiles()).toEqual([first]);
    expect(filesOnDisk()).toEqual([`responses/${ADA_RESPONSE}/resume/${first.id}`]);
  });

  it('refuses an upload at the due instant itself', async () => {
    const first = await uploaded();
    const onTheStroke = buildApp({ now: () => new Date(FORM.dueDate) });
    const res = await upload(pdf('late'), { app: onTheStroke });
    expectError(res, 403, 'forbidden', 'The deadline for this application has passed', 'past-due');
    expect(await storedFiles()).toEqual([first]);
  });

  it('refuses an upload once decisions are released with 403 and keeps the earlier file', async () => {
    const first = await uploaded();
    await store.update(COLLECTIONS.forms, FORM.id, { decisionsReleased: true });
    const res = await upload(pdf('late'));
    expectError(res, 403, 'forbidden', RESPONSE_MESSAGES.decisionsReleased, 'released');
    expect(await storedFiles()).toEqual([first]);
  });

  it('answers 415 to bytes that are not a PDF declared as one, and stores nothing', async () => {
    const res = await upload(Buffer.from('MZ\x90\x00 definitely an executable'));
    expectError(res, 415, 'unsupported-media-type', 'The file is not a valid PDF file', 'file-content');
    await expectNothingStored();
  });

  it.each([['image/png'], ['application/octet-stream'], ['text/plain']])(
    'answers 415 to a PDF declared as %s',
    async (contentType) => {
      const res = await upload(pdf(), { contentType });
      expectError(res, 415, 'unsupported-media-type', 'Upload a PDF file', 'file-type');
      await expectNothingStored();
    },
  );

  describe('a question that accepts several types (PDF preferred; Word accepted)', () => {
    const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const docx = () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/document.xml')]);
    const doc = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]);

    it('takes each of them', async () => {
      const options = (contentType: string, fileName: string) => ({ questionId: 'portfolio', contentType, fileName });
      expect((await uploaded(pdf(), options('application/pdf', 'cv.pdf'))).contentType).toBe('application/pdf');
      expect((await uploaded(docx(), options(DOCX, 'cv.docx'))).contentType).toBe(DOCX);
      expect((await uploaded(doc(), options('application/msword', 'cv.doc'))).contentType).toBe('application/msword');
    });

    it('refuses another type with one message listing every accepted kind once', async () => {
      const res = await upload(Buffer.from('PNG'), { questionId: 'portfolio', contentType: 'image/png' });
      expectError(res, 415, 'unsupported-media-type', 'Upload a PDF or Word file', 'file-type');
      await expectNothingStored();
    });

    it('refuses bytes that are not the declared Word type', async () => {
      const res = await upload(pdf(), { questionId: 'portfolio', contentType: DOCX });
      expectError(res, 415, 'unsupported-media-type', `The file is not a valid Word file`, 'file-content');
    });
  });

  it('answers 413 to a file over the question limit, naming the limit', async () => {
    const res = await upload(pdf('big', TEN_MB + 1));
    expectError(res, 413, 'payload-too-large', 'The file is larger than 10 MB', 'file-too-large');
    await expectNothingStored();
  });

  it('accepts a file of exactly the limit', async () => {
    const file = await uploaded(pdf('big', TEN_MB));
    expect(file.size).toBe(TEN_MB);
  });

  it('answers 413 with the same message to a body over the read limit', async () => {
    const res = await upload(pdf('huge', MAX_UPLOAD_BODY_BYTES + 1));
    expectError(res, 413, 'payload-too-large', 'The file is larger than 10 MB', 'file-too-large');
    await expectNothingStored();
  });

  it('answers 400 to an empty body', async () => {
    const res = await upload(Buffer.alloc(0));
    expectError(res, 400, 'invalid-request', 'The file is empty');
    await expectNothingStored();
  });

  it.each([
    ['an unknown question', 'nope', 'This form has no such question'],
    ['an invalid question id', 'no.such..question', 'This form has no such question'],
    ['a question that is not a file question', 'name', 'This question does not take a file'],
  ])('answers 400 to %s', async (_case, questionId, message) => {
    const res = await upload(pdf(), { questionId });
    expectError(res, 400, 'invalid-request', message);
    await expectNothingStored();
  });

  it.each([
    ["another applicant's response", EVE_RESPONSE],
    ['an unknown response', UNKNOWN_ID],
    ['a response id that is not a UUID', 'not-a-uuid'],
  ])('answers 404 to %s', async (_case, responseId) => {
    const res = await upload(pdf(), { responseId });
    expectError(res, 404, 'not-found', 'No response for this ID!');
    await expectNothingStored();
  });

  it('answers 404 to a reviewer uploading into an applicant response', async () => {
    const res = await upload(pdf(), { as: 'rita' });
    expectError(res, 404, 'not-found', 'No response for this ID!');
  });

  it('refuses an upload to a submitted response with 403, as a save', async () => {
    const res = await upload(pdf(), { responseId: ADA_SUBMITTED });
    expectError(res, 403, 'forbidden', 'This application can no longer be edited', 'submitted');
    await expectNothingStored();
  });

  it('takes a body the platform has already read, as Cloud Functions does', async () => {
    const host = express();
    host.use(
      express.raw({
        type: () => true,
        limit: '32mb',
        verify: (req, _res, buf) => Object.assign(req, { rawBody: buf }),
      }),
    );
    host.use(buildApp());
    const content = pdf('pre-read');

    const file = await uploaded(content, { app: host as unknown as ReturnType<typeof buildApp> });

    expect(file.size).toBe(content.length);
    expect((await download(file.id)).body).toEqual(content);
  });

  it('answers 401 without a token and 403 with an unverified email', async () => {
    expectError(await upload(pdf(), { as: null }), 401, 'unauthenticated');
    expectError(await upload(pdf(), { as: 'newbie' }), 403, 'email-not-verified');
    await expectNothingStored();
  });
});

describe('GET /api/files/:fileId and /meta', () => {
  it('gives the owner the record and the bytes, as a download', async () => {
    const content = pdf('round trip');
    const file = await uploaded(content, { fileName: encodeURIComponent("résumé (final) 'v2'.pdf") });

    const metaRes = await meta(file.id);
    expect(metaRes.status).toBe(200);
    expect(metaRes.body).toEqual(file);

    const res = await download(file.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(content);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(content.length));
    expect(res.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28final%29%20%27v2%27.pdf",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives a super-reviewer the record and the bytes of any file', async () => {
    const content = pdf('for review');
    const file = await uploaded(content);
    expect((await meta(file.id, 'sam')).body).toEqual(file);
    const res = await download(file.id, 'sam');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(content);
  });

  describe('a reviewer', () => {
    const assignRita = (kind: 'review' | 'interview', responseId = ADA_RESPONSE) =>
      store.create(kind === 'review' ? COLLECTIONS.reviews : COLLECTIONS.interviews, `${kind}-of-${responseId}`, {
        id: `${kind}-of-${responseId}`,
        kind,
        responseId,
        staffId: 'rita',
        applicationFormId: FORM.id,
      });

    it('answers 404, as for a missing file, while no review or interview of the response is assigned', async () => {
      const file = await uploaded();
      await assignRita('review', EVE_RESPONSE);
      const missing = await meta(UNKNOWN_ID, 'rita');
      expect((await meta(file.id, 'rita')).body).toEqual(missing.body);
      expect((await download(file.id, 'rita')).status).toBe(404);
    });

    it.each([['review'], ['interview']] as const)('reads the file once a %s is assigned', async (kind) => {
      const content = pdf('for review');
      const file = await uploaded(content);
      await assignRita(kind);
      expect((await meta(file.id, 'rita')).body).toEqual(file);
      const res = await download(file.id, 'rita');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(content);
    });

    it('answers 404 to a file of a section hidden from reviewers, even when assigned', async () => {
      const file = await uploaded();
      await assignRita('review');
      await store.update(COLLECTIONS.forms, FORM.id, {
        sections: FORM.sections.map((section) => ({ ...section, hiddenFromReviewers: true })),
      });
      expect((await meta(file.id, 'rita')).status).toBe(404);
      expect((await download(file.id, 'rita')).status).toBe(404);
      expect((await meta(file.id, 'sam')).status).toBe(200);
    });

    /** The form with the resume question (and, when asked, its section) changed. */
    const hideResume = (question: boolean, section = false) =>
      store.update(COLLECTIONS.forms, FORM.id, {
        sections: FORM.sections.map((each) => ({
          ...each,
          hiddenFromReviewers: section,
          questions: each.questions.map((q) =>
            q.questionId === 'resume' ? { ...q, hiddenFromReviewers: question } : q,
          ),
        })),
      });

    it('answers 404 to a file question the form hides from reviewers; the super-reviewer still reads it', async () => {
      const file = await uploaded();
      await assignRita('review');
      await hideResume(true);
      expect((await meta(file.id, 'rita')).status).toBe(404);
      expect((await download(file.id, 'rita')).status).toBe(404);
      expect((await download(file.id, 'sam')).status).toBe(200);
      expect((await download(file.id)).status).toBe(200);
    });

    it('answers 404 on a blind stage to a file question hidden in blind review; unblinded stages and the super-reviewer still read it', async () => {
      const file = await uploaded(pdf('Ada Lovelace, resume'));
      await assignRita('review');
      await store.update(COLLECTIONS.forms, FORM.id, {
        blindReview: { review: true },
        sections: FORM.sections.map((each) => ({
          ...each,
          hiddenFromReviewers: false,
          questions: each.questions.map((q) => (q.questionId === 'resume' ? { ...q, identifying: true } : q)),
        })),
      });
      expect((await meta(file.id, 'rita')).status).toBe(404);
      expect((await download(file.id, 'rita')).status).toBe(404);
      expect((await download(file.id, 'sam')).status).toBe(200);
      // Interviews are not blind: an interviewer meets the applicant anyway.
      await assignRita('interview');
      expect((await download(file.id, 'rita')).status).toBe(200);
    });

    it('lets an assigned reviewer read a file question shown to reviewers in a section hidden from them', async () => {
      const content = pdf('shown resume');
      const file = await uploaded(content);
      await assignRita('interview');
      await hideResume(false, true);
      const res = await download(file.id, 'rita');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(content);
      expect(res.headers['content-type']).toBe('application/pdf');
    });
  });

  it('answers another applicant 404, exactly as for a file that does not exist', async () => {
    const file = await uploaded();
    const missing = await meta(UNKNOWN_ID, 'eve');
    for (const res of [await meta(file.id, 'eve'), await download(file.id, 'eve')]) {
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.text ?? res.body.toString())).toEqual(missing.body);
    }
  });

  it('answers 404 to an id that is not a UUID', async () => {
    expectError(await meta('../../etc'), 404, 'not-found');
  });

  it('answers 404 when the bytes have gone missing', async () => {
    const file = await uploaded();
    await createLocalFileStore({ root: filesRoot }).delete(`responses/${ADA_RESPONSE}/resume/${file.id}`);
    const res = await download(file.id);
    expect(res.status).toBe(404);
  });

  it('needs a verified identity', async () => {
    const file = await uploaded();
    expect((await request(buildApp()).get(`/api/files/${file.id}/meta`)).status).toBe(401);
    expect((await meta(file.id, 'newbie')).status).toBe(403);
    expect((await download(file.id, 'newbie')).status).toBe(403);
  });
});

describe('the JSON routes', () => {
  it('still refuse bodies that are not JSON', async () => {
    const res = await request(buildApp())
      .post('/api/session')
      .set('Authorization', 'Bearer token-ada')
      .set('Content-Type', 'application/pdf')
      .send(pdf());
    expectError(res, 415, 'unsupported-media-type', 'Request body must be application/json');
  });
});

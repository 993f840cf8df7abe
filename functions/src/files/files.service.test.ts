import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ApplicationForm, type ApplicationResponse, type UploadedFile } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { createLocalFileStore } from './local-file-store';
import { createFilesRepository, type FilesRepository } from './files.repository';
import { createFilesService } from './files.service';
import { testSqliteStore } from '../testing/test-store';

const RESPONSE_ID = '11111111-1111-4111-8111-111111111111';
const FORM = {
  id: 'form-1',
  sections: [
    {
      sectionId: 's',
      sectionName: 'S',
      questions: [
        {
          questionId: 'resume',
          questionType: 'file-upload',
          questionText: 'Resume',
          acceptedTypes: ['application/pdf'],
          maxSizeBytes: 1024,
        },
      ],
    },
  ],
} as unknown as ApplicationForm;

let sandbox: string;
let store: DocumentStore;

beforeEach(async () => {
  sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-service-'));
  store = testSqliteStore();
  await store.create(COLLECTIONS.forms, FORM.id, FORM);
  await store.create(COLLECTIONS.responses, RESPONSE_ID, {
    id: RESPONSE_ID,
    userId: 'ada',
    applicationFormId: FORM.id,
    status: 'in-progress',
  } as Partial<ApplicationResponse>);
});
afterEach(async () => {
  await store.close();
  fs.rmSync(sandbox, { recursive: true, force: true });
});

const input = (text: string) => ({
  uid: 'ada',
  responseId: RESPONSE_ID,
  questionId: 'resume',
  contentType: 'application/pdf',
  fileName: `${text}.pdf`,
  content: Buffer.from(`%PDF-${text}`),
});

const storedIds = async () => (await store.query<UploadedFile>(COLLECTIONS.files)).items.map((item) => item.id).sort();

const storedBytes = () =>
  fs
    .readdirSync(sandbox, { recursive: true, encoding: 'utf8' })
    .filter((entry) => !entry.startsWith('.') && fs.statSync(path.join(sandbox, entry)).isFile())
    .map((entry) => path.basename(entry))
    .sort();

it('keeps exactly one of many uploads that race for the same question, with only its bytes', async () => {
  const service = createFilesService({
    files: createFilesRepository(store),
    storage: createLocalFileStore({ root: sandbox }),
    now: () => new Date('2024-05-01T12:00:00.000Z'),
  });

  const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => service.upload(input(`up${i}`))));

  const kept = await storedIds();
  expect(kept).toHaveLength(1);
  expect(storedBytes()).toEqual(kept);
  const answered = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.id] : []));
  expect(answered).toContain(kept[0]);
});

it('refuses the upload, keeping the earlier file, when the response is submitted while the bytes are stored', async () => {
  const service = createFilesService({
    files: createFilesRepository(store),
    storage: createLocalFileStore({ root: sandbox }),
  });
  const first = await service.upload(input('first'));
  const repository = createFilesRepository(store);
  const racing: FilesRepository = {
    ...repository,
    // The upload's first look still sees the draft; the submit lands right after it.
    async getResponse(id) {
      const response = await repository.getResponse(id);
      await store.update(COLLECTIONS.responses, RESPONSE_ID, { status: 'submitted' });
      return response;
    },
  };
  const late = createFilesService({ files: racing, storage: createLocalFileStore({ root: sandbox }) });

  await expect(late.upload(input('late'))).rejects.toMatchObject({ code: 'forbidden' });
  expect(await storedIds()).toEqual([first.id]);
  expect(storedBytes()).toEqual([first.id]);
});

it('replaces an upload made a moment earlier', async () => {
  const times = [new Date('2024-05-01T12:00:00.000Z'), new Date('2024-05-01T12:00:00.001Z')];
  const service = createFilesService({
    files: createFilesRepository(store),
    storage: createLocalFileStore({ root: sandbox }),
    now: () => times.shift()!,
    newId: (() => {
      const ids = ['ffffffff-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000'];
      return () => ids.shift()!;
    })(),
  });
  await service.upload(input('one'));
  const second = await service.upload(input('two'));
  expect(await storedIds()).toEqual([second.id]);
});

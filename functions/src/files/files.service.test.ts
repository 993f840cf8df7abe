import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ApplicationForm, type ApplicationResponse, type UploadedFile } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { createSqliteStore } from '../store/sqlite-store';
import { createLocalFileStore } from './local-file-store';
import { createFilesRepository, type FilesRepository } from './files.repository';
import { createFilesService } from './files.service';

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
  store = createSqliteStore({ filename: ':memory:' });
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

it('keeps exactly one of two uploads that race for the same question, at the same instant', async () => {
  let arrived = 0;
  let release!: () => void;
  const bothListed = new Promise<void>((resolve) => (release = resolve));
  const repository = createFilesRepository(store);
  const racing: FilesRepository = {
    ...repository,
    async listFiles(responseId, questionId) {
      if (++arrived === 2) release();
      await bothListed;
      return repository.listFiles(responseId, questionId);
    },
  };
  const ids = ['bbbbbbbb-0000-4000-8000-000000000000', 'aaaaaaaa-0000-4000-8000-000000000000'];
  const service = createFilesService({
    files: racing,
    storage: createLocalFileStore({ root: sandbox }),
    now: () => new Date('2024-05-01T12:00:00.000Z'),
    newId: () => ids.shift()!,
  });

  await Promise.all([service.upload(input('one')), service.upload(input('two'))]);

  expect(await storedIds()).toEqual(['bbbbbbbb-0000-4000-8000-000000000000']);
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

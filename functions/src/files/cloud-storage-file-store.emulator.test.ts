import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { createCloudStorageFileStore, RESUMABLE_UPLOAD_THRESHOLD, type Bucket } from './cloud-storage-file-store';
import { describeFileStoreContract, readAll } from './file-store.contract';
import { PORT_OFFSET } from '../../../tools/port-offset';
import AdmZip from 'adm-zip';
import { COLLECTIONS } from '../store/collections';
import { createHarness, FORM_ID } from '../testing/api-harness';
import { binaryBody, sectionResponsesFor, storeUpload } from '../testing/export-fixtures';
import { seedApplication } from '../testing/staff-fixtures';
import { EXPORT_README_NAME } from '../exports/export-notice';

/**
 * The adapter runs against the Cloud Storage emulator of firebase-tools 15, whose server is Node.
 * `firebase emulators:start --only storage` cannot start here: the CLI first checks for Java 21
 * (this machine has 17) because the emulator evaluates security rules in a downloaded Java jar.
 * The Admin SDK bypasses rules (and storage.rules deny every client anyway), so the test starts
 * the emulator's Node server itself, with the rules runtime left out, in a child process.
 */
const EMULATOR_HOST = `127.0.0.1:${18491 + PORT_OFFSET}`;
const PROJECT_ID = 'demo-portal';

const EMULATOR_SCRIPT = `
const path = require('node:path');
const tools = path.dirname(require.resolve('firebase-tools/package.json'));
const { StorageEmulator } = require(path.join(tools, 'lib/emulator/storage'));
const { EmulatorRegistry } = require(path.join(tools, 'lib/emulator/registry'));
const [host, port] = process.argv[1].split(':');
const emulator = new StorageEmulator({ projectId: process.argv[2], host, port: Number(port), auto_download: false });
// Rules are evaluated by a Java jar; admin requests never consult them.
emulator._rulesRuntime.start = async () => {};
emulator._rulesManager.start = async () => {};
EmulatorRegistry.start(emulator).then(
  () => console.log('storage emulator ready'),
  (error) => { console.error(error); process.exit(1); },
);
`;

function startStorageEmulator(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', EMULATOR_SCRIPT, EMULATOR_HOST, PROJECT_ID], {
      cwd: path.resolve(__dirname, '../../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (data: Buffer) => {
      output += data.toString();
      if (output.includes('storage emulator ready')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`The storage emulator exited (${code}):\n${output}`)));
  });
}

/**
 * On a machine whose cores are all busy (npm test runs the browser tests beside this file), the
 * emulator's server, a child process, has dropped a connection while a request was being written
 * (EPIPE): a transport failure of the emulator, not of the adapter. A failed test runs again, up to
 * twice, with the first failure printed; a real failure fails every time.
 */
jest.retryTimes(2, { logErrorsBeforeRetry: true });

let emulator: ChildProcess | undefined;
let app: App;

beforeAll(async () => {
  emulator = await startStorageEmulator();
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = EMULATOR_HOST;
  app = initializeApp({ projectId: PROJECT_ID }, `cloud-storage-file-store-test-${randomUUID()}`);
}, 60_000);

afterAll(async () => {
  if (app) await deleteApp(app);
  delete process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  emulator?.kill();
});

/** Each case gets a bucket of its own (the emulator creates buckets on first write). */
const freshBucket = (): Bucket => getStorage(app).bucket(`portal-test-${randomUUID()}`);

describeFileStoreContract('Cloud Storage file store (storage emulator)', () =>
  createCloudStorageFileStore(freshBucket()),
);

describe('Cloud Storage file store specifics (storage emulator)', () => {
  let bucket: Bucket;
  let saves: { name: string; options: Record<string, unknown> }[];

  beforeEach(() => {
    bucket = freshBucket();
    saves = [];
    const file = bucket.file.bind(bucket);
    jest.spyOn(bucket, 'file').mockImplementation((name, options) => {
      const object = file(name, options);
      const save = object.save.bind(object);
      jest.spyOn(object, 'save').mockImplementation((data, saveOptions) => {
        saves.push({ name, options: { ...(saveOptions as Record<string, unknown>) } });
        return save(data, saveOptions!);
      });
      return object;
    });
  });

  it('uploads resumably only above 256 KB, with the content type as object metadata', async () => {
    const store = createCloudStorageFileStore(bucket);
    await store.put('small.pdf', Buffer.alloc(RESUMABLE_UPLOAD_THRESHOLD, 1), 'application/pdf');
    await store.put('large.pdf', Buffer.alloc(RESUMABLE_UPLOAD_THRESHOLD + 1, 2), 'application/pdf');
    expect(saves).toEqual([
      { name: 'small.pdf', options: expect.objectContaining({ resumable: false, contentType: 'application/pdf' }) },
      { name: 'large.pdf', options: expect.objectContaining({ resumable: true, contentType: 'application/pdf' }) },
    ]);
    const [metadata] = await bucket.file('large.pdf').getMetadata();
    expect(metadata).toMatchObject({ contentType: 'application/pdf', size: String(RESUMABLE_UPLOAD_THRESHOLD + 1) });
  });

  it('stores each key as the object of that exact name', async () => {
    const store = createCloudStorageFileStore(bucket);
    await store.put('applications/a1/cv.pdf', Buffer.from('%PDF'), 'application/pdf');
    const [files] = await bucket.getFiles();
    expect(files.map((file) => file.name)).toEqual(['applications/a1/cv.pdf']);
    const [content] = await bucket.file('applications/a1/cv.pdf').download();
    expect(content.toString()).toBe('%PDF');
  });

  it('reads the generation it described', async () => {
    const store = createCloudStorageFileStore(bucket);
    await store.put('doc', Buffer.from('first'), 'text/plain');
    const [metadata] = await bucket.file('doc').getMetadata();
    const result = await store.read('doc');
    expect(bucket.file).toHaveBeenLastCalledWith('doc', { generation: Number(metadata.generation) });
    expect((await readAll(result!.stream)).toString()).toBe('first');
  });

  it('refuses names Cloud Storage cannot hold, before any request', async () => {
    const store = createCloudStorageFileStore(bucket);
    await expect(store.put('a\nb.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid file path');
    await expect(store.stat(`${'x'.repeat(1025)}`)).rejects.toThrow('Invalid file path');
    expect(bucket.file).not.toHaveBeenCalled();
  });
});

describe('the uploaded files export on Cloud Storage (storage emulator)', () => {
  it('packs each applicant’s files from the bucket into the ZIP kept there, and downloads it', async () => {
    const files = createCloudStorageFileStore(freshBucket());
    const harness = await createHarness({ files });
    try {
      for (const id of ['ada', 'eve']) {
        const response = await seedApplication(harness, { id, firstName: id, lastName: 'Tester' }, ['bootcamp']);
        const file = await storeUpload(harness, files, {
          ownerId: id,
          responseId: response.id,
          questionId: 'resume',
          name: `${id} resume.pdf`,
          content: Buffer.from(`%PDF-1.4 ${id} ${'x'.repeat(RESUMABLE_UPLOAD_THRESHOLD)}`),
        });
        await harness.store.update(COLLECTIONS.responses, response.id, {
          sectionResponses: sectionResponsesFor(harness.form, { resume: file.id }),
        });
      }

      // Packed by its job into the bucket (its segments), then downloaded.
      expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/export/files`)).status).toBe(200);
      const res = await harness
        .as('dora')
        .get(`/admin/forms/${FORM_ID}/export/files.zip`)
        .buffer(true)
        .parse(binaryBody);

      expect(res.status).toBe(200);
      const zip = new AdmZip(res.body as Buffer);
      expect(zip.getEntries().map((entry) => entry.entryName)).toEqual([
        EXPORT_README_NAME,
        'ada Tester (ada@example.com)/ada resume.pdf',
        'eve Tester (eve@example.com)/eve resume.pdf',
      ]);
      expect(zip.readAsText('eve Tester (eve@example.com)/eve resume.pdf')).toMatch(/^%PDF-1\.4 eve x{262144}$/);
    } finally {
      await harness.close();
    }
  });
});

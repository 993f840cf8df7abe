import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InvalidFilePathError, type FileStore } from './file-store';
import { describeFileStoreContract, readAll, UNSAFE_KEYS } from './file-store.contract';
import { createLocalFileStore } from './local-file-store';

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => fs.statSync(path.join(dir, entry)).isFile());
}

const sandboxes: string[] = [];
afterEach(() => {
  for (const dir of sandboxes.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describeFileStoreContract('local file store', () => {
  const sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'local-file-store-'));
  sandboxes.push(sandbox);
  return createLocalFileStore({ root: path.join(sandbox, 'root') });
});

describe('local file store on disk', () => {
  let sandbox: string;
  let root: string;
  let store: FileStore;

  beforeEach(() => {
    sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'local-file-store-'));
    sandboxes.push(sandbox);
    root = path.join(sandbox, 'root');
    store = createLocalFileStore({ root });
  });

  it('keeps each file at its key below the root', async () => {
    const content = Buffer.from('%PDF-1.7 hello');
    await store.put('applications/a1/cv.pdf', content, 'application/pdf');
    expect(fs.readFileSync(path.join(root, 'applications', 'a1', 'cv.pdf'))).toEqual(content);
  });

  it('keeps a stream open on a file replaced meanwhile consistent', async () => {
    await store.put('doc', Buffer.from('old content'), 'text/plain');
    const result = await store.read('doc');
    await store.put('doc', Buffer.from('new'), 'text/plain');
    expect((await readAll(result!.stream)).toString()).toBe('old content');
  });

  it('leaves no file behind after deleting', async () => {
    await store.put('a/b.txt', Buffer.from('x'), 'text/plain');
    await store.delete('a/b.txt');
    expect(listFiles(root)).toEqual([]);
  });

  it('removes the folders a delete leaves empty (named after ids), and no other', async () => {
    await store.put('responses/r1/resume/f1', Buffer.from('a'), 'application/pdf');
    await store.put('responses/r1/photo/f2', Buffer.from('b'), 'image/png');
    await store.delete('responses/r1/resume/f1');
    const folders = () =>
      fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((entry) => entry.includes('r1'));
    expect(folders().some((entry) => entry.includes('resume'))).toBe(false);
    expect(folders()).toContain(path.join('responses', 'r1', 'photo', 'f2'));
    await store.delete('responses/r1/photo/f2');
    expect(folders()).toEqual([]);
    // The root and the store's own folders stay, and a new file goes where the old ones were.
    await store.put('responses/r1/resume/f3', Buffer.from('c'), 'application/pdf');
    expect(await readAll((await store.read('responses/r1/resume/f3'))!.stream)).toEqual(Buffer.from('c'));
  });

  it('leaves no temporary files behind', async () => {
    await store.put('a.txt', Buffer.from('1'), 'text/plain');
    await store.put('a.txt', Buffer.from('2'), 'text/plain');
    expect(fs.readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('fails loudly when metadata has gone missing', async () => {
    await store.put('a.txt', Buffer.from('1'), 'text/plain');
    fs.rmSync(path.join(root, '.meta', 'a.txt.json'));
    await expect(store.stat('a.txt')).rejects.toThrow(/Metadata/);
    await expect(store.read('a.txt')).rejects.toThrow(/Metadata/);
  });

  it.each(UNSAFE_KEYS)('writes nothing for the unsafe path %j', async (key) => {
    await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidFilePathError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidFilePathError);
    expect(fs.readdirSync(sandbox)).toEqual([]);
  });

  it('never touches files outside the root', async () => {
    await store.put('inside.txt', Buffer.from('in'), 'text/plain');
    fs.writeFileSync(path.join(sandbox, 'outside.txt'), 'out');
    await expect(store.delete('../outside.txt')).rejects.toBeInstanceOf(InvalidFilePathError);
    await expect(store.read('../outside.txt')).rejects.toBeInstanceOf(InvalidFilePathError);
    expect(fs.readFileSync(path.join(sandbox, 'outside.txt'), 'utf8')).toBe('out');
  });
});

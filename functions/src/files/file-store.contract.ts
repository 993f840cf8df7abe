import type { Readable } from 'node:stream';
import { InvalidFilePathError, type FileStore } from './file-store';

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * That `actual` holds exactly `expected`'s bytes. jest's `toEqual` compares a Buffer element by
 * element (seconds for the 700 KB below); this compares in one call and names the first difference.
 */
export function expectSameBytes(actual: Buffer, expected: Buffer): void {
  expect(actual.length).toBe(expected.length);
  const at = actual.equals(expected) ? -1 : actual.findIndex((byte, index) => byte !== expected[index]);
  expect(at === -1 ? 'the same bytes' : `byte ${at} differs`).toBe('the same bytes');
}

/** Keys every adapter refuses with `InvalidFilePathError`, before touching storage. */
export const UNSAFE_KEYS = [
  '',
  '/etc/passwd',
  '/abs/file.txt',
  '..',
  '../escape.txt',
  '../root-sibling/file.txt',
  'a/../../escape.txt',
  'a/..',
  'a/../b',
  '.',
  './a.txt',
  'a/./b.txt',
  '.hidden',
  'a/.git/config',
  '.meta/a.txt.json',
  '.tmp/x',
  'a\\b.txt',
  '..\\escape.txt',
  'C:\\Windows\\win.ini',
  'a\0b.txt',
  'a//b.txt',
  'a/',
  '/',
];

/**
 * The behaviour every FileStore adapter shares (the port's contract). `createStore` is called
 * before each case and must answer an empty store.
 */
export function describeFileStoreContract(name: string, createStore: () => FileStore | Promise<FileStore>): void {
  describe(`${name}: the FileStore contract`, () => {
    let store: FileStore;

    beforeEach(async () => {
      store = await createStore();
    });

    it('puts a file and reports its info', async () => {
      const content = Buffer.from('%PDF-1.7 hello');
      const info = await store.put('applications/a1/cv.pdf', content, 'application/pdf');
      expect(info).toEqual({ path: 'applications/a1/cv.pdf', contentType: 'application/pdf', size: content.length });
      expect(await store.stat('applications/a1/cv.pdf')).toEqual(info);
    });

    it('reads a file back as a stream', async () => {
      const content = Buffer.from(Array.from({ length: 200_000 }, (_, index) => index % 256));
      await store.put('big.bin', content, 'application/octet-stream');
      const result = await store.read('big.bin');
      expect(result?.info).toEqual({ path: 'big.bin', contentType: 'application/octet-stream', size: content.length });
      expectSameBytes(await readAll(result!.stream), content);
    });

    it('round-trips a file above the 256 KB resumable-upload threshold', async () => {
      const content = Buffer.from(Array.from({ length: 700_000 }, (_, index) => (index * 7) % 256));
      const info = await store.put('uploads/large.pdf', content, 'application/pdf');
      expect(info).toEqual({ path: 'uploads/large.pdf', contentType: 'application/pdf', size: content.length });
      const result = await store.read('uploads/large.pdf');
      expect(result?.info).toEqual(info);
      expectSameBytes(await readAll(result!.stream), content);
    });

    it('stores empty files and unicode names', async () => {
      await store.put('uploads/résumé – 2024.txt', Buffer.alloc(0), 'text/plain; charset=utf-8');
      const result = await store.read('uploads/résumé – 2024.txt');
      expect(result?.info).toEqual({
        path: 'uploads/résumé – 2024.txt',
        contentType: 'text/plain; charset=utf-8',
        size: 0,
      });
      expect(await readAll(result!.stream)).toEqual(Buffer.alloc(0));
    });

    it('returns null for missing files', async () => {
      expect(await store.stat('nope.txt')).toBeNull();
      expect(await store.read('nope.txt')).toBeNull();
      expect(await store.stat('no/such/dir.txt')).toBeNull();
    });

    it('treats a directory and a path below a file as missing', async () => {
      await store.put('dir/file.txt', Buffer.from('x'), 'text/plain');
      expect(await store.stat('dir')).toBeNull();
      expect(await store.read('dir')).toBeNull();
      expect(await store.stat('dir/file.txt/below')).toBeNull();
      expect(await store.read('dir/file.txt/below')).toBeNull();
      await expect(store.delete('dir')).resolves.toBeUndefined();
      expect(await store.stat('dir/file.txt')).not.toBeNull();
    });

    it('replaces content, content type and size', async () => {
      await store.put('doc', Buffer.from('first version, rather long'), 'text/plain');
      const info = await store.put('doc', Buffer.from('second'), 'text/markdown');
      expect(info).toEqual({ path: 'doc', contentType: 'text/markdown', size: 6 });
      expect(await store.stat('doc')).toEqual(info);
      expect((await readAll((await store.read('doc'))!.stream)).toString()).toBe('second');
    });

    it('never pairs the info of a read with bytes written after it', async () => {
      await store.put('doc', Buffer.from('old content'), 'text/plain');
      const result = await store.read('doc');
      await store.put('doc', Buffer.from('new'), 'text/plain');
      // An adapter may serve the old bytes or fail the stream; it may not answer the new bytes.
      const content = await readAll(result!.stream).then(
        (bytes) => bytes.toString(),
        () => null,
      );
      expect(content === null || content === 'old content').toBe(true);
      expect(result!.info.size).toBe('old content'.length);
    });

    it('deletes files, and deleting a missing file is a no-op', async () => {
      await store.put('a/b.txt', Buffer.from('x'), 'text/plain');
      await store.delete('a/b.txt');
      expect(await store.stat('a/b.txt')).toBeNull();
      expect(await store.read('a/b.txt')).toBeNull();
      await expect(store.delete('a/b.txt')).resolves.toBeUndefined();
      await expect(store.delete('never/was.txt')).resolves.toBeUndefined();
    });

    it("does not let a key shadow another file's metadata", async () => {
      await store.put('cv.pdf', Buffer.from('pdf'), 'application/pdf');
      await store.put('cv.pdf.meta.json', Buffer.from('{}'), 'application/json');
      await store.put('cv.pdf.json', Buffer.from('{}'), 'application/json');
      expect(await store.stat('cv.pdf')).toEqual({ path: 'cv.pdf', contentType: 'application/pdf', size: 3 });
      expect((await store.stat('cv.pdf.meta.json'))?.contentType).toBe('application/json');
    });

    it('requires a content type', async () => {
      await expect(store.put('a.txt', Buffer.from('1'), '')).rejects.toThrow(TypeError);
      expect(await store.stat('a.txt')).toBeNull();
    });

    it.each(UNSAFE_KEYS)('rejects the unsafe path %j', async (key) => {
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidFilePathError);
      await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidFilePathError);
      await expect(store.read(key)).rejects.toBeInstanceOf(InvalidFilePathError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidFilePathError);
    });
  });
}

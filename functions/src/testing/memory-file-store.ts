import { Readable } from 'node:stream';
import type { FileStore, StoredFileInfo } from '../files/file-store';

/** A file store in memory, for API tests that write files (the ZIP export's archive) but need no disk. */
export function createMemoryFileStore(): FileStore & { paths(): string[] } {
  const stored = new Map<string, { info: StoredFileInfo; content: Buffer }>();
  return {
    async put(path, content, contentType) {
      const info = { path, contentType, size: content.length };
      stored.set(path, { info, content: Buffer.from(content) });
      return info;
    },
    stat: async (path) => stored.get(path)?.info ?? null,
    async read(path) {
      const file = stored.get(path);
      return file ? { info: file.info, stream: Readable.from([file.content]) } : null;
    },
    async delete(path) {
      stored.delete(path);
    },
    paths: () => [...stored.keys()].sort(),
  };
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { InvalidFilePathError, type FileStore, type StoredFileInfo } from './file-store';

// Keys may not have segments starting with '.', so these directories can never collide with a stored file.
const META_DIR = '.meta';
const TMP_DIR = '.tmp';

interface FileMeta {
  contentType: string;
}

/**
 * Stores each file at `<root>/<key>` and its metadata at `<root>/.meta/<key>.json`. A separate tree
 * (rather than a `<key>.meta.json` sibling) keeps a key like `a.pdf.meta.json` from clobbering metadata.
 */
export function createLocalFileStore(options: { root: string }): FileStore {
  const root = path.resolve(options.root);
  const tmpDir = path.join(root, TMP_DIR);

  const locate = (key: string) => {
    const segments = parseKey(key);
    const file = path.resolve(root, ...segments);
    if (!file.startsWith(root + path.sep)) throw new InvalidFilePathError(key);
    return { file, meta: `${path.join(root, META_DIR, ...segments)}.json` };
  };

  const infoFor = async (key: string, file: string, meta: string, size: number): Promise<StoredFileInfo | null> => {
    try {
      const { contentType } = JSON.parse(await fs.readFile(meta, 'utf8')) as FileMeta;
      return { path: key, contentType, size };
    } catch (error) {
      if (!isMissing(error)) throw error;
      // A concurrent delete removes the content before the metadata; anything else is corruption.
      if ((await statFile(file)) === null) return null;
      throw new Error(`Metadata for stored file ${JSON.stringify(key)} is missing`, { cause: error });
    }
  };

  return {
    async put(key, content, contentType) {
      const { file, meta } = locate(key);
      if (typeof contentType !== 'string' || contentType === '') throw new TypeError('A content type is required');
      // Metadata first: a crash in between never leaves content without a content type.
      await writeAtomically(tmpDir, meta, JSON.stringify({ contentType } satisfies FileMeta));
      await writeAtomically(tmpDir, file, content);
      return { path: key, contentType, size: content.length };
    },

    async stat(key) {
      const { file, meta } = locate(key);
      const stats = await statFile(file);
      return stats ? infoFor(key, file, meta, stats.size) : null;
    },

    async read(key) {
      const { file, meta } = locate(key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        // Reading through the open handle keeps content and size consistent even if the file is replaced meanwhile.
        const stats = await handle.stat();
        const info = stats.isFile() ? await infoFor(key, file, meta, stats.size) : null;
        if (!info) {
          await handle.close();
          return null;
        }
        return { info, stream: handle.createReadStream() };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      const { file, meta } = locate(key);
      // Content first, mirroring put: a crash in between leaves only orphaned metadata, which reads as missing.
      if (await statFile(file)) await unlinkIfPresent(file);
      await unlinkIfPresent(meta);
      // The folders left empty go too: their names are the response's and question's ids.
      await removeEmptyFolders(path.dirname(file), root);
      await removeEmptyFolders(path.dirname(meta), path.join(root, META_DIR));
    },
  };
}

function parseKey(key: string): string[] {
  if (
    typeof key !== 'string' ||
    key === '' ||
    key.includes('\\') ||
    key.includes('\0') ||
    key.startsWith('/') ||
    path.isAbsolute(key)
  ) {
    throw new InvalidFilePathError(key);
  }
  const segments = key.split('/');
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) throw new InvalidFilePathError(key);
  return segments;
}

async function writeAtomically(tmpDir: string, target: string, data: string | Buffer): Promise<void> {
  await fs.mkdir(tmpDir, { recursive: true });
  await fs.mkdir(path.dirname(target), { recursive: true });
  const tmp = path.join(tmpDir, randomUUID());
  try {
    const handle = await fs.open(tmp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.rename(tmp, target);
    } catch (error) {
      if (!isMissing(error)) throw error;
      // A delete in the same folder removed it as it became empty: make it again.
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(tmp, target);
    }
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

/** The file's stats, or null when there is no regular file at `file`. */
async function statFile(file: string) {
  try {
    const stats = await fs.stat(file);
    return stats.isFile() ? stats : null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Removes `folder` and each parent up to (not including) `top` while they are empty. */
async function removeEmptyFolders(folder: string, top: string): Promise<void> {
  for (let current = folder; current.startsWith(top + path.sep); current = path.dirname(current)) {
    try {
      await fs.rmdir(current);
    } catch {
      // Not empty (another file is there), or gone already: the folders above stay.
      return;
    }
  }
}

async function unlinkIfPresent(file: string): Promise<void> {
  try {
    await fs.unlink(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

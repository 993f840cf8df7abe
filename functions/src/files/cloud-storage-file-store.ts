import { createHash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import type { Storage } from 'firebase-admin/storage';
import { InvalidFilePathError, type FileStore, type StoredFileInfo } from './file-store';

/** A Cloud Storage bucket as firebase-admin hands it out (`getStorage(app).bucket()`, @google-cloud/storage). */
export type Bucket = ReturnType<Storage['bucket']>;

/**
 * docs/product.md#constants-and-limits: uploads above 256 KB are resumable (in the client library's
 * default chunking).
 */
export const RESUMABLE_UPLOAD_THRESHOLD = 256 * 1024;
/** Cloud Storage refuses object names longer than this many UTF-8 bytes. */
const MAX_OBJECT_NAME_BYTES = 1024;

/**
 * Stores each file as the object `<key>` of the bucket, its content type in the object's metadata.
 * Keys follow the local file store's rules exactly (relative, slash-separated, no empty or dot
 * segments, no backslash or NUL), so a key valid in one runtime is valid in the other.
 *
 * Retries are the client library's: idempotent calls (metadata, reads, deletes) are retried with
 * backoff for up to 600 s in all; a replacing upload carries no generation precondition, so the
 * library does not retry it and the caller sees the failure.
 */
export function createCloudStorageFileStore(bucket: Bucket): FileStore {
  const objectFor = (key: string, generation?: number) => {
    assertValidKey(key);
    return generation === undefined ? bucket.file(key) : bucket.file(key, { generation });
  };

  const metadataOf = async (key: string) => {
    try {
      const [metadata] = await objectFor(key).getMetadata();
      return metadata;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  const infoFrom = (key: string, metadata: { contentType?: string; size?: string | number }): StoredFileInfo => {
    if (!metadata.contentType) throw new Error(`Metadata for stored file ${JSON.stringify(key)} is missing`);
    return { path: key, contentType: metadata.contentType, size: Number(metadata.size ?? 0) };
  };

  return {
    async put(key, content, contentType) {
      const file = objectFor(key);
      if (typeof contentType !== 'string' || contentType === '') throw new TypeError('A content type is required');
      await file.save(content, {
        resumable: content.length > RESUMABLE_UPLOAD_THRESHOLD,
        contentType,
        metadata: { contentType },
      });
      return { path: key, contentType, size: content.length };
    },

    async stat(key) {
      const metadata = await metadataOf(key);
      return metadata ? infoFrom(key, metadata) : null;
    },

    async read(key) {
      const metadata = await metadataOf(key);
      if (!metadata) return null;
      const info = infoFrom(key, metadata);
      // Pinned to the generation just described, so a replacement meanwhile cannot pair this info
      // with the new bytes: Cloud Storage fails the read of a replaced generation. The emulator
      // ignores the generation, so the bytes are also checked against the described size and MD5.
      const generation = metadata.generation === undefined ? undefined : Number(metadata.generation);
      const source = objectFor(key, generation).createReadStream();
      return { info, stream: checkedAgainst(source, info, metadata.md5Hash) };
    },

    async delete(key) {
      await objectFor(key).delete({ ignoreNotFound: true });
    },
  };
}

/** The local file store's key rules, plus the names Cloud Storage itself refuses. */
function assertValidKey(key: string): void {
  if (
    typeof key !== 'string' ||
    key === '' ||
    key.includes('\\') ||
    key.startsWith('/') ||
    // NUL as in the local store; CR and LF (and the other control characters) Cloud Storage refuses.
    hasControlCharacter(key) ||
    Buffer.byteLength(key, 'utf8') > MAX_OBJECT_NAME_BYTES ||
    key.split('/').some((segment) => segment === '' || segment.startsWith('.'))
  ) {
    throw new InvalidFilePathError(key);
  }
}

/** Passes the bytes through; fails the stream at the end if they are not the described ones. */
function checkedAgainst(source: Readable, info: StoredFileInfo, md5Base64: string | undefined): Readable {
  const hash = md5Base64 ? createHash('md5') : null;
  let received = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      hash?.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      const changed = received !== info.size || (hash !== null && hash.digest('base64') !== md5Base64);
      callback(changed ? new Error(`Stored file ${JSON.stringify(info.path)} changed while it was read`) : null);
    },
  });
  // pipeline destroys `check` with the source's error, so a failed download fails the stream.
  return pipeline(source, check, () => {});
}

function hasControlCharacter(key: string): boolean {
  for (let index = 0; index < key.length; index += 1) {
    const code = key.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function isNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 404;
}

import type { Readable } from 'node:stream';

/** The file store port: local disk in local mode, Cloud Storage in production. */
export interface StoredFileInfo {
  path: string;
  contentType: string;
  size: number;
}

export interface FileStore {
  /** Writes (or replaces) the file at `path`, a relative slash-separated key. */
  put(path: string, content: Buffer, contentType: string): Promise<StoredFileInfo>;
  /** null when there is no such file. */
  stat(path: string): Promise<StoredFileInfo | null>;
  read(path: string): Promise<{ info: StoredFileInfo; stream: Readable } | null>;
  /** Deleting a missing file is not an error. */
  delete(path: string): Promise<void>;
}

export class InvalidFilePathError extends Error {
  constructor(path: string) {
    super(`Invalid file path: ${JSON.stringify(path)}`);
    this.name = 'InvalidFilePathError';
  }
}

import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { Router, type Request } from 'express';
import { MY_DATA_JSON, MY_DATA_PATH, myDataFileName } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { centralDirectory, localHeader, zipCrc, type ZipEntryRecord } from '../exports/zip-format';
import type { FileStore } from '../files/file-store';
import { storagePath } from '../files/files.service';
import { requireIdentity } from '../identity/identity-middleware';
import { createMyDataRepository } from './my-data.repository';
import { createMyDataService, withoutMissing, type MyDataExport } from './my-data.service';

/**
 * The ZIP's bytes, written with the files export's ZIP format (exports/zip-format.ts): the uploads,
 * one at a time (each read whole for its CRC: an upload is at most DEFAULT_MAX_UPLOAD_BYTES), then
 * `my-data.json`, which names only the files whose bytes were found, then the central directory.
 * Every entry is stored as it is: uploads are PDFs and Office files, compressed already.
 */
async function* archiveOf(collected: MyDataExport, files: FileStore, req: Request): AsyncGenerator<Buffer> {
  const entries: ZipEntryRecord[] = [];
  let offset = 0;
  function* entry(name: string, bytes: Buffer, date: string) {
    const record = { name, crc: zipCrc(bytes), size: bytes.length, offset, date: Date.parse(date) };
    const header = localHeader(record);
    entries.push(record);
    offset += header.length + bytes.length;
    yield header;
    yield bytes;
  }
  const missing = new Set<string>();
  for (const file of collected.files) {
    const stored = await files.read(storagePath(file.file));
    if (!stored) {
      req.log.warn({ fileId: file.file.id }, 'my data: an uploaded file has no bytes in the file store');
      missing.add(file.path);
      continue;
    }
    yield* entry(file.path, await buffer(stored.stream), file.file.uploadedAt);
  }
  const json = `${JSON.stringify(withoutMissing(collected.data, missing), null, 2)}\n`;
  yield* entry(MY_DATA_JSON, Buffer.from(json, 'utf8'), collected.data.exportedAt);
  yield centralDirectory(entries, offset);
}

/**
 * "Download my data" (docs/product.md#download-my-data): any signed-in person with a verified
 * email downloads what the portal holds about them, as a ZIP. Everything is read before the first
 * byte is sent, so a failure then is a JSON error; a failure while the files stream cuts the
 * connection (the browser reports a failed download, never a partial file).
 */
export function myDataRoutes(deps: Pick<AppDeps, 'store' | 'files'> & { now: () => Date }): Router {
  const service = createMyDataService({ repository: createMyDataRepository(deps.store), now: deps.now });
  const router = Router();

  router.get(MY_DATA_PATH, requireIdentity({ verifiedEmail: true }), async (req, res) => {
    const collected = await service.collect(req.identity!.uid);
    res.attachment(myDataFileName(deps.now()));
    try {
      await pipeline(Readable.from(archiveOf(collected, deps.files, req)), res);
    } catch (error) {
      // The pipeline has closed the connection: the browser reports a failed download.
      if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
        req.log.info('my data: download aborted by the client');
      } else {
        req.log.error({ err: error }, 'my data: the archive failed while it streamed; the connection was cut');
      }
    }
  });

  return router;
}

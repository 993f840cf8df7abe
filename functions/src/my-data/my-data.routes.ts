import { pipeline } from 'node:stream/promises';
import archiver from 'archiver';
import { Router, type Request } from 'express';
import { MY_DATA_JSON, MY_DATA_PATH, myDataFileName } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import type { FileStore } from '../files/file-store';
import { storagePath } from '../files/files.service';
import { requireIdentity } from '../identity/identity-middleware';
import { createMyDataRepository } from './my-data.repository';
import { createMyDataService, withoutMissing, type MyDataExport } from './my-data.service';

/** Resolves once archiver has written the entry it was handed (one file open at a time), or fails with the archive. */
function written(archive: archiver.Archiver): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: unknown) => {
      archive.off('entry', onEntry).off('error', settle).off('close', onClose);
      if (error) reject(error as Error);
      else resolve();
    };
    const onEntry = () => settle();
    const onClose = () => settle(new Error('The archive was closed before the entry was written'));
    archive.on('entry', onEntry).on('error', settle).on('close', onClose);
  });
}

/** The uploads, one at a time, then `my-data.json`, which names only the files whose bytes were found. */
async function appendAll(archive: archiver.Archiver, collected: MyDataExport, files: FileStore, req: Request) {
  const missing = new Set<string>();
  for (const entry of collected.files) {
    const stored = await files.read(storagePath(entry.file));
    if (!stored) {
      req.log.warn({ fileId: entry.file.id }, 'my data: an uploaded file has no bytes in the file store');
      missing.add(entry.path);
      continue;
    }
    const done = written(archive);
    // Uploads are PDFs and Office files, compressed already: stored as they are.
    archive.append(stored.stream, { name: entry.path, date: new Date(entry.file.uploadedAt), store: true });
    await done;
  }
  const json = `${JSON.stringify(withoutMissing(collected.data, missing), null, 2)}\n`;
  const done = written(archive);
  archive.append(json, { name: MY_DATA_JSON, date: new Date(collected.data.exportedAt) });
  await done;
  await archive.finalize();
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
    const archive = archiver('zip');
    const streaming = pipeline(archive, res);
    try {
      await appendAll(archive, collected, deps.files, req);
    } catch (error) {
      archive.abort();
      await streaming.catch(() => undefined);
      throw error;
    }
    try {
      await streaming;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
      req.log.info('my data: download aborted by the client');
    }
  });

  return router;
}

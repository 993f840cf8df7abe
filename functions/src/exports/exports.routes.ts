import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import archiver from 'archiver';
import { stringify } from 'csv-stringify';
import { Router, type Request } from 'express';
import { idSchema, type ExportKind } from '@portal/shared/domain';
import { auditEntry, auditWrite } from '../audit/audit-entry';
import { COLLECTIONS } from '../store/collections';
import type { AppDeps } from '../app-deps';
import type { FileStore } from '../files/file-store';
import { noFormError } from '../forms/forms.service';
import { parseParam } from '../http/params';
import { requireSuperReviewer } from '../staff/staff-access';
import { neutralizeFormula } from './applications-csv';
import { createExportsRepository } from './exports.repository';
import { createExportsService, type ZipEntry } from './exports.service';

/**
 * Resolves once archiver has written the entry it was handed (so one file at a time is open), or
 * fails with the archive; its listeners go as soon as it settles.
 */
export function written(archive: archiver.Archiver): Promise<void> {
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

/** Waits for a stream into the response; a client that goes away ends it quietly (nothing is left to answer). */
async function send(req: Request, stream: Promise<void>): Promise<void> {
  try {
    await stream;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    req.log.info('export aborted by the client');
  }
}

async function appendFiles(
  archive: archiver.Archiver,
  entries: AsyncIterable<ZipEntry>,
  files: FileStore,
  req: Request,
) {
  for await (const entry of entries) {
    const stored = await files.read(entry.storagePath);
    if (!stored) {
      req.log.warn({ path: entry.storagePath }, 'export: an uploaded file has no bytes in the file store');
      continue;
    }
    const done = written(archive);
    archive.append(stored.stream, { name: entry.name, date: entry.date });
    await done;
  }
  await archive.finalize();
}

/**
 * The super-reviewer's exports of a form, streamed as they are read: its applications as CSV and
 * its uploaded files as a ZIP. Once the first bytes are out an error can no longer be a JSON
 * answer: the connection is cut, so the browser reports a failed download, never a partial file.
 */
export function exportsRoutes(deps: Pick<AppDeps, 'store' | 'files'> & { now: () => Date }): Router {
  const service = createExportsService({ exports: createExportsRepository(deps.store), now: deps.now });
  const router = Router();
  const superOnly = requireSuperReviewer(deps.store);
  const formId = (req: Request) => parseParam(idSchema, req.params.formId, noFormError);
  /** Each download is in the audit log: who took which of the form's data, and when (before any byte is sent). */
  const logged = (req: Request, id: string, kind: ExportKind, fileName: string) =>
    deps.store.batch([
      auditWrite(
        auditEntry({
          actor: req.user!,
          action: 'export.downloaded',
          target: { collection: COLLECTIONS.forms, id },
          formId: id,
          before: null,
          after: { export: kind === 'applications' ? 'Applications (CSV)' : 'Uploaded files (ZIP)', fileName },
          at: deps.now().toISOString(),
        }),
      ),
    ]);

  router.get('/admin/forms/:formId/export/applications.csv', ...superOnly, async (req, res) => {
    const id = formId(req);
    const { fileName, items } = await service.applications(id);
    await logged(req, id, 'applications', fileName);
    res.attachment(fileName);
    res.type('text/csv; charset=utf-8');
    // The byte order mark makes spreadsheets read the file as UTF-8; every text cell is neutralized (CSV injection).
    await send(req, pipeline(Readable.from(items), stringify({ bom: true, cast: { string: neutralizeFormula } }), res));
  });

  router.get('/admin/forms/:formId/export/files.zip', ...superOnly, async (req, res) => {
    const id = formId(req);
    const { fileName, items } = await service.files(id);
    await logged(req, id, 'files', fileName);
    res.attachment(fileName);
    // Uploads are PDFs and Office files, compressed already: storing them keeps the export fast.
    const archive = archiver('zip', { store: true });
    const streaming = send(req, pipeline(archive, res));
    try {
      await appendFiles(archive, items, deps.files, req);
    } catch (error) {
      archive.abort();
      // The response is cut off by the error; what the stream reports then adds nothing.
      await streaming.catch(() => undefined);
      throw error;
    }
    await streaming;
  });

  return router;
}

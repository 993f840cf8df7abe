import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { Router, type Request } from 'express';
import { idSchema, JOB_MESSAGES, type ExportKind } from '@portal/shared/domain';
import { auditEntry, auditWrite } from '../audit/audit-entry';
import { COLLECTIONS } from '../store/collections';
import type { AppDeps } from '../app-deps';
import type { FileStore } from '../files/file-store';
import { noFormError } from '../forms/forms.service';
import { ApiError } from '../http/api-error';
import { parseParam } from '../http/params';
import { emptyBodySchema, parseInput } from '../http/validate';
import { createJobRunner, JOB_INLINE_MS } from '../jobs/job-runner';
import { createJobsRepository } from '../jobs/jobs.repository';
import { requireSuperReviewer } from '../staff/staff-access';
import { neutralizeFormula } from './applications-csv';
import { createExportsRepository } from './exports.repository';
import { createExportsService } from './exports.service';
import {
  filesExportJobHandlers,
  filesExportJobId,
  filesExportJobView,
  startFilesExport,
  type FilesExportJobDocument,
} from './files-export-job';

/** Waits for a stream into the response; a client that goes away ends it quietly (nothing is left to answer). */
async function send(req: Request, stream: Promise<void>): Promise<void> {
  try {
    await stream;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    req.log.info('export aborted by the client');
  }
}

/** The archive's segments in order, as one stream; a segment missing ends it with an error (the download is cut). */
function segmentsOf(files: FileStore, segments: string[]): Readable {
  return Readable.from(
    (async function* () {
      for (const path of segments) {
        const stored = await files.read(path);
        if (!stored) throw new Error(`A segment of the archive is missing: ${path}`);
        yield* stored.stream;
      }
    })(),
  );
}

/**
 * The super-reviewer's exports of a form: its applications as CSV, streamed as they are read, and
 * its uploaded files as a ZIP, packed by a job (files-export-job.ts) the page follows and then
 * downloaded. Once the first bytes of a download are out an error can no longer be a JSON answer:
 * the connection is cut, so the browser reports a failed download, never a partial file.
 */
export function exportsRoutes(
  deps: Pick<AppDeps, 'store' | 'files' | 'logger' | 'jobInlineMs'> & { now: () => Date },
): Router {
  const service = createExportsService({ exports: createExportsRepository(deps.store), now: deps.now });
  const jobs = createJobsRepository(deps.store);
  const zip = { jobs, exports: service, files: deps.files, now: deps.now, logger: deps.logger };
  const runner = createJobRunner({
    jobs,
    now: deps.now,
    handlers: filesExportJobHandlers(zip),
    onBackgroundError: (error) => deps.logger?.error({ err: error }, 'A ZIP export stopped; the scheduler resumes it'),
  });
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

  /** Starts packing the form's files (a second start while one packs follows that one): 200 once packed, else 202. */
  router.post('/admin/forms/:formId/export/files', ...superOnly, async (req, res) => {
    const until = Date.now() + (deps.jobInlineMs ?? JOB_INLINE_MS);
    parseInput(emptyBodySchema, req.body ?? {}, 'export request');
    const form = await service.formOrNotFound(formId(req));
    const id = await startFilesExport(zip, form);
    const job = (await runner.inRequest<FilesExportJobDocument>(id, until))!;
    res.status(job.state === 'writing' ? 202 : 200).json(filesExportJobView(job));
  });

  /** How far the form's ZIP is packed, or until when it can be downloaded. */
  router.get('/admin/forms/:formId/export/files', ...superOnly, async (req, res) => {
    const form = await service.formOrNotFound(formId(req));
    const job = await jobs.getJob<FilesExportJobDocument>(filesExportJobId(form.id));
    if (!job) throw new ApiError('not-found', JOB_MESSAGES.noFilesExport);
    res.json(filesExportJobView(job));
  });

  /** The packed ZIP, its segments sent in order as one file; 409 while it is packed, 404 once deleted. */
  router.get('/admin/forms/:formId/export/files.zip', ...superOnly, async (req, res) => {
    const form = await service.formOrNotFound(formId(req));
    const job = await jobs.getJob<FilesExportJobDocument>(filesExportJobId(form.id));
    if (job?.state === 'writing') throw ApiError.because('job-running', JOB_MESSAGES.filesExportNotReady);
    if (job?.state === 'expired') throw new ApiError('not-found', JOB_MESSAGES.filesExportExpired);
    if (job?.state !== 'done' || !job.segments) throw new ApiError('not-found', JOB_MESSAGES.noFilesExport);
    await logged(req, form.id, 'files', job.fileName);
    res.attachment(job.fileName);
    // Streamed in chunks (no Content-Length): Cloud Functions caps an answer of known length at 32 MiB.
    await send(req, pipeline(segmentsOf(deps.files, job.segments), res));
  });

  return router;
}

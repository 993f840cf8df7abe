import {
  exportFileName,
  type ApplicationForm,
  type ApplicationRow,
  type ExportKind,
  type UploadedFile,
} from '@portal/shared/domain';
import { noFormError } from '../forms/forms.service';
import { storagePath } from '../files/files.service';
import { applicationsCsvLayout, fileIdsOf, type AssessmentSlots, type Cell } from './applications-csv';
import type { ExportsRepository } from './exports.repository';
import { safeSegment, uniqueNames } from './zip-names';

/** A file of the ZIP: where it goes in the archive and where its bytes are in the file store. */
export interface ZipEntry {
  name: string;
  storagePath: string;
  date: Date;
}

export interface Export<T> {
  fileName: string;
  /** Read lazily, one page of rows at a time, as the download is written. */
  items: AsyncIterable<T>;
}

/**
 * The super-reviewer's exports of a form. Both walk the form's rows page by page (never the whole
 * form at once) and read each page's responses and file records as they go.
 */
export function createExportsService(deps: { exports: ExportsRepository; now: () => Date }) {
  const { exports: repo } = deps;

  async function* pages(formId: string): AsyncGenerator<ApplicationRow[]> {
    let after: string | undefined;
    do {
      const page = await repo.rowsPage(formId, after);
      if (page.rows.length > 0) yield page.rows;
      after = page.next ?? undefined;
    } while (after);
  }

  async function formOrNotFound(formId: string): Promise<ApplicationForm> {
    const form = await repo.getForm(formId);
    if (!form) throw noFormError();
    return form;
  }

  /** The responses of a page of rows, and the records of their uploaded files. */
  async function pageDetails(form: ApplicationForm, rows: ApplicationRow[]) {
    const responses = await repo.getResponses(rows.map((row) => row.responseId));
    const files = await repo.getFiles([...responses.values()].flatMap((response) => fileIdsOf(form, response)));
    return { responses, files };
  }

  /** The most reviews and interviews any row has: a first pass over the rows, keeping only two counts. */
  async function slotsOf(formId: string): Promise<AssessmentSlots> {
    const slots = { review: 0, interview: 0 };
    for await (const rows of pages(formId)) {
      for (const row of rows) {
        slots.review = Math.max(slots.review, row.reviews.length);
        slots.interview = Math.max(slots.interview, row.interviews.length);
      }
    }
    return slots;
  }

  async function* csvRecords(form: ApplicationForm): AsyncGenerator<Cell[]> {
    const layout = applicationsCsvLayout(form, await slotsOf(form.id));
    yield layout.header;
    for await (const rows of pages(form.id)) {
      const { responses, files } = await pageDetails(form, rows);
      for (const row of rows) yield layout.record(row, responses.get(row.responseId), files);
    }
  }

  async function* zipEntries(form: ApplicationForm): AsyncGenerator<ZipEntry> {
    const folders = uniqueNames();
    const done = new Set<string>();
    for await (const rows of pages(form.id)) {
      const fresh = rows.filter((row) => !done.has(row.responseId));
      const { responses, files } = await pageDetails(form, fresh);
      for (const row of fresh) {
        if (done.has(row.responseId)) continue;
        done.add(row.responseId);
        const response = responses.get(row.responseId);
        if (!response) continue;
        const found = fileIdsOf(form, response).flatMap((id) => files.get(id) ?? []);
        if (found.length === 0) continue;
        const folder = folders(safeSegment(`${row.applicantName} (${row.applicantEmail})`, 'applicant'));
        const names = uniqueNames();
        for (const file of found) yield zipEntry(`${folder}/${names(safeSegment(file.name, 'file'))}`, file);
      }
    }
  }

  const zipEntry = (name: string, file: UploadedFile): ZipEntry => ({
    name,
    storagePath: storagePath(file),
    date: new Date(file.uploadedAt),
  });

  const fileName = (form: ApplicationForm, kind: ExportKind) => exportFileName(form.semester, kind, deps.now());

  return {
    /** The form's applications as CSV records, the header first; 404 for an unknown form, before anything is written. */
    async applications(formId: string): Promise<Export<Cell[]>> {
      const form = await formOrNotFound(formId);
      return { fileName: fileName(form, 'applications'), items: csvRecords(form) };
    },

    /** The form's uploaded files, one folder per applicant; 404 for an unknown form. */
    async files(formId: string): Promise<Export<ZipEntry>> {
      const form = await formOrNotFound(formId);
      return { fileName: fileName(form, 'files'), items: zipEntries(form) };
    },
  };
}

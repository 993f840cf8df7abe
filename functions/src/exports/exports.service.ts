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
import { csvNoticeRecord } from './export-notice';
import { compareText } from '../store/memory-pages';
import { safeSegment, uniqueNames } from './zip-names';

/** A file of the ZIP: where it goes in the archive, where its bytes are in the file store, and their size. */
export interface ZipEntry {
  name: string;
  storagePath: string;
  date: Date;
  size: number;
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
    yield csvNoticeRecord(deps.now(), layout.header.length);
    yield layout.header;
    for await (const rows of pages(form.id)) {
      const { responses, files } = await pageDetails(form, rows);
      for (const row of rows) yield layout.record(row, responses.get(row.responseId), files);
    }
  }

  /**
   * The ZIP's files for `rows` (in the archive's order, each response's rows together): one folder
   * per applicant, named once in the whole archive (`folders`), whatever their roles.
   */
  async function zipEntries(
    form: ApplicationForm,
    rows: ApplicationRow[],
    folders: (name: string) => string,
  ): Promise<{ entries: ZipEntry[]; folders: string[] }> {
    const fresh = [...new Map(rows.map((row) => [row.responseId, row])).values()];
    const { responses, files } = await pageDetails(form, fresh);
    const entries: ZipEntry[] = [];
    const named: string[] = [];
    for (const row of fresh) {
      const response = responses.get(row.responseId);
      if (!response) continue;
      const found = fileIdsOf(form, response).flatMap((id) => files.get(id) ?? []);
      if (found.length === 0) continue;
      const folder = folders(safeSegment(`${row.applicantName} (${row.applicantEmail})`, 'applicant'));
      named.push(folder);
      const names = uniqueNames();
      for (const file of found) entries.push(zipEntry(`${folder}/${names(safeSegment(file.name, 'file'))}`, file));
    }
    return { entries, folders: named };
  }

  const zipEntry = (name: string, file: UploadedFile): ZipEntry => ({
    name,
    storagePath: storagePath(file),
    date: new Date(file.uploadedAt),
    size: file.size,
  });

  const fileName = (form: ApplicationForm, kind: ExportKind) => exportFileName(form.semester, kind, deps.now());

  return {
    /** The form's applications as CSV records, the header first; 404 for an unknown form, before anything is written. */
    async applications(formId: string): Promise<Export<Cell[]>> {
      const form = await formOrNotFound(formId);
      return { fileName: fileName(form, 'applications'), items: csvRecords(form) };
    },

    formOrNotFound,

    /** The ZIP's name for the form's uploaded files, as the download gives it. */
    filesName: (form: ApplicationForm) => fileName(form, 'files'),

    /**
     * Every row of the form in the archive's order: by applicant name, as the dashboard's name sort
     * (then by id, so each response's rows are together). Read at once (files-export-job.ts).
     */
    async rowsInNameOrder(formId: string): Promise<ApplicationRow[]> {
      const rows = await repo.formRows(formId);
      return rows.sort((a, b) => compareText(a.sortName, b.sortName) || compareText(a.id, b.id));
    },

    zipEntries,

    /** How many rows the form has: what its ZIP's job says it packs. */
    rowCount: (formId: string) => repo.countRows(formId),
  };
}

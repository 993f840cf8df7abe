import type { ApplicationForm, ApplicationResponse, ApplicationRow, UploadedFile } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { queryEvery } from '../store/query-pages';

/** How many rows an export reads per store query: an export holds one page of rows and their responses at a time. */
export const EXPORT_PAGE_SIZE = 100;

/** Every store access of the exports: the form, its rows page by page, and the responses and files they point at. */
export interface ExportsRepository {
  getForm(id: string): Promise<ApplicationForm | null>;
  /** One page of the form's rows by applicant name (the dashboard's name sort, so its index serves it). */
  rowsPage(formId: string, after?: string): Promise<{ rows: ApplicationRow[]; next: string | null }>;
  /** Every row of the form, in one query (the ZIP's job holds them whole: files-export-job.ts). */
  formRows(formId: string): Promise<ApplicationRow[]>;
  /** How many rows the form has (a count: one read per 1,000). */
  countRows(formId: string): Promise<number>;
  getResponses(ids: string[]): Promise<Map<string, ApplicationResponse>>;
  getFiles(ids: string[]): Promise<Map<string, UploadedFile>>;
}

async function byId<T extends Record<string, unknown>>(store: DocumentStore, collection: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => store.get<T>(collection, id)));
  return new Map(unique.flatMap((id, index) => (found[index] ? [[id, found[index]] as const] : [])));
}

export function createExportsRepository(store: DocumentStore, pageSize = EXPORT_PAGE_SIZE): ExportsRepository {
  return {
    getForm: (id) => store.get<ApplicationForm>(COLLECTIONS.forms, id),
    async rowsPage(formId, after) {
      const page = await store.query<ApplicationRow>(COLLECTIONS.reviewStatuses, {
        where: [{ field: 'applicationFormId', value: formId }],
        orderBy: { field: 'sortName', direction: 'asc' },
        limit: pageSize,
        after,
      });
      return { rows: page.items.map((item) => item.data), next: page.nextCursor };
    },
    countRows: (formId) => store.count(COLLECTIONS.reviewStatuses, [{ field: 'applicationFormId', value: formId }]),
    formRows: (formId) =>
      queryEvery<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [{ field: 'applicationFormId', value: formId }]),
    getResponses: (ids) => byId<ApplicationResponse>(store, COLLECTIONS.responses, ids),
    getFiles: (ids) => byId<UploadedFile>(store, COLLECTIONS.files, ids),
  };
}

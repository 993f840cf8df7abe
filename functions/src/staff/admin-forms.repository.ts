import type { ApplicationForm, ApplicationResponse, AuditEntry, SectionResponse } from '@portal/shared/domain';
import { auditWrite } from '../audit/audit-entry';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, WriteOperation } from '../store/document-store';

/** One change to a form, written in one batch with its audit entry. */
export interface FormChange {
  /** Written whole, or (with `patch`) patched. */
  form: ApplicationForm;
  patch?: Partial<ApplicationForm>;
  /** Other forms made inactive in the same batch. */
  deactivate: string[];
  audit: AuditEntry;
  /** Responses whose sections are rewritten for a new definition (their answers kept). */
  responses?: { id: string; sectionResponses: SectionResponse[] }[];
}

/** Writes per batch: Firestore takes 500; the first batch also holds the form, its audit entry and deactivations. */
const RESPONSES_PER_BATCH = 400;

/** The application-forms collection as the super-reviewer's form management reads and writes it. */
export interface AdminFormsRepository {
  get(id: string): Promise<ApplicationForm | null>;
  /** Every form, latest due date first. */
  listByDueDate(): Promise<ApplicationForm[]>;
  /** The ids of every active form. */
  activeIds(): Promise<string[]>;
  /** The answers of every response to the form. */
  responseSections(formId: string): Promise<{ id: string; sectionResponses: SectionResponse[] }[]>;
  /** The form's application rows, or only those with a final decision. */
  countRows(formId: string, finalOnly: boolean): Promise<number>;
  save(change: FormChange): Promise<void>;
}

export function createAdminFormsRepository(store: DocumentStore): AdminFormsRepository {
  const count = (collection: string, formId: string, extra: { field: string; value: boolean }[] = []) =>
    store.count(collection, [{ field: 'applicationFormId', value: formId }, ...extra]);

  return {
    get: (id) => store.get<ApplicationForm>(COLLECTIONS.forms, id),
    async listByDueDate() {
      const forms = await store.query<ApplicationForm>(COLLECTIONS.forms, {
        orderBy: { field: 'dueDate', direction: 'desc' },
      });
      return forms.items.map((item) => item.data);
    },
    async activeIds() {
      const active = await store.query<ApplicationForm>(COLLECTIONS.forms, {
        where: [{ field: 'isActive', value: true }],
      });
      return active.items.map((item) => item.id);
    },
    async responseSections(formId) {
      const responses = await store.query<ApplicationResponse>(COLLECTIONS.responses, {
        where: [{ field: 'applicationFormId', value: formId }],
      });
      return responses.items.map((item) => ({ id: item.id, sectionResponses: item.data.sectionResponses }));
    },
    countRows: (formId, finalOnly) =>
      count(COLLECTIONS.reviewStatuses, formId, finalOnly ? [{ field: 'final', value: true }] : []),
    async save({ form, patch, deactivate, audit, responses = [] }) {
      const write: WriteOperation = patch
        ? { kind: 'update', collection: COLLECTIONS.forms, id: form.id, patch }
        : { kind: 'set', collection: COLLECTIONS.forms, id: form.id, data: form };
      await store.batch([
        write,
        ...deactivate.map((id): WriteOperation => ({
          kind: 'update',
          collection: COLLECTIONS.forms,
          id,
          patch: { isActive: false },
        })),
        auditWrite(audit),
        ...responseWrites(responses.slice(0, RESPONSES_PER_BATCH)),
      ]);
      // A chapter's hundreds of applications: the rest in further batches, each response whole.
      for (let start = RESPONSES_PER_BATCH; start < responses.length; start += RESPONSES_PER_BATCH) {
        await store.batch(responseWrites(responses.slice(start, start + RESPONSES_PER_BATCH)));
      }
    },
  };
}

function responseWrites(responses: { id: string; sectionResponses: SectionResponse[] }[]): WriteOperation[] {
  return responses.map(({ id, sectionResponses }) => ({
    kind: 'update',
    collection: COLLECTIONS.responses,
    id,
    patch: { sectionResponses },
  }));
}

import { isDeepStrictEqual } from 'node:util';
import type {
  ApplicationForm,
  ApplicationResponse,
  ApplicationRow,
  ApplicationStatus,
  AuditEntry,
  SectionResponse,
} from '@portal/shared/domain';
import { recordInTransaction } from '../audit/audit-entry';
import { writeFormStatus } from '../forms/form-status';
import { COLLECTIONS } from '../store/collections';
import { startFormCounters } from '../store/form-counters';
import { queryAll } from '../store/query-pages';
import type { DocumentStore } from '../store/document-store';

/**
 * One change to a form, written in one transaction with its audit entry and, where it changes
 * whether a form takes applications, the forms' status documents (forms/form-status.ts).
 */
export interface FormChange {
  /** Written whole, or (with `patch`) patched. */
  form: ApplicationForm;
  patch?: Partial<ApplicationForm>;
  /** Other forms made inactive in the same batch. */
  deactivate: string[];
  audit: AuditEntry;
}

/**
 * Rewrites a response's sections for a new definition, from the answers stored at that moment;
 * null leaves the response as it is.
 */
export type ReviseSections = (sections: SectionResponse[]) => SectionResponse[] | null;

/** The application-forms collection as the super-reviewer's form management reads and writes it. */
export interface AdminFormsRepository {
  get(id: string): Promise<ApplicationForm | null>;
  /** Every form, latest due date first. */
  listByDueDate(): Promise<ApplicationForm[]>;
  /** The ids of every active form. */
  activeIds(): Promise<string[]>;
  /** The answers of every response to the form (read page by page). */
  responseSections(formId: string): Promise<{ id: string; sectionResponses: SectionResponse[] }[]>;
  /**
   * Revises every response to the form, each in a transaction of its own that reads it afresh, so
   * an answer saved while the form was being replaced is kept; each revision bumps the version,
   * so an editor still open on the old version merges instead of overwriting it. A response the
   * revision leaves as it is is not written.
   */
  reviseResponses(formId: string, revise: ReviseSections): Promise<void>;
  /** The form's application rows, or only those with a final decision. */
  countRows(formId: string, finalOnly: boolean): Promise<number>;
  /** The form's responses in these statuses, counted (one equality count each). */
  countResponses(formId: string, statuses: readonly ApplicationStatus[]): Promise<number>;
  /** The form's reviews and interviews assigned and not submitted, summed over its application rows. */
  openAssessments(formId: string): Promise<{ reviews: number; interviews: number }>;
  save(change: FormChange): Promise<void>;
}

export function createAdminFormsRepository(store: DocumentStore): AdminFormsRepository {
  const count = (collection: string, formId: string, extra: { field: string; value: boolean | string }[] = []) =>
    store.count(collection, [{ field: 'applicationFormId', value: formId }, ...extra]);
  const countEach = async (collection: string, formId: string, field: string, values: readonly string[]) =>
    (await Promise.all(values.map((value) => count(collection, formId, [{ field, value }])))).reduce(
      (sum, each) => sum + each,
      0,
    );

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
      const responses = await queryAll<ApplicationResponse>(store, COLLECTIONS.responses, [
        { field: 'applicationFormId', value: formId },
      ]);
      return responses.map((response) => ({ id: response.id, sectionResponses: response.sectionResponses }));
    },
    async reviseResponses(formId, revise) {
      const responses = await queryAll<ApplicationResponse>(store, COLLECTIONS.responses, [
        { field: 'applicationFormId', value: formId },
      ]);
      for (const { id } of responses) {
        await store.transaction(async (tx) => {
          const current = await tx.get<ApplicationResponse>(COLLECTIONS.responses, id);
          const revised = current && revise(current.sectionResponses);
          // Unchanged (a reworded question, say): not written, so an applicant's save in flight goes on.
          if (!current || !revised || isDeepStrictEqual(revised, current.sectionResponses)) return;
          tx.update(COLLECTIONS.responses, id, { sectionResponses: revised, version: current.version + 1 });
        });
      }
    },
    countRows: (formId, finalOnly) =>
      count(COLLECTIONS.reviewStatuses, formId, finalOnly ? [{ field: 'final', value: true }] : []),
    countResponses: (formId, statuses) => countEach(COLLECTIONS.responses, formId, 'status', statuses),
    async openAssessments(formId) {
      // The rows keep the counts (one equality query on the form, as a release reads them).
      const rows = await queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [
        { field: 'applicationFormId', value: formId },
      ]);
      return rows.reduce(
        (open, row) => ({
          reviews: open.reviews + row.reviewsAssigned - row.reviewsDone,
          interviews: open.interviews + row.interviewsAssigned - row.interviewsDone,
        }),
        { reviews: 0, interviews: 0 },
      );
    },
    async save({ form, patch, deactivate, audit }) {
      await store.transaction(async (tx) => {
        const stored = await tx.get<ApplicationForm>(COLLECTIONS.forms, form.id);
        const others = await Promise.all(deactivate.map((id) => tx.get<ApplicationForm>(COLLECTIONS.forms, id)));
        if (patch) tx.update(COLLECTIONS.forms, form.id, patch);
        else tx.set(COLLECTIONS.forms, form.id, form);
        writeFormStatus(tx, patch ? { ...(stored ?? form), ...patch } : form, stored);
        // A new form has no responses or rows yet: its counters start at 0, never recounted while it is live.
        if (!stored) startFormCounters(tx, form.id, new Date());
        deactivate.forEach((id, index) => {
          tx.update(COLLECTIONS.forms, id, { isActive: false });
          const other = others[index];
          if (other) writeFormStatus(tx, { ...other, isActive: false }, other);
        });
        recordInTransaction(tx, audit);
      });
    },
  };
}

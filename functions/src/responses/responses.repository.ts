import {
  applicationRowId,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type AuditEntry,
  type TeamRole,
  type UploadedFile,
  type User,
  withFilterKeys,
} from '@portal/shared/domain';
import { readFormStatus, type FormStatus } from '../forms/form-status';
import { outboxInTransaction, type OutboxTransaction } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import { DerivedCache, deepFreeze } from '../store/derived-cache';
import type { DocumentStore, StoreTransaction } from '../store/document-store';
import { recordInTransaction } from '../audit/audit-entry';
import { indexRowsAndFinish, searchPostingsJob, searchPostingsJobId } from '../staff/search-postings-job';

/** One document per (user, form), so that starting an application twice finds the first response. */
export type ResponseIndexEntry = {
  userId: string;
  applicationFormId: string;
  responseId: string;
};

export const responseIndexId = (userId: string, formId: string) => `${userId}__${formId}`;

/** Reads and writes inside one store transaction: every read before the first write. */
export interface ResponsesTransaction extends OutboxTransaction {
  getResponse(id: string): Promise<ApplicationResponse | null>;
  /**
   * What a start, save or submit checks of the form (forms/form-status.ts); null: no such form.
   * They read the form's content beside their transaction, not through it
   * (`ResponsesRepository.getForm`), so a staff edit of it does not make them retry.
   */
  getFormStatus(formId: string): Promise<FormStatus | null>;
  getForm(id: string): Promise<ApplicationForm | null>;
  getUser(id: string): Promise<User | null>;
  getIndexEntry(userId: string, formId: string): Promise<ResponseIndexEntry | null>;
  getFile(id: string): Promise<UploadedFile | null>;
  getReviewStatus(responseId: string, role: TeamRole): Promise<ApplicationRow | null>;
  createResponse(response: ApplicationResponse): void;
  replaceResponse(response: ApplicationResponse): void;
  setIndexEntry(entry: ResponseIndexEntry): void;
  setActiveApplications(userId: string, formIds: string[]): void;
  createReviewStatus(status: ApplicationRow): void;
  /**
   * Stores the job of adding the response's new rows to the search's postings, which the submit's
   * request does after the commit (`indexForSearch`) and the scheduler if that stops first.
   */
  queueSearchPostings(responseId: string, rows: ApplicationRow[]): void;
  recordOfferReply(
    responseId: string,
    role: TeamRole,
    reply: Pick<Required<ApplicationRow>, 'offer' | 'offerRepliedAt'>,
  ): void;
  /** Appends an audit entry with the change (an offer's reply). */
  record(entry: AuditEntry): void;
}

export interface ResponsesRepository {
  getResponse(id: string): Promise<ApplicationResponse | null>;
  getForm(id: string): Promise<ApplicationForm | null>;
  getReviewStatus(responseId: string, role: TeamRole): Promise<ApplicationRow | null>;
  getUser(id: string): Promise<User | null>;
  listByUser(userId: string): Promise<ApplicationResponse[]>;
  /**
   * Adds a response's submitted rows to the dashboard search's postings (staff/search-postings.ts)
   * and ends the job its submit queued (staff/search-postings-job.ts).
   */
  indexForSearch(responseId: string, rows: ApplicationRow[]): Promise<unknown>;
  transaction<R>(work: (tx: ResponsesTransaction) => Promise<R>): Promise<R>;
}

/**
 * Forms as the busiest routes (reads and autosaves) use them: parsed once per stored version and
 * shared, frozen, until staff change the form (every read still asks the store whether it changed).
 */
const formCache = () => new DerivedCache<ApplicationForm>((data) => deepFreeze(data as ApplicationForm));

function inTransaction(tx: StoreTransaction, forms: DerivedCache<ApplicationForm>): ResponsesTransaction {
  return {
    ...outboxInTransaction(tx),
    getResponse: (id) => tx.get<ApplicationResponse>(COLLECTIONS.responses, id),
    getFormStatus: (formId) => readFormStatus(tx, formId),
    getForm: (id) => tx.getDerived(COLLECTIONS.forms, id, forms),
    getUser: (id) => tx.get<User>(COLLECTIONS.users, id),
    getIndexEntry: (userId, formId) =>
      tx.get<ResponseIndexEntry>(COLLECTIONS.responseIndex, responseIndexId(userId, formId)),
    getFile: (id) => tx.get<UploadedFile>(COLLECTIONS.files, id),
    getReviewStatus: (responseId, role) =>
      tx.get<ApplicationRow>(COLLECTIONS.reviewStatuses, applicationRowId(responseId, role)),
    createResponse: (response) => tx.create(COLLECTIONS.responses, response.id, response),
    replaceResponse: (response) => tx.set(COLLECTIONS.responses, response.id, response),
    setIndexEntry: (entry) =>
      tx.set(COLLECTIONS.responseIndex, responseIndexId(entry.userId, entry.applicationFormId), { ...entry }),
    setActiveApplications: (userId, formIds) => tx.update(COLLECTIONS.users, userId, { activeApplications: formIds }),
    createReviewStatus: (status) => tx.create(COLLECTIONS.reviewStatuses, status.id, withFilterKeys(status)),
    queueSearchPostings: (responseId, rows) =>
      tx.set(COLLECTIONS.jobs, searchPostingsJobId(responseId), searchPostingsJob(rows[0]!.applicationFormId, rows)),
    recordOfferReply: (responseId, role, { offer, offerRepliedAt }) =>
      tx.update(COLLECTIONS.reviewStatuses, applicationRowId(responseId, role), {
        offer,
        offerRepliedAt,
        offerPending: false,
        // The row of an offer: its stage is the reply (withFilterKeys).
        decisionStage: `offer-${offer}`,
      }),
    record: (entry) => recordInTransaction(tx, entry),
  };
}

export function createResponsesRepository(store: DocumentStore): ResponsesRepository {
  const forms = formCache();
  return {
    getResponse: (id) => store.get<ApplicationResponse>(COLLECTIONS.responses, id),
    getForm: (id) => store.getDerived(COLLECTIONS.forms, id, forms),
    getReviewStatus: (responseId, role) =>
      store.get<ApplicationRow>(COLLECTIONS.reviewStatuses, applicationRowId(responseId, role)),
    getUser: (id) => store.get<User>(COLLECTIONS.users, id),
    async listByUser(userId) {
      const page = await store.query<ApplicationResponse>(COLLECTIONS.responses, {
        where: [{ field: 'userId', value: userId }],
      });
      return page.items.map((item) => item.data);
    },
    indexForSearch: (responseId, rows) => indexRowsAndFinish(store, responseId, rows),
    transaction: (work) => store.transaction((tx) => work(inTransaction(tx, forms))),
  };
}

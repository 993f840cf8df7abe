import {
  type ApplicationForm,
  type ApplicationResponse,
  type AssessmentKind,
  type UploadedFile,
  type User,
  type UserRole,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { TransactionContentionError, type DocumentStore, type EqualityFilter } from '../store/document-store';
import { assessmentKindsOn } from '../staff/reviews.repository';
import { claimUpload, releaseUpload, type UploadLease } from './upload-lease';

/** What the files service reads and writes in the document store. */
export interface FilesRepository {
  getResponse(id: string): Promise<ApplicationResponse | null>;
  getForm(id: string): Promise<ApplicationForm | null>;
  getUserRole(uid: string): Promise<UserRole | null>;
  getFile(id: string): Promise<UploadedFile | null>;
  /** The kinds of work (review, interview) the staff member has on this response; none: not assigned. */
  assessmentKinds(responseId: string, staffId: string): Promise<AssessmentKind[]>;
  createFile(file: UploadedFile): Promise<void>;
  /**
   * Records `file` as the one file of its question, in one transaction that reads its response
   * (`check` refuses by throwing) and deletes every other record of the question. Answers the
   * records it deleted, whose bytes are the caller's to delete.
   */
  replaceFiles(file: UploadedFile, check: (response: ApplicationResponse | null) => void): Promise<UploadedFile[]>;
  /** The question for one upload at a time (upload-lease.ts); null while another upload holds it. */
  claimUpload(target: { responseId: string; questionId: string }, at: Date): Promise<UploadLease | null>;
  releaseUpload(lease: UploadLease): Promise<void>;
}

/** How often one transaction lists a question's files again when an upload lands meanwhile. */
const LISTING_ATTEMPTS = 5;

const ofQuestion = (responseId: string, questionId: string): EqualityFilter[] => [
  { field: 'responseId', value: responseId },
  { field: 'questionId', value: questionId },
];

/** Exactly the record's fields, whatever else the object carries. */
function fileRecord(file: UploadedFile): UploadedFile {
  const { id, ownerId, responseId, questionId, name, size, contentType, uploadedAt } = file;
  return { id, ownerId, responseId, questionId, name, size, contentType, uploadedAt };
}

export function createFilesRepository(store: DocumentStore): FilesRepository {
  return {
    getResponse: (id) => store.get<ApplicationResponse>(COLLECTIONS.responses, id),
    getForm: (id) => store.get<ApplicationForm>(COLLECTIONS.forms, id),
    getUserRole: async (uid) => (await store.get<User>(COLLECTIONS.users, uid))?.role ?? null,
    getFile: (id) => store.get<UploadedFile>(COLLECTIONS.files, id),
    assessmentKinds: (responseId, staffId) => assessmentKindsOn(store, responseId, staffId),
    createFile: (file) => store.create(COLLECTIONS.files, file.id, fileRecord(file)),
    claimUpload: (target, at) => claimUpload(store, target, at),
    releaseUpload: (lease) => releaseUpload(store, lease),
    replaceFiles: (file, check) => {
      const where = ofQuestion(file.responseId, file.questionId);
      return store.transaction(async (tx) => {
        check(await tx.get<ApplicationResponse>(COLLECTIONS.responses, file.responseId));
        // A transaction cannot query: the question's records are listed outside it and each read in
        // it, and a count in it proves the list whole. An upload that commits in between is listed
        // on the next pass; one that commits after the count makes the store retry the work.
        for (let attempt = 1; attempt <= LISTING_ATTEMPTS; attempt += 1) {
          const listed = await store.query<UploadedFile>(COLLECTIONS.files, { where });
          const current: UploadedFile[] = [];
          // One read at a time: on Firestore, a read still in flight when a conflict aborts the
          // attempt fails with INVALID_ARGUMENT, which is not retried.
          for (const item of listed.items) {
            const record = await tx.get<UploadedFile>(COLLECTIONS.files, item.id);
            if (record) current.push(record);
          }
          if ((await tx.count(COLLECTIONS.files, where)) !== current.length) continue;
          for (const old of current) tx.delete(COLLECTIONS.files, old.id);
          tx.create(COLLECTIONS.files, file.id, fileRecord(file));
          return current;
        }
        throw new TransactionContentionError(LISTING_ATTEMPTS);
      });
    },
  };
}

import {
  type ApplicationForm,
  type ApplicationResponse,
  type AssessmentKind,
  type UploadedFile,
  type User,
  type UserRole,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { assessmentKindsOn } from '../staff/reviews.repository';

/** What the files service reads and writes in the document store. */
export interface FilesRepository {
  getResponse(id: string): Promise<ApplicationResponse | null>;
  getForm(id: string): Promise<ApplicationForm | null>;
  getUserRole(uid: string): Promise<UserRole | null>;
  getFile(id: string): Promise<UploadedFile | null>;
  /** The kinds of work (review, interview) the staff member has on this response; none: not assigned. */
  assessmentKinds(responseId: string, staffId: string): Promise<AssessmentKind[]>;
  createFile(file: UploadedFile): Promise<void>;
  /** Every file uploaded for this question of this response. */
  listFiles(responseId: string, questionId: string): Promise<UploadedFile[]>;
  deleteFile(id: string): Promise<void>;
}

export function createFilesRepository(store: DocumentStore): FilesRepository {
  return {
    getResponse: (id) => store.get<ApplicationResponse>(COLLECTIONS.responses, id),
    getForm: (id) => store.get<ApplicationForm>(COLLECTIONS.forms, id),
    getUserRole: async (uid) => (await store.get<User>(COLLECTIONS.users, uid))?.role ?? null,
    getFile: (id) => store.get<UploadedFile>(COLLECTIONS.files, id),
    assessmentKinds: (responseId, staffId) => assessmentKindsOn(store, responseId, staffId),
    createFile: (file) => {
      const { id, ownerId, responseId, questionId, name, size, contentType, uploadedAt } = file;
      const record: UploadedFile = { id, ownerId, responseId, questionId, name, size, contentType, uploadedAt };
      return store.create(COLLECTIONS.files, id, record);
    },
    listFiles: async (responseId, questionId) => {
      const page = await store.query<UploadedFile>(COLLECTIONS.files, {
        where: [
          { field: 'responseId', value: responseId },
          { field: 'questionId', value: questionId },
        ],
      });
      return page.items.map((item) => item.data);
    },
    deleteFile: (id) => store.delete(COLLECTIONS.files, id),
  };
}

import {
  applicationRowId,
  userView,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type InterviewSlot,
  type TeamRole,
  type UploadedFile,
  type User,
  type UserRecord,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { queryAll } from '../store/query-pages';
import type { OutboxMessage } from '../outbox/outbox';

/** A booking record (`interview-bookings`): the slot an applicant holds a seat in for a form. */
export type BookingRecord = {
  userId: string;
  formId: string;
  slotId: string;
};

/**
 * What "Download my data" reads, each by the person's own id (docs/product.md#download-my-data):
 * their record, responses, files, bookings and the emails to them, and the forms, rows and slots
 * those name. Outside any transaction: a download is a copy of one moment, not a change.
 */
export interface MyDataRepository {
  getUser(uid: string): Promise<User | null>;
  responsesOf(uid: string): Promise<ApplicationResponse[]>;
  filesOf(uid: string): Promise<UploadedFile[]>;
  bookingsOf(uid: string): Promise<BookingRecord[]>;
  /** The emails queued or sent to them, by their user id (whatever address they went to). */
  emailsTo(uid: string): Promise<OutboxMessage[]>;
  getForm(id: string): Promise<ApplicationForm | null>;
  getRow(responseId: string, role: TeamRole): Promise<ApplicationRow | null>;
  getSlot(id: string): Promise<InterviewSlot | null>;
}

export function createMyDataRepository(store: DocumentStore): MyDataRepository {
  const byUser = (field: string, uid: string) => [{ field, value: uid }];
  return {
    async getUser(uid) {
      const record = await store.get<UserRecord>(COLLECTIONS.users, uid);
      return record ? userView(record) : null;
    },
    responsesOf: (uid) => queryAll<ApplicationResponse>(store, COLLECTIONS.responses, byUser('userId', uid)),
    filesOf: (uid) => queryAll<UploadedFile>(store, COLLECTIONS.files, byUser('ownerId', uid)),
    bookingsOf: (uid) => queryAll<BookingRecord>(store, COLLECTIONS.interviewBookings, byUser('userId', uid)),
    emailsTo: (uid) => queryAll<OutboxMessage>(store, COLLECTIONS.outbox, byUser('recipientId', uid)),
    getForm: (id) => store.get<ApplicationForm>(COLLECTIONS.forms, id),
    getRow: (responseId, role) =>
      store.get<ApplicationRow>(COLLECTIONS.reviewStatuses, applicationRowId(responseId, role)),
    getSlot: (id) => store.get<InterviewSlot>(COLLECTIONS.interviewSlots, id),
  };
}

import type {
  ApplicationForm,
  ApplicationResponse,
  Assessment,
  AssessmentKind,
  AuditEntry,
  NotesDocument,
  User,
} from '@portal/shared/domain';
import { recordInTransaction } from '../../audit/audit-entry';
import { outboxInTransaction, type OutboxTransaction } from '../../outbox/outbox';
import { COLLECTIONS } from '../../store/collections';
import type { DocumentStore } from '../../store/document-store';
import { queryAll } from '../../store/query-pages';
import { assessmentCollection } from '../reviews.repository';

/**
 * Every store access of the notes on applications. An application's notes are one document
 * (`application-notes/{responseId}`): it is read whole (one read per notes panel, no index), and an
 * erasure of the applicant deletes it by id inside its own transaction (`eraseNotesAbout`), where
 * no query can run (docs/decisions/notes-document.md).
 */

/** Inside a note's transaction: what decides it, read before it writes. */
export interface NotesTransaction extends OutboxTransaction {
  getResponse(id: string): Promise<ApplicationResponse | null>;
  getUser(id: string): Promise<User | null>;
  getNotes(responseId: string): Promise<NotesDocument | null>;
  /** How many reviews or interviews the staff member holds on the response (counted in the transaction's view). */
  countAssessments(kind: AssessmentKind, responseId: string, staffId: string): Promise<number>;
  setNotes(notes: NotesDocument): void;
  deleteNotes(responseId: string): void;
  record(entry: AuditEntry): void;
}

export interface NotesRepository {
  getResponse(id: string): Promise<ApplicationResponse | null>;
  getForm(id: string): Promise<ApplicationForm | null>;
  getUser(id: string): Promise<User | null>;
  getNotes(responseId: string): Promise<NotesDocument | null>;
  /** Every review and interview of the response (a few: one per reviewer and role). */
  assessmentsOn(responseId: string): Promise<Assessment[]>;
  /** Every super-reviewer (they may see every application). */
  superReviewers(): Promise<User[]>;
  transaction<R>(work: (tx: NotesTransaction) => Promise<R>): Promise<R>;
}

export function createNotesRepository(store: DocumentStore): NotesRepository {
  return {
    getResponse: (id) => store.get<ApplicationResponse>(COLLECTIONS.responses, id),
    getForm: (id) => store.get<ApplicationForm>(COLLECTIONS.forms, id),
    getUser: (id) => store.get<User>(COLLECTIONS.users, id),
    getNotes: (responseId) => store.get<NotesDocument>(COLLECTIONS.notes, responseId),
    async assessmentsOn(responseId) {
      const where = [{ field: 'responseId', value: responseId }];
      const [reviews, interviews] = await Promise.all(
        (['review', 'interview'] as const).map((kind) =>
          queryAll<Assessment>(store, assessmentCollection(kind), where),
        ),
      );
      return [...reviews!, ...interviews!];
    },
    superReviewers: () => queryAll<User>(store, COLLECTIONS.users, [{ field: 'role', value: 'super-reviewer' }]),
    transaction: (work) =>
      store.transaction((tx) =>
        work({
          ...outboxInTransaction(tx),
          getResponse: (id) => tx.get<ApplicationResponse>(COLLECTIONS.responses, id),
          getUser: (id) => tx.get<User>(COLLECTIONS.users, id),
          getNotes: (responseId) => tx.get<NotesDocument>(COLLECTIONS.notes, responseId),
          countAssessments: (kind, responseId, staffId) =>
            tx.count(assessmentCollection(kind), [
              { field: 'responseId', value: responseId },
              { field: 'staffId', value: staffId },
            ]),
          setNotes: (notes) => tx.set(COLLECTIONS.notes, notes.responseId, notes),
          deleteNotes: (responseId) => tx.delete(COLLECTIONS.notes, responseId),
          record: (entry) => recordInTransaction(tx, entry),
        }),
      ),
  };
}

/**
 * In an erasure's transaction (staff/user-erasure.ts): the notes on each of the applicant's
 * applications go with them. A note added meanwhile read the response in its own transaction, so
 * it either committed before (and goes here) or finds the response gone.
 */
export function eraseNotesAbout(
  tx: { remove(collection: 'notes', id: string): void },
  responses: readonly { id: string }[],
): void {
  for (const response of responses) tx.remove('notes', response.id);
}

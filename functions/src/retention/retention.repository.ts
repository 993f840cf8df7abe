import type {
  ApplicationForm,
  ApplicationResponse,
  ApplicationRow,
  AuditEntry,
  InterviewSlot,
  RetentionCounts,
  User,
} from '@portal/shared/domain';
import { recordInTransaction } from '../audit/audit-entry';
import { outboxInTransaction, type OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import type { DocumentData, DocumentStore } from '../store/document-store';
import { queryAll } from '../store/query-pages';

/** A released form's data retention as stored (COLLECTIONS.retention, id = the form's). */
export interface RetentionRecord {
  [field: string]: unknown;
  formId: string;
  /** When the decisions were released: the retention counts from it. */
  releasedAt: string;
  /** When the scheduler next has something to do for it; absent once the erasure is done. */
  nextAt?: string;
  /** The erasure time (`retentionTimes(...).dueAt`) the super-reviewers were told of, and when. */
  noticeDueAt?: string;
  noticeSentAt?: string;
  /** What the erasure removed so far; `erasedAt` once it is done. */
  progress?: RetentionCounts;
  erasedAt?: string;
  /** Identity accounts whose records are erased but whose deletion at the provider failed: tried again. */
  pendingAccounts?: string[];
}

/** What decides whether an applicant keeps their account: their record, every row and application of theirs. */
export interface AccountFacts {
  user: User | null;
  rows: ApplicationRow[];
  responses: ApplicationResponse[];
}

export interface RetentionTransaction {
  getRecord(formId: string): Promise<RetentionRecord | null>;
  setRecord(record: RetentionRecord): void;
  getOutboxMessage(id: string): Promise<OutboxMessage | null>;
  queueMessage(message: OutboxMessage): void;
  record(entry: AuditEntry): void;
}

/** Every store access of the data retention. */
export interface RetentionRepository {
  getForm(formId: string): Promise<ApplicationForm | null>;
  getRecord(formId: string): Promise<RetentionRecord | null>;
  /** The record whose `nextAt` comes first after `after` (its id), if any: one read. */
  earliest(after?: string): Promise<{ record: RetentionRecord; cursor: string | null } | null>;
  /** Whether every released form has its record: two counts. */
  recordsMissing(): Promise<boolean>;
  releasedForms(): Promise<ApplicationForm[]>;
  /** When the form's release committed, as its release job has it (null: released before release jobs). */
  releaseTime(formId: string): Promise<string | null>;
  /** Creates the record unless it exists. */
  createRecord(record: RetentionRecord): Promise<void>;
  /** The form's applications (drafts included) and rows. */
  formApplicants(formId: string): Promise<{ responses: ApplicationResponse[]; rows: ApplicationRow[] }>;
  accountFacts(userId: string): Promise<AccountFacts>;
  getForms(ids: string[]): Promise<Map<string, ApplicationForm | null>>;
  slotsOf(formId: string): Promise<InterviewSlot[]>;
  superReviewers(): Promise<User[]>;
  transaction<R>(work: (tx: RetentionTransaction) => Promise<R>): Promise<R>;
}

const RELEASED = [{ field: 'decisionsReleased', value: true }];

export function createRetentionRepository(store: DocumentStore): RetentionRepository {
  const getForm = (formId: string) => store.get<ApplicationForm>(COLLECTIONS.forms, formId);
  return {
    getForm,
    getRecord: (formId) => store.get<RetentionRecord>(COLLECTIONS.retention, formId),
    async earliest(after) {
      const page = await store.query<RetentionRecord>(COLLECTIONS.retention, {
        orderBy: { field: 'nextAt', direction: 'asc' },
        limit: 1,
        after,
      });
      const [first] = page.items;
      return first ? { record: first.data, cursor: page.nextCursor } : null;
    },
    async recordsMissing() {
      const [released, records] = await Promise.all([
        store.count(COLLECTIONS.forms, RELEASED),
        store.count(COLLECTIONS.retention),
      ]);
      return released > records;
    },
    releasedForms: () => queryAll<ApplicationForm>(store, COLLECTIONS.forms, RELEASED),
    async releaseTime(formId) {
      const job = await store.get<{ at?: string } & DocumentData>(COLLECTIONS.jobs, formId);
      return typeof job?.at === 'string' ? job.at : null;
    },
    async createRecord(record) {
      await store.transaction(async (tx) => {
        if (await tx.get(COLLECTIONS.retention, record.formId)) return;
        tx.create(COLLECTIONS.retention, record.formId, record);
      });
    },
    async formApplicants(formId) {
      const byForm = [{ field: 'applicationFormId', value: formId }];
      const [responses, rows] = await Promise.all([
        queryAll<ApplicationResponse>(store, COLLECTIONS.responses, byForm),
        queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, byForm),
      ]);
      return { responses, rows };
    },
    async accountFacts(userId) {
      const byUser = [{ field: 'userId', value: userId }];
      const [user, rows, responses] = await Promise.all([
        store.get<User>(COLLECTIONS.users, userId),
        queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, byUser),
        queryAll<ApplicationResponse>(store, COLLECTIONS.responses, byUser),
      ]);
      return { user, rows, responses };
    },
    async getForms(ids) {
      return new Map(await Promise.all(ids.map(async (id) => [id, await getForm(id)] as const)));
    },
    slotsOf: (formId) =>
      queryAll<InterviewSlot>(store, COLLECTIONS.interviewSlots, [{ field: 'formId', value: formId }]),
    superReviewers: () => queryAll<User>(store, COLLECTIONS.users, [{ field: 'role', value: 'super-reviewer' }]),
    transaction: (work) =>
      store.transaction((tx) =>
        work({
          getRecord: (formId) => tx.get<RetentionRecord>(COLLECTIONS.retention, formId),
          setRecord: (record) => tx.set(COLLECTIONS.retention, record.formId, record),
          ...outboxInTransaction(tx),
          record: (entry) => recordInTransaction(tx, entry),
        }),
      ),
  };
}

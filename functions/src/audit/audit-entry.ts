import { randomUUID } from 'node:crypto';
import { displayName, type AuditAction, type AuditEntry, type AuditTarget, type User } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { StoreTransaction, WriteOperation } from '../store/document-store';

/**
 * Who made a change: the caller's user record (`req.user`), or just its id and name; `runBy`: the
 * scheduler did it on their behalf (a scheduled release: they scheduled it).
 */
export type AuditActor = Pick<User, 'id' | 'firstName' | 'lastName' | 'email'> & { runBy?: 'scheduler' };

/** Who did what the scheduler did on its own (reminders, expired offers, interviews a release cancelled). */
export const SCHEDULER_ACTOR: AuditActor = { id: 'scheduler', firstName: 'The', lastName: 'scheduler', email: '' };

export interface AuditEntryInput {
  actor: AuditActor;
  action: AuditAction;
  target: AuditTarget;
  formId?: string;
  /** Only the changed fields; null when the document did not exist before (or after). */
  before: unknown;
  after: unknown;
  /** ISO 8601 time of the change. */
  at: string;
  id?: string;
}

/** Firestore refuses `undefined`: leave absent fields out of what is stored. */
function withoutUndefined(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, field]) => field !== undefined)
        .map(([key, field]) => [key, withoutUndefined(field)]),
    );
  }
  return value;
}

/** An audit entry, ready to be written in the same batch or transaction as the change it records. */
export function auditEntry(input: AuditEntryInput): AuditEntry {
  const actorName = displayName(input.actor) || input.actor.email || input.actor.id;
  return {
    id: input.id ?? randomUUID(),
    at: input.at,
    actorId: input.actor.id,
    actorName,
    ...(input.actor.runBy ? { runBy: input.actor.runBy } : {}),
    action: input.action,
    target: { collection: input.target.collection, id: input.target.id },
    ...(input.formId === undefined ? {} : { formId: input.formId }),
    before: withoutUndefined(input.before ?? null),
    after: withoutUndefined(input.after ?? null),
  };
}

/** The batch operation that appends `entry` (a create: it fails rather than overwrite an entry). */
export const auditWrite = (entry: AuditEntry): WriteOperation => ({
  kind: 'create',
  collection: COLLECTIONS.audit,
  id: entry.id,
  data: entry as unknown as Record<string, unknown>,
});

/** Appends `entry` inside the transaction that makes the change. */
export function recordInTransaction(tx: StoreTransaction, entry: AuditEntry): void {
  tx.create(COLLECTIONS.audit, entry.id, entry as unknown as Record<string, unknown>);
}

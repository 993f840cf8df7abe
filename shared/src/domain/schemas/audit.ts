import './zod-config';
import { z } from 'zod/mini';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './staff-api';

/**
 * The audit log: role changes, deletions, assignments, decisions, releases, reopened reviews and
 * interviews, and form publishing, activation and due dates, each recorded (who,
 * what, when, before and after) in the `audit-log` collection in the same batch or transaction as
 * the change itself. Entries are only ever created: no route updates or deletes one.
 */

export const AUDIT_ACTIONS = [
  'user.role-changed',
  'user.deleted',
  'assignment.created',
  'assignment.removed',
  'decision.set',
  'qualified.set',
  'decisions.released',
  'assessment.reopened',
  'form.published',
  'form.activated',
  'form.due-date-changed',
  'conflict.declared',
  'conflict.withdrawn',
  'release.scheduled',
  'release.unscheduled',
  'release.schedule-failed',
  'email.resent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.role-changed': 'Role changed',
  'user.deleted': 'User deleted',
  'assignment.created': 'Assignment created',
  'assignment.removed': 'Assignment removed',
  'decision.set': 'Decision set',
  'qualified.set': 'Qualified flag set',
  'decisions.released': 'Decisions released',
  'assessment.reopened': 'Review reopened',
  'form.published': 'Form published',
  'form.activated': 'Form activated',
  'form.due-date-changed': 'Due date changed',
  'conflict.declared': 'Conflict of interest declared',
  'conflict.withdrawn': 'Conflict of interest withdrawn',
  'release.scheduled': 'Release scheduled',
  'release.unscheduled': 'Scheduled release cancelled',
  'release.schedule-failed': 'Scheduled release failed',
  'email.resent': 'Email resent',
};

export interface AuditTarget {
  /** The collection of the changed document (the server's collection name). */
  collection: string;
  id: string;
}

export interface AuditEntry {
  id: string;
  /** When the change was made (ISO 8601, the server clock). */
  at: string;
  /** Who made it: the caller's user id and display name at the time. */
  actorId: string;
  actorName: string;
  action: AuditAction;
  target: AuditTarget;
  /** The application form the change belongs to, when it belongs to one. */
  formId?: string;
  /** Only the changed fields, before and after (null: the document did not exist, or no longer does). */
  before: unknown;
  after: unknown;
  /**
   * What the target is, in words ("Ada Lovelace · Engineer", a person's name, a form's semester):
   * added when the log is read, never stored.
   */
  targetLabel?: string;
}

export const auditActionSchema = z.enum(AUDIT_ACTIONS);

/** GET /admin/audit: newest first, optionally one action only. */
export const auditQuerySchema = z.strictObject({
  action: z.optional(auditActionSchema),
  cursor: z.optional(z.string().check(z.maxLength(500))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

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
  'decision.changed',
  'offer.expired',
  'form.offer-deadline-changed',
  'assessment.submitted',
  'assignment.auto-created',
  'reviewer.reminded',
  'reviewer.digest-sent',
  'export.downloaded',
  'slot.created',
  'slot.deleted',
  'slot.changed',
  'interview.booked',
  'interview.booking-cancelled',
  'offer.replied',
  'account.deleted',
  'retention.notice-sent',
  'retention.erased',
  'note.created',
  'note.edited',
  'note.deleted',
  'group-message.sent',
  'tag.created',
  'tag.changed',
  'tag.deleted',
  'row.tagged',
  'row.untagged',
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
  'decision.changed': 'Released decision changed',
  'offer.expired': 'Offer expired',
  'form.offer-deadline-changed': 'Offer deadline changed',
  'assessment.submitted': 'Review or interview submitted',
  'assignment.auto-created': 'Assigned by auto-assign',
  'reviewer.reminded': 'Reviewer reminded',
  'reviewer.digest-sent': 'Reviewer digest sent',
  'export.downloaded': 'Export downloaded',
  'slot.created': 'Interview slot published',
  'slot.deleted': 'Interview slot deleted',
  'slot.changed': 'Interview slot changed',
  'interview.booked': 'Interview booked or moved',
  'interview.booking-cancelled': 'Interview booking cancelled',
  'offer.replied': 'Offer answered',
  'account.deleted': 'Account deleted by its owner',
  'retention.notice-sent': 'Data retention: super-reviewers told',
  'retention.erased': 'Data retention: personal data erased',
  'note.created': 'Note written',
  'note.edited': 'Note edited',
  'note.deleted': 'Note deleted',
  'group-message.sent': 'Message to a group sent',
  'tag.created': 'Tag created',
  'tag.changed': 'Tag changed',
  'tag.deleted': 'Tag deleted',
  'row.tagged': 'Tag added to a role application',
  'row.untagged': 'Tag removed from a role application',
};

/**
 * What an entry's target is, for the target filter: each kind of target by its name in the API
 * (the server maps it to its collection).
 */
export const AUDIT_TARGET_KINDS = [
  'application',
  'review',
  'interview',
  'person',
  'form',
  'release',
  'conflict',
  'email',
  'slot',
  'note',
  'tag',
] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];
export const AUDIT_TARGET_LABELS: Record<AuditTargetKind, string> = {
  application: 'Role applications',
  review: 'Reviews',
  interview: 'Interviews',
  person: 'People',
  form: 'Forms',
  release: 'Scheduled releases',
  conflict: 'Conflicts of interest',
  email: 'Emails',
  slot: 'Interview slots and bookings',
  note: 'Notes on applications',
  tag: 'Tags of role applications',
};

/** Who made a change, in words: "Dana Director", or "scheduled by Dana Director, run by the scheduler". */
export const auditWhoText = (entry: Pick<AuditEntry, 'actorName' | 'runBy'>): string =>
  entry.runBy === 'scheduler' ? `scheduled by ${entry.actorName}, run by the scheduler` : entry.actorName;

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
   * Set when the scheduler did the work: the actor is then who scheduled it ("scheduled by Dana
   * Director, run by the scheduler").
   */
  runBy?: 'scheduler';
  /**
   * What the target is, in words ("Ada Lovelace · Engineer", a person's name, a form's semester):
   * added when the log is read, never stored.
   */
  targetLabel?: string;
  /** The form's role labels by id, for the role ids in before and after: added when the log is read, never stored. */
  roleLabels?: Record<string, string>;
}

export const auditActionSchema = z.enum(AUDIT_ACTIONS);

const DAY = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-03-01'));

/** The filters of the audit log and of its CSV export. */
const auditFilters = {
  action: z.optional(auditActionSchema),
  /** Who made the change (their user id). */
  actorId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  /** What kind of thing was changed. */
  target: z.optional(z.enum(AUDIT_TARGET_KINDS)),
  /** From this day and up to that day, both included, in the chapter's time zone. */
  from: z.optional(DAY),
  to: z.optional(DAY),
};

/** GET /admin/audit: newest first, filtered by person, action, target kind and dates; paged. */
export const auditQuerySchema = z.strictObject({
  ...auditFilters,
  cursor: z.optional(z.string().check(z.maxLength(500))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** GET /admin/audit/export.csv: every entry the filters match, newest first. */
export const auditExportQuerySchema = z.strictObject(auditFilters);
export type AuditExportQuery = z.input<typeof auditExportQuerySchema>;

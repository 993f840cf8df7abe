import {
  TEAM_ROLE_DISPLAY,
  USER_ROLE_LABELS,
  type UserRole,
  REVIEW_DECISION_LABELS,
} from '@portal/shared/domain/ids/constants';
import { formatDateTime } from '@portal/shared/domain/rules/dates';
import { formatZonedDateTime, roleLabel } from '@portal/shared/ui';

/** One changed field of an audit entry, in words: "Decision: Reviewed → Accepted". */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** Store keys that only serve search and sorting: never worth a line. */
const HIDDEN_FIELDS = new Set(['searchTokens', 'sortName', 'id']);
/** Ids (`staffId`, `responseId`, …) say nothing to a reader: the entry's target and the names beside them do. */
const isIdField = (key: string): boolean => /Id$/.test(key);
const FIELD_NAMES: Record<string, string> = {
  staffName: 'Staff member',
  applicantName: 'Applicant',
  isActive: 'Active',
  final: 'Final',
};
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** "dueDate" → "Due date"; a path the server wrote in words ("Review rubrics › … › Weight") stays as it is. */
export const fieldName = (key: string): string =>
  FIELD_NAMES[key] ??
  (key.includes(' › ') ? key : undefined) ??
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ [A-Z]/g, (c) => c.toLowerCase());

/** The role fields of an entry, whose ids read as the form's labels (`roleLabels`, sent with the entry). */
const ROLE_FIELDS = new Set(['role', 'roles', 'forRoles', 'requiredRole']);

/**
 * A value as a reader would say it: labels for decisions and roles (the form's own roles by the
 * labels the entry came with), Yes/No, dates in the portal's one zone, named.
 */
export function valueText(
  key: string,
  value: unknown,
  timeZone?: string,
  roleLabels: Record<string, string> = {},
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (key === 'decision' && value in REVIEW_DECISION_LABELS) {
      return REVIEW_DECISION_LABELS[value as keyof typeof REVIEW_DECISION_LABELS];
    }
    if (ROLE_FIELDS.has(key) && roleLabels[value]) return roleLabels[value];
    if (key === 'role' && value in USER_ROLE_LABELS) return USER_ROLE_LABELS[value as UserRole];
    // The default roles by their label; a form's own role ids read as themselves (the entry does not say its form).
    if (value in TEAM_ROLE_DISPLAY) return roleLabel(value);
    if (ISO_TIME.test(value)) return timeZone ? formatZonedDateTime(value, timeZone) : formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => valueText(key, item, timeZone, roleLabels)).join(', ') || '—';
  if (typeof value === 'object') return objectText(value as Record<string, unknown>, timeZone, roleLabels);
  return String(value);
}

/** An assignment in a row's list reads as "Bo Chen (submitted)"; any other object as its readable fields. */
function objectText(value: Record<string, unknown>, timeZone?: string, roleLabels?: Record<string, string>): string {
  if (typeof value.staffName === 'string') {
    return typeof value.state === 'string' ? `${value.staffName} (${value.state})` : value.staffName;
  }
  return Object.entries(value)
    .filter(([key]) => !HIDDEN_FIELDS.has(key) && !isIdField(key))
    .map(([key, item]) => `${fieldName(key)}: ${valueText(key, item, timeZone, roleLabels)}`)
    .join('; ');
}

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The fields that differ between before and after (a created or removed document: each of its fields). */
export function fieldChanges(
  before: unknown,
  after: unknown,
  timeZone?: string,
  roleLabels?: Record<string, string>,
): FieldChange[] {
  const old = fieldsOf(before);
  const next = fieldsOf(after);
  const keys = [...new Set([...Object.keys(old), ...Object.keys(next)])].filter(
    (key) => !HIDDEN_FIELDS.has(key) && !isIdField(key),
  );
  return keys
    .filter((key) => JSON.stringify(old[key]) !== JSON.stringify(next[key]))
    .map((key) => ({
      field: fieldName(key),
      before: valueText(key, old[key], timeZone, roleLabels),
      after: valueText(key, next[key], timeZone, roleLabels),
    }));
}

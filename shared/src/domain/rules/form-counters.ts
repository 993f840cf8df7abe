import type { TeamRole } from '../ids/constants';
import type { RowFilter } from '../schemas/staff-api';
import type { ApplicationRow } from './application-row';
import { utcDay } from './pipeline';

/**
 * The counters stored per form (docs/performance.md#pipeline-at-a-glance): what the pipeline's
 * funnel and days and the dashboard's totals read instead of counting rows. Each stored row and
 * response contributes +1 to each of its keys (`rowCounterKeys`, `responseCounterKeys`); the server
 * applies the difference between a document's keys before and after in the transaction that writes
 * it, and recounts a form's counters from its rows (`counterFilter`) when they are missing or drifted.
 */

/** A counter's key: `<what>:<role | day | filter>`, or the form's totals `rows` and `responses`. */
export type FormCounterKey = string;

/** The funnel counts of one role, stored per role (`reviewsDone` 0 and `interviewsDone` 0: "not yet"). */
export const ROLE_COUNTERS = [
  'started',
  'submitted',
  'notReviewed',
  'qualified',
  'notInterviewed',
  'decided',
  'offerAccepted',
] as const;
export type RoleCounter = (typeof ROLE_COUNTERS)[number];

/**
 * The stored field and value of each dashboard filter (the keys `withFilterKeys` stores: one field
 * for the decision and offer filters; docs/performance.md#index-budget). Each filter's total is a
 * counter of the All tab's rows holding its value. The disagreement filter's counts the stored flags:
 * its indexed page reads the flagged rows only while their flags are of the form's calibration now
 * (calibrated-order.ts in the API), so the flagged rows are its rows; otherwise the dashboard reads
 * and counts them in memory.
 */
export const ROW_FILTER_FIELDS = {
  undecided: { field: 'decisionStage', value: 'undecided' },
  offered: { field: 'decision', value: 'accepted' },
  'offer-pending': { field: 'decisionStage', value: 'offer-pending' },
  'offer-accepted': { field: 'decisionStage', value: 'offer-accepted' },
  'offer-declined': { field: 'decisionStage', value: 'offer-declined' },
  disagreement: { field: 'disagreementFlag', value: true },
} as const satisfies Record<RowFilter, { field: keyof ApplicationRow; value: string | boolean }>;

/** Every dashboard filter (the keys of `ROW_FILTER_FIELDS`, which names each). */
const ROW_FILTERS = Object.keys(ROW_FILTER_FIELDS) as RowFilter[];

export const roleCounterKey = (counter: RoleCounter, role: TeamRole | string): FormCounterKey => `${counter}:${role}`;
export const dayCounterKey = (day: string): FormCounterKey => `day:${day}`;
/** The dashboard tab's total (`qualifiedOnly`: the Qualified tab), of a filter (the All tab's) or of every row. */
export const tabCounterKey = (qualifiedOnly: boolean, filter?: RowFilter): FormCounterKey =>
  `${qualifiedOnly ? 'qualified' : 'all'}-tab:${filter ?? '*'}`;
export const ROWS_KEY: FormCounterKey = 'rows';
export const RESPONSES_KEY: FormCounterKey = 'responses';

type CountedRow = Pick<
  ApplicationRow,
  | 'role'
  | 'reviewsDone'
  | 'interviewsDone'
  | 'qualified'
  | 'final'
  | 'decisionStage'
  | 'decision'
  | 'submittedAt'
  | 'disagreementFlag'
>;

const rowHolds = (row: CountedRow, filter: RowFilter): boolean => {
  const { field, value } = ROW_FILTER_FIELDS[filter];
  return (row as Record<string, unknown>)[field] === value;
};

/** The counters one stored row adds 1 to. */
export function rowCounterKeys(row: CountedRow): FormCounterKey[] {
  const { role } = row;
  const keys = [ROWS_KEY, roleCounterKey('submitted', role)];
  if (!Number.isNaN(Date.parse(row.submittedAt))) keys.push(dayCounterKey(utcDay(row.submittedAt)));
  if (row.reviewsDone === 0) keys.push(roleCounterKey('notReviewed', role));
  if (row.qualified) keys.push(roleCounterKey('qualified', role));
  if (row.interviewsDone === 0) keys.push(roleCounterKey('notInterviewed', role));
  if (row.final) keys.push(roleCounterKey('decided', role));
  if (row.decisionStage === 'offer-accepted') keys.push(roleCounterKey('offerAccepted', role));
  keys.push(tabCounterKey(false));
  if (row.qualified) keys.push(tabCounterKey(true));
  for (const filter of ROW_FILTERS) if (rowHolds(row, filter)) keys.push(tabCounterKey(false, filter));
  return keys;
}

/** The counters one stored response (a draft too: "started") adds 1 to. */
export function responseCounterKeys(response: { rolesApplied?: readonly string[] }): FormCounterKey[] {
  return [RESPONSES_KEY, ...[...new Set(response.rolesApplied ?? [])].map((role) => roleCounterKey('started', role))];
}

/** What a change of a document does to its form's counters: +1 for each key after, −1 for each before. */
export function counterDeltas(before: FormCounterKey[], after: FormCounterKey[]): Map<FormCounterKey, number> {
  const deltas = new Map<FormCounterKey, number>();
  for (const key of before) deltas.set(key, (deltas.get(key) ?? 0) - 1);
  for (const key of after) deltas.set(key, (deltas.get(key) ?? 0) + 1);
  for (const [key, delta] of deltas) if (delta === 0) deltas.delete(key);
  return deltas;
}

/**
 * Which documents a counter counts, as equality filters on the form's rows or responses (besides
 * the form's own): how a recount computes it from the stored documents. A day's rows are a range
 * of `submittedAt` (`range`).
 */
export function counterFilter(key: FormCounterKey): {
  of: 'rows' | 'responses';
  where: { field: string; value: string | number | boolean; op?: 'array-contains' }[];
  range?: { field: 'submittedAt'; day: string };
} | null {
  if (key === ROWS_KEY) return { of: 'rows', where: [] };
  if (key === RESPONSES_KEY) return { of: 'responses', where: [] };
  const [what, rest] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  if (what === 'day') return { of: 'rows', where: [], range: { field: 'submittedAt', day: rest } };
  if (what === 'started')
    return { of: 'responses', where: [{ field: 'rolesApplied', op: 'array-contains', value: rest }] };
  const byRole = (field: string, value: string | number | boolean) => ({
    of: 'rows' as const,
    where: [
      { field: 'role', value: rest },
      { field, value },
    ],
  });
  switch (what) {
    case 'submitted':
      return { of: 'rows', where: [{ field: 'role', value: rest }] };
    case 'notReviewed':
      return byRole('reviewsDone', 0);
    case 'qualified':
      return byRole('qualified', true);
    case 'notInterviewed':
      return byRole('interviewsDone', 0);
    case 'decided':
      return byRole('final', true);
    case 'offerAccepted':
      return byRole('decisionStage', 'offer-accepted');
    case 'all-tab':
    case 'qualified-tab': {
      const where: { field: string; value: string | boolean }[] =
        what === 'qualified-tab' ? [{ field: 'qualified', value: true }] : [];
      if (rest !== '*') where.push({ ...ROW_FILTER_FIELDS[rest as RowFilter] });
      return { of: 'rows', where };
    }
    default:
      return null;
  }
}

/** The counters a form's recount computes: its totals, each role's funnel, the dashboard's tabs, the given days. */
export function formCounterKeys(roles: readonly string[], days: readonly string[]): FormCounterKey[] {
  const tabs = [
    tabCounterKey(false),
    tabCounterKey(true),
    ...ROW_FILTERS.map((filter) => tabCounterKey(false, filter)),
  ];
  return [
    ROWS_KEY,
    RESPONSES_KEY,
    ...roles.flatMap((role) => ROLE_COUNTERS.map((counter) => roleCounterKey(counter, role))),
    ...tabs,
    ...days.map(dayCounterKey),
  ];
}

import { REVIEW_DECISION_LABELS, type FinalDecision } from '../ids/constants';
import type { ApplicationForm } from '../schemas/forms';
import { formTeamRoles } from '../ids/team-role-defaults';

/**
 * What a form's new definition changed, field by field, for the audit log: every changed value
 * (a rubric's weight, a blind-review box, a letter's text, a question's wording) under a path in
 * words ("Review rubrics › Treasurer rubric › Criteria › Motivation › Weight"), before and after.
 * List items are matched by their id (a section's, question's, rubric's, criterion's or role's;
 * a letter by its decision and roles), so a renamed item is one change, not a removal and an addition;
 * ids and role ids are shown as their names.
 */
export interface FormChanges {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** Fields no one edits in the builder (the form's id; live and released change through their own audited actions). */
const SKIPPED = new Set(['id', 'isActive', 'decisionsReleased']);
const ROLE_FIELDS = new Set(['roles', 'forRoles', 'role', 'requiredRole']);
const FIELD_WORDS: Record<string, string> = {
  reviewRubrics: 'Review rubrics',
  interviewRubrics: 'Interview rubrics',
  blindReview: 'Blind review',
  reviewRoleRule: 'Review role rule',
  forRoles: 'For roles',
  hiddenFromReviewers: 'Hidden from reviewers',
  messages: 'Emails',
  retentionDays: 'Data retention (days after the release)',
};

/** "interviewCutoffHours" → "Interview cutoff hours". */
const words = (key: string): string =>
  FIELD_WORDS[key] ??
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

type Item = Record<string, unknown>;
const isItem = (value: unknown): value is Item => value !== null && typeof value === 'object' && !Array.isArray(value);

const short = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** A list item's identity (matched between the two versions) and its name in words. */
function identity(item: Item, index: number, roleName: (id: string) => string): { key: string; name: string } {
  if (typeof item.decision === 'string' && typeof item.body === 'string') {
    const roles = Array.isArray(item.roles) ? (item.roles as string[]) : [];
    const decision = REVIEW_DECISION_LABELS[item.decision as FinalDecision] ?? item.decision;
    return {
      key: `letter:${item.decision}/${roles.join(',') || '*'}`,
      name: `${decision} letter${roles.length ? ` (${roles.map(roleName).join(', ')})` : ''}`,
    };
  }
  const id = [item.sectionId, item.questionId, item.rubricId, item.key, item.id].find(
    (each) => typeof each === 'string',
  );
  const name = [item.sectionName, item.questionText, item.prompt, item.label].find((each) => typeof each === 'string');
  if (typeof item.rubricId === 'string' && Array.isArray(item.roles)) {
    return { key: `rubric:${item.rubricId}`, name: `${(item.roles as string[]).map(roleName).join(', ')} rubric` };
  }
  if (typeof id === 'string') return { key: `id:${id}`, name: short(typeof name === 'string' ? name : id) };
  return { key: `at:${index}`, name: `Item ${index + 1}` };
}

function flatten(
  value: unknown,
  path: { key: string; name: string }[],
  out: Map<string, { name: string; value: unknown }>,
  roleName: (id: string) => string,
  field?: string,
): void {
  const add = (stored: unknown) =>
    out.set(path.map((part) => part.key).join('/'), { name: path.map((part) => part.name).join(' › '), value: stored });
  if (Array.isArray(value)) {
    if (value.every((item) => !isItem(item))) {
      add(field && ROLE_FIELDS.has(field) ? value.map((item) => roleName(String(item))) : value);
      return;
    }
    value.forEach((item, index) => {
      const part = isItem(item) ? identity(item, index, roleName) : { key: `at:${index}`, name: `Item ${index + 1}` };
      flatten(item, [...path, part], out, roleName);
    });
    return;
  }
  if (isItem(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (path.length === 0 && SKIPPED.has(key)) continue;
      flatten(child, [...path, { key, name: words(key) }], out, roleName, key);
    }
    return;
  }
  add(typeof value === 'string' && field && ROLE_FIELDS.has(field) ? roleName(value) : value);
}

/** Each changed value of the definition, under its path in words; absent before or after: null. */
export function formChanges(before: ApplicationForm, after: ApplicationForm): FormChanges {
  const labels = new Map([...formTeamRoles(before), ...formTeamRoles(after)].map((role) => [role.id, role.label]));
  const roleName = (id: string) => labels.get(id) ?? id;
  const old = new Map<string, { name: string; value: unknown }>();
  const next = new Map<string, { name: string; value: unknown }>();
  flatten(before, [], old, roleName);
  flatten(after, [], next, roleName);
  const changes: FormChanges = { before: {}, after: {} };
  for (const key of new Set([...old.keys(), ...next.keys()])) {
    const was = old.get(key);
    const is = next.get(key);
    if (JSON.stringify(was?.value) === JSON.stringify(is?.value)) continue;
    const name = (is ?? was)!.name;
    changes.before[name] = was?.value ?? null;
    changes.after[name] = is?.value ?? null;
  }
  return changes;
}

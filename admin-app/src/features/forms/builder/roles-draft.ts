import { REVIEW_DECISION_LABELS } from '@portal/shared/domain/ids/constants';
import {
  formReviewRoleRule,
  formTeamRoles,
  type TeamRoleDefinition,
} from '@portal/shared/domain/ids/team-role-defaults';
import { uniqueId, type FormDraft } from './draft';

/**
 * The builder's rules for a form's roles and rubrics: new roles, rubrics and criteria, and what
 * happens to the places that name a role when it is renamed or deleted. Pure, tested alone.
 */

type Rubric = FormDraft['reviewRubrics'][number];
type Criterion = Rubric['criteria'][number];
export type RubricField = 'reviewRubrics' | 'interviewRubrics';

/** A new role: a placeholder id (`role`, `role-2`…) that the name replaces as it is typed. */
export function newRole(roles: readonly TeamRoleDefinition[]): TeamRoleDefinition {
  return {
    id: uniqueId(
      'role',
      roles.map((role) => role.id),
    ),
    label: '',
  };
}

/** A new criterion: a placeholder key that the criterion's text replaces as it is typed. */
export function newCriterion(criteria: readonly Criterion[]): Criterion {
  return {
    key: uniqueId(
      'criterion',
      criteria.map((criterion) => criterion.key),
    ),
    prompt: '',
    min: 0,
    max: 4,
    weight: 1,
  };
}

/**
 * A new rubric of a kind: for every role no rubric of that kind covers yet (a form's first
 * interview rubric is for all its roles), with one criterion to fill in.
 */
export function newRubric(draft: FormDraft, field: RubricField): Rubric {
  const rubrics = draft[field];
  const covered = new Set(rubrics.flatMap((rubric) => rubric.roles));
  return {
    rubricId: uniqueId(
      field === 'reviewRubrics' ? 'review' : 'interview',
      rubrics.map((rubric) => rubric.rubricId),
    ),
    roles: formTeamRoles(draft)
      .map((role) => role.id)
      .filter((id) => !covered.has(id)) as Rubric['roles'],
    criteria: [newCriterion([])],
  };
}

/** One place of the form that names a role, as the deletion's confirmation lists it. */
export interface RoleReference {
  /** Where it is, as a person reads it: `Section 2 "Treasurer questions"`. */
  where: string;
  /** Whether the role is the only one it names: removing the role then deletes it. */
  only: boolean;
}

const sectionName = (draft: FormDraft, s: number) => {
  const name = draft.sections[s]?.sectionName;
  return `Section ${s + 1}${name ? ` "${name}"` : ''}`;
};

/** Every place of the draft that names the role: sections, rubrics, letters and the review-role rule. */
export function roleReferences(draft: FormDraft, roleId: string): RoleReference[] {
  const references: RoleReference[] = [];
  const named = (ids: readonly string[] | undefined, where: string) => {
    if (ids?.includes(roleId)) references.push({ where, only: ids.every((id) => id === roleId) });
  };
  draft.sections.forEach((section, s) => named(section.forRoles, `${sectionName(draft, s)} (shown for it)`));
  draft.reviewRubrics.forEach((rubric) => named(rubric.roles, `Review rubric "${rubric.rubricId}"`));
  draft.interviewRubrics.forEach((rubric) => named(rubric.roles, `Interview rubric "${rubric.rubricId}"`));
  (draft.letters ?? []).forEach((letter, l) =>
    named(letter.roles, `Letter ${l + 1} (${REVIEW_DECISION_LABELS[letter.decision]})`),
  );
  const rule = formReviewRoleRule(draft);
  if (rule.requiredRole === roleId)
    references.push({ where: 'Who reviews what: every reviewer must review it', only: false });
  const left = formTeamRoles(draft).filter((role) => role.id !== roleId).length;
  if (rule.minimum > left) {
    references.push({
      where: `Who reviews what: roles per reviewer (${rule.minimum}, lowered to ${left})`,
      only: false,
    });
  }
  return references;
}

/**
 * The draft with every reference to `roleId` given to `target`, or (no target) removed: a
 * section, rubric or letter for that role alone goes with it (as does a rubric or letter whose
 * place the target already has: a role has one rubric of a kind and one letter per decision), the required role is cleared, and
 * the roles per reviewer never exceed the roles left. The role itself stays (see `withoutRole`).
 */
function repointed(draft: FormDraft, roleId: string, target: string | undefined, roleCount: number): FormDraft {
  // `taken`: the target already has its own elsewhere (a rubric of the kind, a letter for the decision): removed here.
  const swap = <T extends string>(ids: readonly T[], taken = false): T[] => [
    ...new Set(ids.flatMap((id) => (id === roleId ? (target && !taken ? [target as T] : []) : [id]))),
  ];
  const rubrics = (list: readonly Rubric[]) =>
    list.flatMap((rubric) => {
      if (!rubric.roles.includes(roleId as never)) return [rubric];
      const taken = list.some((other) => other !== rubric && other.roles.includes(target as never));
      const roles = swap(rubric.roles, taken);
      return roles.length ? [{ ...rubric, roles: roles as Rubric['roles'] }] : [];
    });
  const sections = draft.sections.flatMap((section) => {
    if (!section.forRoles?.includes(roleId as never)) return [section];
    const forRoles = swap(section.forRoles);
    return forRoles.length ? [{ ...section, forRoles: forRoles as typeof section.forRoles }] : [];
  });
  const letters = (draft.letters ?? []).flatMap((letter) => {
    if (!letter.roles?.includes(roleId as never)) return [letter];
    const taken = (draft.letters ?? []).some(
      (other) => other !== letter && other.decision === letter.decision && other.roles?.includes(target as never),
    );
    const roles = swap(letter.roles, taken);
    return roles.length ? [{ ...letter, roles: roles as typeof letter.roles }] : [];
  });
  const rule = formReviewRoleRule(draft);
  const nextRule = {
    ...rule,
    requiredRole: rule.requiredRole === roleId ? target : rule.requiredRole,
    minimum: Math.min(rule.minimum, roleCount),
  };
  const ruleChanged = nextRule.requiredRole !== rule.requiredRole || nextRule.minimum !== rule.minimum;
  return {
    ...draft,
    sections,
    reviewRubrics: rubrics(draft.reviewRubrics),
    interviewRubrics: rubrics(draft.interviewRubrics),
    ...(draft.letters ? { letters: letters.length ? letters : undefined } : {}),
    ...(draft.reviewRoleRule || ruleChanged ? { reviewRoleRule: nextRule } : {}),
  };
}

/**
 * The draft without the role at `index`, and with its references given to the role `target`
 * (its id), or removed (`roleReferences` lists them first).
 */
export function withoutRole(draft: FormDraft, index: number, target?: string): FormDraft {
  const roles = formTeamRoles(draft);
  const role = roles[index];
  if (!role) return draft;
  const left = roles.filter((_, i) => i !== index);
  return { ...repointed(draft, role.id, target, left.length), roles: left };
}

/**
 * The draft with a role's id changed from `from` to `to`, and every reference following it (a
 * renamed role keeps its sections, rubrics and letters). When the new id is empty or either id is
 * another role's, only the role changes: references are never dropped or merged into another role's.
 */
export function withRoleId(draft: FormDraft, index: number, to: string): FormDraft {
  const roles = formTeamRoles(draft);
  const role = roles[index];
  if (!role || role.id === to) return draft;
  const others = roles.filter((_, i) => i !== index).map((other) => other.id);
  const renamed = roles.map((each, i) => (i === index ? { ...each, id: to } : each));
  if (!to || others.includes(role.id) || others.includes(to)) return { ...draft, roles: renamed };
  return { ...repointed(draft, role.id, to, roles.length), roles: renamed };
}

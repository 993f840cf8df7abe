import { MIN_REVIEWER_ROLE_PREFERENCES, TEAM_ROLE_DISPLAY, TEAM_ROLES } from './constants';

/**
 * A form's team roles and review-role rule as plain data, and their defaults: no schema here, so a
 * page that reads a form's roles downloads no validator (the schemas are in
 * `schemas/team-role-definitions.ts`, which checks that they describe these same types).
 */

/** The most roles a form may define. */
export const MAX_TEAM_ROLES = 30;

/**
 * One of a form's team roles (each club defines its own: docs/product.md#team-roles). `id` is what responses,
 * rubrics, assignments and decisions store; `label` is what people read.
 */
export interface TeamRoleDefinition {
  id: string;
  label: string;
  description?: string | undefined;
  /** The text colour of the role's badges, "#rrggbb" (drawn on a pale tint of it; at least 4.5:1 on white). */
  color?: string | undefined;
  emoji?: string | undefined;
}

/**
 * Which roles every reviewer must be ready to review: `requiredRole` (if set) plus at least
 * `minimum` roles in all. The spec's rule: Bootcamp and at least 3 roles.
 */
export interface ReviewRoleRule {
  requiredRole?: string | undefined;
  minimum: number;
}

/** The roles of a form that defines none: the spec's seven, as before forms had their own. */
export const DEFAULT_TEAM_ROLE_DEFINITIONS: readonly TeamRoleDefinition[] = TEAM_ROLES.map((id) => ({
  id,
  label: TEAM_ROLE_DISPLAY[id].label,
  color: TEAM_ROLE_DISPLAY[id].color,
  emoji: TEAM_ROLE_DISPLAY[id].emoji,
}));

export const DEFAULT_REVIEW_ROLE_RULE: ReviewRoleRule = {
  requiredRole: 'bootcamp',
  minimum: MIN_REVIEWER_ROLE_PREFERENCES,
};

/** A form's team roles: its own, or the default set for forms stored before roles were per form. */
export function formTeamRoles(form: {
  roles?: readonly TeamRoleDefinition[] | undefined;
}): readonly TeamRoleDefinition[] {
  return form.roles ?? DEFAULT_TEAM_ROLE_DEFINITIONS;
}

/** A form's review-role rule: its own, or the spec's. */
export function formReviewRoleRule(form: { reviewRoleRule?: ReviewRoleRule | undefined }): ReviewRoleRule {
  return form.reviewRoleRule ?? DEFAULT_REVIEW_ROLE_RULE;
}

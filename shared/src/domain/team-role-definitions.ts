import './zod-config';
import { z } from 'zod/mini';
import { MIN_REVIEWER_ROLE_PREFERENCES, TEAM_ROLE_DISPLAY, TEAM_ROLES } from './constants';
import { teamRoleSchema } from './ids';

/** The most roles a form may define. */
export const MAX_TEAM_ROLES = 30;

/**
 * One of a form's team roles (each club defines its own: docs/product.md#team-roles). `id` is what responses,
 * rubrics, assignments and decisions store; `label` is what people read.
 */
export const teamRoleDefinitionSchema = z.object({
  id: teamRoleSchema,
  label: z.string().check(z.minLength(1), z.maxLength(60)),
  description: z.optional(z.string().check(z.maxLength(300))),
  /** The role's chip colour, "#rrggbb". */
  color: z.optional(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #1f4d3f'))),
  emoji: z.optional(z.string().check(z.maxLength(16))),
});
export type TeamRoleDefinition = z.infer<typeof teamRoleDefinitionSchema>;

/**
 * Which roles every reviewer must be ready to review: `requiredRole` (if set) plus at least
 * `minimum` roles in all. The spec's rule: Bootcamp and at least 3 roles.
 */
export const reviewRoleRuleSchema = z.object({
  requiredRole: z.optional(teamRoleSchema),
  minimum: z.int().check(z.gte(0), z.lte(MAX_TEAM_ROLES)),
});
export type ReviewRoleRule = z.infer<typeof reviewRoleRuleSchema>;

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

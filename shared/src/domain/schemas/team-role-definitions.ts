import './zod-config';
import { z } from 'zod/mini';
import { MAX_TEAM_ROLES, type ReviewRoleRule, type TeamRoleDefinition } from '../ids/team-role-defaults';
import { teamRoleSchema } from './ids';
import { roleColorIssue } from '../ids/colour-contrast';

/** The schema of one of a form's team roles (`TeamRoleDefinition`). */
export const teamRoleDefinitionSchema = z.object({
  id: teamRoleSchema,
  label: z.string().check(z.minLength(1), z.maxLength(60)),
  description: z.optional(z.string().check(z.maxLength(300))),
  /** The text colour of the role's badges, "#rrggbb", which must read at 4.5:1 on white (`roleColorIssue`). */
  color: z.optional(
    z.string().check(
      z.regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #1f4d3f'),
      z.superRefine((color, ctx) => {
        const issue = roleColorIssue(color);
        if (issue) ctx.addIssue({ code: 'custom', message: issue, input: color });
      }),
    ),
  ),
  emoji: z.optional(z.string().check(z.maxLength(16))),
});

/** The schema of a form's review-role rule (`ReviewRoleRule`). */
export const reviewRoleRuleSchema = z.object({
  requiredRole: z.optional(teamRoleSchema),
  minimum: z.int().check(z.gte(0), z.lte(MAX_TEAM_ROLES)),
});

/** Each schema parses to exactly its plain type (checked at compile time, both ways assignable). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type TeamRoleSchemasMatchTheirTypes = [
  Assert<Same<z.infer<typeof teamRoleDefinitionSchema>, TeamRoleDefinition>>,
  Assert<Same<z.infer<typeof reviewRoleRuleSchema>, ReviewRoleRule>>,
];

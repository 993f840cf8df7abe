import './zod-config';
import { z } from 'zod/mini';
import { MAX_TEAM_ROLES, type ReviewRoleRule, type TeamRoleDefinition } from '../ids/team-role-defaults';
import { teamRoleSchema } from './ids';

/** The schema of one of a form's team roles (`TeamRoleDefinition`). */
export const teamRoleDefinitionSchema = z.object({
  id: teamRoleSchema,
  label: z.string().check(z.minLength(1), z.maxLength(60)),
  description: z.optional(z.string().check(z.maxLength(300))),
  /** The role's chip colour, "#rrggbb". */
  color: z.optional(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #1f4d3f'))),
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

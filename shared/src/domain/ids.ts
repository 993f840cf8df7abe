import './zod-config';
import { z } from 'zod/mini';

export const idSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, "-" and "_" only'));

/** A team role's id; which ids a form has is checked against the form (`formTeamRoles`). */
export const teamRoleSchema = idSchema;

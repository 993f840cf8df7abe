import './zod-config';
import { z } from 'zod';

export const idSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, "-" and "_" only');

/** A team role's id; which ids a form has is checked against the form (`formTeamRoles`). */
export const teamRoleSchema = idSchema;

import './zod-config';
import { z } from 'zod/mini';
import { ID_CHARACTERS, ID_MAX_LENGTH } from '../ids/constants';

export const idSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(ID_MAX_LENGTH), z.regex(ID_CHARACTERS, 'Use letters, digits, "-" and "_" only'));

/** A team role's id; which ids a form has is checked against the form (`formTeamRoles`). */
export const teamRoleSchema = idSchema;

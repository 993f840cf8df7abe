import './zod-config';
import { z } from 'zod/mini';
import { FINAL_DECISIONS } from '../ids/constants';
import { LETTER_PLACEHOLDERS, unknownPlaceholders } from '../ids/placeholders';
import { teamRoleSchema } from './ids';

/**
 * Decision letters (docs/product.md#decision-letters): a form holds markdown letters per final decision and optionally
 * per role or group of roles, with placeholders the server fills in for each applicant after
 * release. A decision and role without a letter get the generic text of `GENERIC_LETTERS`
 * (messages/decision-letters.ts, which fills the letters in).
 */

export const LETTER_MESSAGES = {
  unknownPlaceholder: (names: string[]) =>
    `Unknown placeholder ${names.map((name) => `{${name}}`).join(', ')}: use ${LETTER_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`,
  duplicateLetter: 'Another letter already covers this decision for this role',
} as const;

export const decisionLetterSchema = z.object({
  decision: z.enum(FINAL_DECISIONS),
  /** The roles this letter is for; absent: every role without a letter of its own. */
  roles: z.optional(z.array(teamRoleSchema).check(z.minLength(1))),
  body: z.string().check(
    z.minLength(1),
    z.maxLength(8000),
    z.superRefine((body, ctx) => {
      const unknown = unknownPlaceholders(body);
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: LETTER_MESSAGES.unknownPlaceholder(unknown) });
    }),
  ),
});
export type DecisionLetter = z.infer<typeof decisionLetterSchema>;

export const decisionLettersSchema = z.array(decisionLetterSchema).check(z.maxLength(60));

/** Two letters may not cover the same decision for the same role (or both be the decision's default). */
export function duplicateLetterPaths(letters: readonly DecisionLetter[]): (string | number)[][] {
  const seen = new Set<string>();
  const paths: (string | number)[][] = [];
  letters.forEach((letter, index) => {
    const keys = (letter.roles ?? ['*']).map((role) => `${letter.decision}/${role}`);
    if (keys.some((key) => seen.has(key))) paths.push(['letters', index, letter.roles ? 'roles' : 'decision']);
    keys.forEach((key) => seen.add(key));
  });
  return paths;
}

/**
 * A letter as the API answers it: the filled-in markdown (typed values marked: show it with the
 * portal's `Markdown`), or null when the form has none (the generic text applies).
 */
export const filledLetterSchema = z.nullable(z.object({ body: z.string() }));
export type FilledLetter = z.infer<typeof filledLetterSchema>;

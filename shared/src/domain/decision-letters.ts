import './zod-config';
import { z } from 'zod/mini';
import type { ReviewDecision, TeamRole } from './constants';
import { teamRoleSchema } from './ids';
import { escapeMarkdown, typedMarkdown, withoutTypedMarks } from './markdown-text';
import type { ApplicationForm } from './schemas';
import { FINAL_DECISIONS, isFinalDecision, type FinalDecision } from './staff';
import { formTeamRoles } from './team-role-definitions';
import { teamRoleLabel } from './team-roles';

/**
 * Decision letters (docs/product.md#decision-letters): a form holds markdown letters per final decision and optionally
 * per role or group of roles, with placeholders the server fills in for each applicant after
 * release. A decision and role without a letter get the generic text of `GENERIC_LETTERS`.
 */

export const LETTER_PLACEHOLDERS = ['firstName', 'role', 'semester'] as const;
export type LetterPlaceholder = (typeof LETTER_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{([^{}\s]+)\}/g;

export const LETTER_MESSAGES = {
  unknownPlaceholder: (names: string[]) =>
    `Unknown placeholder ${names.map((name) => `{${name}}`).join(', ')}: use ${LETTER_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`,
  duplicateLetter: 'Another letter already covers this decision for this role',
} as const;

/** The distinct placeholder names in a text (`{name}`), in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/** The placeholders of a letter body that are not one of `LETTER_PLACEHOLDERS`. */
export function unknownPlaceholders(body: string): string[] {
  return placeholdersIn(body).filter((name) => !(LETTER_PLACEHOLDERS as readonly string[]).includes(name));
}

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

/** The form's letter for a decision and role: the one naming the role, else the decision's default, else none. */
export function letterFor(
  letters: readonly DecisionLetter[] | undefined,
  decision: FinalDecision,
  role: TeamRole,
): DecisionLetter | null {
  const forDecision = (letters ?? []).filter((letter) => letter.decision === decision);
  return (
    forDecision.find((letter) => letter.roles?.includes(role)) ?? forDecision.find((letter) => !letter.roles) ?? null
  );
}

/**
 * The letter's body with each placeholder filled in (the values escaped as markdown text; the
 * applicant's name, which they typed, marked too, so no renderer links it: markdown-text.ts).
 */
export function fillLetter(body: string, values: Record<LetterPlaceholder, string>): string {
  return withoutTypedMarks(body).replace(PLACEHOLDER, (match, name: string) => {
    if (!(LETTER_PLACEHOLDERS as readonly string[]).includes(name)) return match;
    const value = values[name as LetterPlaceholder];
    return name === 'firstName' ? typedMarkdown(value) : escapeMarkdown(value);
  });
}

/** What an applicant reads when the form has no letter for their decision and role (the portal's text before letters). */
export const GENERIC_LETTERS: Record<FinalDecision, string> = {
  accepted:
    'We were impressed by your application and would love to have you on the team. Please let us know whether you accept the offer.',
  waitlist: 'Your application stood out, and we will contact you if a place opens up. Thank you for your patience.',
  denied:
    'After careful consideration, we are not able to offer you this role this semester. We truly appreciate the time and care you put into your application, and we hope you will apply again.',
};

/**
 * A letter as the API answers it: the filled-in markdown (typed values marked: show it with the
 * portal's `Markdown`), or null when the form has none (the generic text applies).
 */
export const filledLetterSchema = z.nullable(z.object({ body: z.string() }));
export type FilledLetter = z.infer<typeof filledLetterSchema>;

/**
 * The letter an applicant reads for a role: the form's letter for the decision and role, filled in
 * with their first name, the role's label (the form's) and the form's semester; null when the form has none
 * (or the decision is not final).
 */
export function applicantLetter(
  form: Pick<ApplicationForm, 'semester' | 'letters' | 'roles'>,
  decision: ReviewDecision,
  role: TeamRole,
  firstName: string,
): FilledLetter {
  if (!isFinalDecision(decision)) return null;
  const letter = letterFor(form.letters, decision, role);
  if (!letter) return null;
  return {
    body: fillLetter(letter.body, {
      firstName,
      role: teamRoleLabel(formTeamRoles(form), role),
      semester: form.semester,
    }),
  };
}

/** GET /admin/rows/{responseId}/{role}/letter: what the applicant of a row will read once decisions are released. */
export interface LetterPreview {
  applicantName: string;
  role: TeamRole;
  decision: FinalDecision;
  letter: FilledLetter;
}

export const LETTER_PREVIEW_MESSAGES = {
  undecided: 'This application has no decision yet: decide it to preview its letter',
} as const;

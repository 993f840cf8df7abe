import { isFinalDecision, type FinalDecision, type ReviewDecision, type TeamRole } from '../ids/constants';
import { LETTER_PLACEHOLDERS, PLACEHOLDER, type LetterPlaceholder } from '../ids/placeholders';
import { formTeamRoles } from '../ids/team-role-defaults';
import type { DecisionLetter, FilledLetter } from '../schemas/decision-letters';
import type { ApplicationForm } from '../schemas/forms';
import { escapeMarkdown, typedMarkdown, withoutTypedMarks } from '../rules/markdown-text';
import { teamRoleLabel } from '../rules/team-roles';

/** Decision letters filled in for an applicant: the letter a decision and role get, or the generic text. */

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

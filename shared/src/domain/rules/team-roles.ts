import { TEAM_ROLE_DISPLAY, type TeamRoleDisplay } from '../ids/constants';
import type { ApplicationForm } from '../schemas/forms';
import {
  formReviewRoleRule,
  formTeamRoles,
  type ReviewRoleRule,
  type TeamRoleDefinition,
} from '../ids/team-role-defaults';
import { countOf } from '../ids/text';
import { paleTint, readableOn } from '../ids/colour-contrast';

export { contrastRatio } from '../ids/colour-contrast';

/**
 * A form's team roles as the portal reads them (each club defines its own: docs/product.md#team-roles). Every reader
 * goes through `formTeamRoles` / `formReviewRoleRule`, so a form stored before roles were per form
 * (no `roles`, no `reviewRoleRule`) behaves exactly as before: the spec's seven roles and
 * "Bootcamp and at least 3". That default read is why there is no data migration: stored forms,
 * responses, rows and preferences already hold the default roles' ids, which stay valid ids.
 */

type FormRoles = Pick<ApplicationForm, 'roles'>;
type FormRoleRule = Pick<ApplicationForm, 'roles' | 'reviewRoleRule'>;

/** The ids of a form's roles, in the form's order. */
export function formRoleIds(form: FormRoles): string[] {
  return formTeamRoles(form).map((role) => role.id);
}

export function teamRoleDefinition(roles: readonly TeamRoleDefinition[], id: string): TeamRoleDefinition | undefined {
  return roles.find((role) => role.id === id);
}

/** A role's label among these roles; an id no role defines reads as itself. */
export function teamRoleLabel(roles: readonly TeamRoleDefinition[], id: string): string {
  return teamRoleDefinition(roles, id)?.label ?? id;
}

const NEUTRAL: Omit<TeamRoleDisplay, 'label'> = { emoji: '', background: '#f0f0f0', color: '#262626' };

/**
 * A chip for a colour: a pale tint of it as the background, and the colour itself as the text,
 * darkened until it reads at 4.5:1 on that tint (a form stored before its colours were checked
 * still draws readable badges).
 */
export function roleChipColors(color: string): { background: string; color: string } {
  const background = paleTint(color);
  return { background, color: readableOn(color, background) };
}

/**
 * How a role's chip looks: the default roles keep the spec's pastel badges (TEAM_ROLE_DISPLAY)
 * unless the form gives them another colour; other roles get a tint of their colour, or grey.
 */
export function teamRoleDisplay(roles: readonly TeamRoleDefinition[], id: string): TeamRoleDisplay {
  const role = teamRoleDefinition(roles, id);
  const builtIn = (TEAM_ROLE_DISPLAY as Record<string, TeamRoleDisplay | undefined>)[id];
  if (!role) return builtIn ?? { label: id, ...NEUTRAL };
  const colors =
    role.color && role.color.toLowerCase() !== builtIn?.color.toLowerCase()
      ? roleChipColors(role.color)
      : (builtIn ?? NEUTRAL);
  return {
    label: role.label,
    emoji: role.emoji ?? builtIn?.emoji ?? '',
    background: colors.background,
    color: colors.color,
  };
}

const countRoles = (n: number) => countOf(n, 'role');

/**
 * The preference rule as reviewers read it. For the spec's rule (Bootcamp and at least 3) this is
 * the spec's text word for word; another form's rule reads the same way with its role and count.
 */
export function reviewRoleRuleText(form: FormRoleRule): string {
  const rule = formReviewRoleRule(form);
  const atLeast = `Select at least ${countRoles(rule.minimum)}!`;
  if (!rule.requiredRole) return atLeast;
  return `All reviewers must review ${teamRoleLabel(formTeamRoles(form), rule.requiredRole)} applications. ${atLeast}`;
}

/** How many roles a reviewer must choose: the rule's minimum, and the required role at least. */
export function minimumPreferences(rule: ReviewRoleRule): number {
  return Math.max(rule.minimum, rule.requiredRole ? 1 : 0);
}

/** Whether a reviewer's roles meet the form's rule: distinct roles of the form, its required one, and enough of them. */
export function rolePreferencesValid(roles: readonly string[], form: FormRoleRule): boolean {
  const rule = formReviewRoleRule(form);
  const ids = formRoleIds(form);
  const unique = new Set(roles);
  return (
    unique.size === roles.length &&
    roles.every((role) => ids.includes(role)) &&
    (!rule.requiredRole || unique.has(rule.requiredRole)) &&
    unique.size >= minimumPreferences(rule)
  );
}

/**
 * Whether a reviewer still has to choose roles: fewer than the rule asks, or one the form no
 * longer has or the required one missing.
 */
export function mustChooseRolePreferences(preferences: readonly string[] | undefined, form: FormRoleRule): boolean {
  return !rolePreferencesValid(preferences ?? [], form);
}

/** The roles a reviewer chooses among on this form, as `rolePreferencesFor` keeps them (sorted ids). */
export function rolePreferencesOffer(form: FormRoles): string[] {
  return [...formRoleIds(form)].sort();
}

/**
 * Whether a reviewer must choose their roles again for this form: their preferences break its rule
 * (`mustChooseRolePreferences`: another form's roles, say), or they were chosen among other roles
 * than this form's (`rolePreferencesFor`: a form with other roles went live since). Preferences
 * saved before the offer was kept are judged by the rule alone.
 */
export function rolePreferencesStale(
  user: {
    applicantRolePreferences?: readonly string[] | undefined;
    rolePreferencesFor?: readonly string[] | undefined;
  },
  form: FormRoleRule,
): boolean {
  if (mustChooseRolePreferences(user.applicantRolePreferences, form)) return true;
  if (!user.rolePreferencesFor) return false;
  const offered = [...user.rolePreferencesFor].sort();
  const now = rolePreferencesOffer(form);
  return offered.length !== now.length || now.some((id, at) => offered[at] !== id);
}

import { TEAM_ROLE_DISPLAY, type TeamRoleDisplay } from '../ids/constants';
import type { ApplicationForm } from '../schemas/forms';
import {
  formReviewRoleRule,
  formTeamRoles,
  type ReviewRoleRule,
  type TeamRoleDefinition,
} from '../ids/team-role-defaults';

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

type Rgb = [number, number, number];
const toRgb = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;
const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const mix = (rgb: Rgb, other: Rgb, amount: number): Rgb => rgb.map((c, i) => c + (other[i]! - c) * amount) as Rgb;

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(toRgb(a)), luminance(toRgb(b))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * A chip for a colour: a pale tint of it as the background, and the colour itself as the text,
 * darkened until it reads at 4.5:1 on that tint.
 */
export function roleChipColors(color: string): { background: string; color: string } {
  const base = toRgb(color);
  const background = toHex(mix(base, WHITE, 0.85));
  let text = base;
  for (let step = 0; step < 20 && contrastRatio(toHex(text), background) < 4.5; step++) text = mix(text, BLACK, 0.15);
  return { background, color: toHex(text) };
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

const countRoles = (n: number) => `${n} ${n === 1 ? 'role' : 'roles'}`;

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

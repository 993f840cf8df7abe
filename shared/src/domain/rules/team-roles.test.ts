import { STAFF_MESSAGES } from './staff';
import { TEAM_ROLE_DISPLAY, TEAM_ROLES } from '../ids/constants';
import { DEFAULT_TEAM_ROLE_DEFINITIONS } from '../ids/team-role-defaults';
import {
  contrastRatio,
  formRoleIds,
  mustChooseRolePreferences,
  reviewRoleRuleText,
  rolePreferencesValid,
  teamRoleDisplay,
  teamRoleLabel,
} from './team-roles';

const CLUB = {
  roles: [
    { id: 'treasurer', label: 'Treasurer', color: '#1f6feb', emoji: '💰' },
    { id: 'events', label: 'Events' },
  ],
  reviewRoleRule: { requiredRole: 'events', minimum: 1 },
};

describe('team roles of a form', () => {
  it('a form without roles has the default seven, displayed exactly as before', () => {
    expect(formRoleIds({})).toEqual([...TEAM_ROLES]);
    for (const role of TEAM_ROLES) {
      expect(teamRoleDisplay(DEFAULT_TEAM_ROLE_DEFINITIONS, role)).toEqual(TEAM_ROLE_DISPLAY[role]);
    }
  });

  it("reads a form's own roles: label, emoji, and a readable tint of the colour", () => {
    expect(formRoleIds(CLUB)).toEqual(['treasurer', 'events']);
    expect(teamRoleLabel(CLUB.roles, 'treasurer')).toBe('Treasurer');
    expect(teamRoleLabel(CLUB.roles, 'gone')).toBe('gone');
    const treasurer = teamRoleDisplay(CLUB.roles, 'treasurer');
    expect(treasurer).toMatchObject({ label: 'Treasurer', emoji: '💰' });
    expect(treasurer.background).not.toBe('#1f6feb');
    expect(contrastRatio(treasurer.color, treasurer.background)).toBeGreaterThanOrEqual(4.5);
    // A pale colour is darkened for its text.
    const pale = teamRoleDisplay([{ id: 'x', label: 'X', color: '#ffee88' }], 'x');
    expect(contrastRatio(pale.color, pale.background)).toBeGreaterThanOrEqual(4.5);
    expect(teamRoleDisplay(CLUB.roles, 'events')).toMatchObject({ label: 'Events', emoji: '', background: '#f0f0f0' });
  });

  it("words the spec's rule verbatim, and another form's rule with its role and minimum", () => {
    expect(reviewRoleRuleText({})).toBe(STAFF_MESSAGES.preferencesRule);
    expect(reviewRoleRuleText(CLUB)).toBe('All reviewers must review Events applications. Select at least 1 role!');
    expect(reviewRoleRuleText({ ...CLUB, reviewRoleRule: { minimum: 2 } })).toBe('Select at least 2 roles!');
  });

  it.each<[string[], object, boolean]>([
    [['bootcamp', 'engineer', 'designer'], {}, true],
    [['bootcamp', 'engineer'], {}, false],
    [['engineer', 'designer', 'product'], {}, false],
    [['events'], CLUB, true],
    [['treasurer'], CLUB, false],
    [['events', 'events'], CLUB, false],
    [['events', 'bootcamp'], CLUB, false],
  ])('preferences %j on %j are valid: %s', (roles, form, valid) => {
    expect(rolePreferencesValid(roles, form)).toBe(valid);
    expect(mustChooseRolePreferences(roles, form)).toBe(!valid);
  });
});

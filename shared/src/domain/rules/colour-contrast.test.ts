import { DEFAULT_TEAM_ROLE_DEFINITIONS } from '../ids/team-role-defaults';
import { formDefinitionSchema } from '../schemas/form-definition';
import { contrastRatio, roleColorIssue } from '../ids/colour-contrast';
import { teamRoleDisplay } from './team-roles';

describe('a role colour is the text of its badges', () => {
  it('is refused under 4.5:1 on white, with a darker colour to use instead', () => {
    const issue = roleColorIssue('#ffe8a3');
    expect(issue).toMatch(/^Too pale to read: this colour is the badge's text and has a contrast of 1\.2:1/);
    const suggested = /such as (#[0-9a-f]{6})$/.exec(issue ?? '')?.[1];
    expect(contrastRatio(suggested!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(roleColorIssue(suggested!)).toBeNull();
  });

  it('takes the default roles’ colours and a mid blue', () => {
    for (const role of DEFAULT_TEAM_ROLE_DEFINITIONS) expect(roleColorIssue(role.color!)).toBeNull();
    expect(roleColorIssue('#1f6feb')).toBeNull();
    expect(roleColorIssue('not a colour')).toBeNull();
  });

  it('is refused by the form schema at the colour field', () => {
    const form = {
      id: 'club',
      semester: 'Fall',
      dueDate: '2026-12-01T00:00:00.000Z',
      sections: [
        {
          sectionId: 's',
          sectionName: 'S',
          questions: [{ questionId: 'roles', questionType: 'role-select', questionText: 'Roles?' }],
        },
      ],
      roles: [
        { id: 'events', label: 'Events', color: '#1f6feb' },
        { id: 'treasurer', label: 'Treasurer', color: '#ffe8a3' },
      ],
      reviewRoleRule: { minimum: 1 },
      reviewRubrics: [
        { rubricId: 'general', roles: ['events', 'treasurer'], criteria: [{ key: 'overall', prompt: 'Overall' }] },
      ],
    };
    const parsed = formDefinitionSchema.safeParse(form);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message.slice(0, 19)])).toEqual([
      ['roles.1.color', 'Too pale to read: t'],
    ]);
  });

  it('still draws a readable badge of a pale colour stored before it was checked', () => {
    const badge = teamRoleDisplay([{ id: 'x', label: 'X', color: '#ffe8a3' }], 'x');
    expect(contrastRatio(badge.color, badge.background)).toBeGreaterThanOrEqual(4.5);
  });
});

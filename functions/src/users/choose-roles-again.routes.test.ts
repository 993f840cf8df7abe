import {
  AUTO_ASSIGN_REASONS,
  type ApplicationForm,
  type AutoAssignPreview,
  type StaffSummary,
} from '@portal/shared/domain';
import type { OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import { createHarness, DAY_MS, FORM_ID, later, START, type Harness } from '../testing/api-harness';
import { setPreferences } from '../testing/staff-fixtures';

/** A club form whose roles are not the default seven: Treasurer and Events (Events required). */
const CLUB_FORM_ID = 'club-fall';
const clubForm = (): ApplicationForm => ({
  id: CLUB_FORM_ID,
  semester: 'Fall 2026',
  isActive: false,
  decisionsReleased: false,
  dueDate: later(START, 30 * DAY_MS).toISOString(),
  roles: [
    { id: 'treasurer', label: 'Treasurer' },
    { id: 'events', label: 'Events' },
  ],
  reviewRoleRule: { requiredRole: 'events', minimum: 1 },
  sections: [
    {
      sectionId: 'teams',
      sectionName: 'Teams',
      questions: [{ questionId: 'teams', questionType: 'role-select', questionText: 'Which teams?' }],
    },
  ],
  reviewRubrics: [
    {
      rubricId: 'club',
      roles: ['treasurer', 'events'],
      criteria: [{ key: 'fit', prompt: 'Fit', min: 0, max: 4, weight: 1 }],
    },
  ],
  interviewRubrics: [],
});

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const activate = async (formId: string) =>
  expect((await harness.as('dora').post(`/admin/forms/${formId}/activate`, {})).status).toBe(200);

async function asked(formId: string): Promise<OutboxMessage[]> {
  const { items } = await harness.store.query<OutboxMessage>(COLLECTIONS.outbox, {
    where: [{ field: 'template', value: 'chooseRolesAgain' }],
  });
  return items.map(({ data }) => data).filter((message) => message.formId === formId);
}

const toChoose = async (formId: string) =>
  ((await harness.as('dora').get(`/admin/forms/${formId}/staff?kind=review`)).body.items as StaffSummary[])
    .filter((summary) => summary.rolesToChoose)
    .map((summary) => summary.user.id);

describe('a form with other roles going live', () => {
  it('asks each reviewer whose roles were chosen among other roles to choose again, once, and shows who has not', async () => {
    expect(
      (await harness.as('rita').put('/users/rita/preferences', { roles: ['bootcamp', 'engineer', 'designer'] })).status,
    ).toBe(200);
    // Rob chose before the portal kept the roles offered: among the default roles.
    await setPreferences(harness, 'rob', ['bootcamp', 'designer', 'product']);

    await activate(FORM_ID);
    expect(await asked(FORM_ID)).toEqual([]);
    expect(await toChoose(FORM_ID)).toEqual([]);

    expect((await harness.as('dora').post('/application/forms', clubForm())).status).toBe(201);
    await activate(CLUB_FORM_ID);
    const messages = await asked(CLUB_FORM_ID);
    expect(messages.map((message) => message.recipientId).sort()).toEqual(['rita', 'rob']);
    expect(messages[0]).toMatchObject({
      state: 'queued',
      data: expect.objectContaining({
        roles: 'Treasurer, Events',
        preferencesLink: expect.stringMatching(/\/admin\/settings$/),
      }),
    });
    expect(messages[0]!.text).toContain('Treasurer, Events');
    expect(await toChoose(CLUB_FORM_ID)).toEqual(['rita', 'rob']);
    const plan = (
      await harness.as('dora').post(`/admin/forms/${CLUB_FORM_ID}/auto-assign/preview`, { reviewersPerApplication: 1 })
    ).body as AutoAssignPreview;
    expect(plan.loads.find((load) => load.staffId === 'rita')?.reason).toBe(AUTO_ASSIGN_REASONS.rolesToChoose);

    // Once more: no second email.
    await activate(CLUB_FORM_ID);
    expect(await asked(CLUB_FORM_ID)).toHaveLength(2);

    expect((await harness.as('rita').put('/users/rita/preferences', { roles: ['events', 'treasurer'] })).status).toBe(
      200,
    );
    expect(await toChoose(CLUB_FORM_ID)).toEqual(['rob']);
  });
});

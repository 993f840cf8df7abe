import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RETENTION_TEXTS, type RetentionDryRun } from '@portal/shared/domain/schemas/retention';
import { TEAM_ROLES } from '@portal/shared/domain/ids/constants';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { answer } from '@portal/jest-support/fake-api';
import { FORM } from '../../../testing/fixtures';
import { renderDor } from '../../../testing/render-dor';
import { RETENTION_DRY_RUN_TEXTS } from './retention-settings';

jest.setTimeout(60_000);

/** FORM as the API keeps it: with its Team roles question and a review rubric for every role; released. */
const STORED: ApplicationForm = {
  ...FORM,
  decisionsReleased: true,
  timeZone: 'UTC',
  sections: FORM.sections.map((section) =>
    section.sectionId === 'about-you'
      ? {
          ...section,
          questions: [
            ...section.questions,
            { questionId: 'roles', questionType: 'role-select', questionText: 'Which roles are you applying for?' },
          ],
        }
      : section,
  ),
  reviewRubrics: [
    {
      rubricId: 'general',
      roles: [...TEAM_ROLES],
      criteria: [{ key: 'overall', prompt: 'Overall', min: 0, max: 4, weight: 1 }],
    },
  ],
};

const RUN: RetentionDryRun = {
  formId: 'spring-2025',
  days: 180,
  state: 'scheduled',
  releasedAt: '2026-03-01T12:00:00.000Z',
  noticeAt: '2026-08-21T12:00:00.000Z',
  erasureAt: '2026-08-28T12:00:00.000Z',
  wouldErase: {
    applicants: 3,
    accountsDeleted: 2,
    accountsKept: 1,
    applications: 3,
    uploadedFiles: 2,
    interviewBookings: 1,
    keptAnonymously: { engineer: { denied: 2, waitlist: 1 }, bootcamp: { denied: 1 } },
  },
  erased: null,
};

async function openFormTab(routes: Record<string, unknown> = {}) {
  const dryRun = jest.fn(() => RUN);
  renderDor('/admin/dor/forms/spring-2025/edit', {
    'GET /forms/spring-2025': answer(STORED),
    'GET /admin/forms/spring-2025/retention': dryRun,
    ...routes,
  } as never);
  await userEvent.click(await screen.findByRole('tab', { name: 'Form' }));
  return { dryRun, card: () => screen.getByText(RETENTION_TEXTS.title).closest('.ant-card') as HTMLElement };
}

test('shows the days (the default until set) and saves a change with the form', async () => {
  const save = jest.fn((body: unknown) => ({ ...(body as object), isActive: false, decisionsReleased: true }));
  const { dryRun } = await openFormTab({ 'POST /application/forms': save });
  const days = screen.getByLabelText(RETENTION_TEXTS.field);
  expect(days).toHaveValue('');
  expect(days).toHaveAttribute('placeholder', '180');
  expect(screen.getByText(RETENTION_TEXTS.explain(180))).toBeInTheDocument();

  await userEvent.click(days);
  await userEvent.paste('30');
  expect(screen.getByText(RETENTION_TEXTS.explain(30))).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Save form' }));
  await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
  expect((save.mock.calls[0] as unknown[])[0]).toMatchObject({ id: 'spring-2025', retentionDays: 30 });
  // Nothing is asked of the dry run until the director opens it.
  expect(dryRun).not.toHaveBeenCalled();
});

test('the dry run says when, and what the erasure would remove and keep, by role and decision', async () => {
  const { dryRun, card } = await openFormTab();
  await userEvent.click(within(card()).getByRole('button', { name: RETENTION_TEXTS.dryRun }));

  expect(await within(card()).findByText(RETENTION_DRY_RUN_TEXTS.state.scheduled)).toBeInTheDocument();
  expect(within(card()).getByText(/the erasure runs Aug 28, 2026/)).toBeInTheDocument();
  expect(
    within(card()).getByText(
      '3 applicants not accepted: 2 accounts deleted whole, 1 account kept (only this form’s data goes)',
    ),
  ).toBeInTheDocument();
  expect(within(card()).getByText('2 uploaded files')).toBeInTheDocument();
  expect(within(card()).getByText('1 interview booking')).toBeInTheDocument();
  expect(within(card()).getByText('Engineer: 2 Denied, 1 Waitlist')).toBeInTheDocument();
  expect(within(card()).getByText('Bootcamp: 1 Denied')).toBeInTheDocument();
  expect(dryRun).toHaveBeenCalledTimes(1);
});

test('a new form has no dry run until it is saved', async () => {
  renderDor('/admin/dor/forms/new', {});
  await userEvent.click(await screen.findByRole('tab', { name: 'Form' }));
  expect(screen.getByRole('button', { name: RETENTION_TEXTS.dryRun })).toBeDisabled();
  expect(screen.getByText(RETENTION_DRY_RUN_TEXTS.saveFirst)).toBeInTheDocument();
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import type { AutoAssignPreview } from '@portal/shared/domain/rules/staff';
import { STAFF_MESSAGES } from '@portal/shared/domain/rules/staff';
import { answer, apiRefusal } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, OTHER_RESPONSE_ID, RESPONSE_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);
afterEach(() => jest.restoreAllMocks());

const PLAN: AutoAssignPreview = {
  planId: 'plan-1',
  reviewersPerApplication: 3,
  assignments: [
    {
      responseId: RESPONSE_ID,
      role: 'engineer',
      staffId: 'grace-uid',
      applicantName: 'Ada Lovelace',
      staffName: 'Grace Hopper',
    },
    {
      responseId: RESPONSE_ID,
      role: 'engineer',
      staffId: 'alan-uid',
      applicantName: 'Ada Lovelace',
      staffName: 'Alan Turing',
    },
  ],
  unfilled: [{ responseId: OTHER_RESPONSE_ID, role: 'designer', applicantName: 'Bo Chen', missing: 1 }],
  loads: [
    { staffId: 'grace-uid', staffName: 'Grace Hopper', before: 4, after: 5 },
    { staffId: 'alan-uid', staffName: 'Alan Turing', before: 2, after: 3 },
  ],
};

function renderWith(routes: Record<string, (body: unknown) => unknown>) {
  return renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, {
    [`GET /forms/${FORM_ID}`]: answer(FORM),
    [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
    [`GET /admin/forms/${FORM_ID}/rows?tab=all&sort=submittedAt&dir=desc&limit=25`]: answer(page([row()])),
    ...routes,
  });
}

async function openAndPreview() {
  await userEvent.click(await screen.findByRole('button', { name: 'Auto-assign' }));
  // rc-components give every id "test-id" under jest, so the dialog's accessible name is not its title there.
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Auto-assign reviewers')).toBeInTheDocument();
  const count = within(dialog).getByRole('spinbutton', { name: 'Reviewers per application' });
  expect(count).toHaveValue('2');
  await userEvent.clear(count);
  await userEvent.type(count, '3');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
  return dialog;
}

test('the preview shows the planned assignments, the unfilled rows and each reviewer’s load', async () => {
  const preview = jest.fn(() => PLAN);
  renderWith({ [`POST /admin/forms/${FORM_ID}/auto-assign/preview`]: preview });

  const dialog = within(await openAndPreview());

  expect(await dialog.findByText('4 → 5')).toBeInTheDocument();
  expect(preview).toHaveBeenCalledWith({ reviewersPerApplication: 3 });
  expect(dialog.getAllByText('Ada Lovelace')).toHaveLength(2);
  expect(dialog.getByText('Bo Chen (Designer): 1 more needed')).toBeInTheDocument();
  expect(dialog.getAllByText('Grace Hopper')).toHaveLength(2);
  expect(dialog.getByText('2 → 3')).toBeInTheDocument();
  expect(dialog.getByRole('button', { name: 'Assign 2 reviews' })).toBeEnabled();
});

test("'Assign {n} reviews' sends the preview's planId", async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const apply = jest.fn(() => ({ created: 2 }));
  renderWith({
    [`POST /admin/forms/${FORM_ID}/auto-assign/preview`]: answer(PLAN),
    [`POST /admin/forms/${FORM_ID}/auto-assign`]: apply,
  });

  const dialog = within(await openAndPreview());
  await userEvent.click(await dialog.findByRole('button', { name: 'Assign 2 reviews' }));

  await waitFor(() => expect(apply).toHaveBeenCalledWith({ reviewersPerApplication: 3, planId: 'plan-1' }));
  await waitFor(() => expect(success).toHaveBeenCalledWith('2 reviews assigned.'));
});

test('a changed plan is explained and previewed again', async () => {
  const preview = jest
    .fn()
    .mockReturnValueOnce(PLAN)
    .mockReturnValueOnce({ ...PLAN, planId: 'plan-2', assignments: PLAN.assignments.slice(0, 1) });
  const apply = jest.fn(() => {
    throw apiRefusal('plan-changed', STAFF_MESSAGES.planChanged);
  });
  renderWith({
    [`POST /admin/forms/${FORM_ID}/auto-assign/preview`]: preview,
    [`POST /admin/forms/${FORM_ID}/auto-assign`]: apply,
  });

  const dialog = within(await openAndPreview());
  await userEvent.click(await dialog.findByRole('button', { name: 'Assign 2 reviews' }));

  expect(await dialog.findByText(STAFF_MESSAGES.planChanged)).toBeInTheDocument();
  expect(await dialog.findByRole('button', { name: 'Assign 1 review' })).toBeEnabled();
  expect(preview).toHaveBeenCalledTimes(2);
});

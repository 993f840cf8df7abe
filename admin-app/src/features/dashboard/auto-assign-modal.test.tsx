import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import type { AutoAssignPreview } from '@portal/shared/domain/rules/staff';
import { STAFF_MESSAGES } from '@portal/shared/domain/rules/staff';
import { answer, apiRefusal, jobProgress } from '@portal/jest-support/fake-api';
import { AUTO_ASSIGN_REASONS } from '@portal/shared/domain/rules/staff';
import { JOB_MESSAGES, type AutoAssignJob } from '@portal/shared/domain/rules/jobs';
import { FORM, FORM_ID, OTHER_RESPONSE_ID, RESPONSE_ID, STAFF, member, page, row } from '../../testing/fixtures';
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
    { staffId: 'grace-uid', staffName: 'Grace Hopper', role: 'reviewer', inPool: true, before: 4, after: 5 },
    { staffId: 'alan-uid', staffName: 'Alan Turing', role: 'reviewer', inPool: true, before: 2, after: 3 },
  ],
};

/** The director: a super-reviewer, out of the pool unless ticked. */
const DANA = {
  user: member({ id: 'dana-uid', firstName: 'Dana', lastName: 'Director', role: 'super-reviewer' }),
  assigned: 0,
  done: 0,
};
/** A reviewer whose preferences are another form's roles. */
const RAY = {
  user: member({ id: 'ray-uid', firstName: 'Ray', lastName: 'Stale', applicantRolePreferences: ['bootcamp'] }),
  assigned: 0,
  done: 0,
  rolesToChoose: true,
};

function renderWith(routes: Record<string, (body: unknown) => unknown>) {
  return renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, {
    [`GET /forms/${FORM_ID}`]: answer(FORM),
    [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: [...STAFF, DANA, RAY] }),
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
  expect(preview).toHaveBeenCalledWith({
    reviewersPerApplication: 3,
    staffIds: ['grace-uid', 'alan-uid', 'ray-uid'],
  });
  expect(dialog.getAllByText('Ada Lovelace')).toHaveLength(2);
  expect(dialog.getByText('Bo Chen (Designer): 1 more needed')).toBeInTheDocument();
  expect(dialog.getAllByText('Grace Hopper', { selector: 'td' })).toHaveLength(2);
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

  await waitFor(() =>
    expect(apply).toHaveBeenCalledWith({
      reviewersPerApplication: 3,
      staffIds: ['grace-uid', 'alan-uid'],
      planId: 'plan-1',
    }),
  );
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

test('the pool leaves super-reviewers out by default, can be changed, and every "0 →" says why', async () => {
  const preview = jest.fn((body: unknown) => ({
    ...PLAN,
    loads: [
      ...PLAN.loads,
      {
        staffId: 'dana-uid',
        staffName: 'Dana Director',
        role: 'super-reviewer',
        inPool: (body as { staffIds: string[] }).staffIds.includes('dana-uid'),
        before: 0,
        after: 0,
        reason: AUTO_ASSIGN_REASONS.notInPool,
      },
      {
        staffId: 'ray-uid',
        staffName: 'Ray Stale',
        role: 'reviewer',
        inPool: true,
        before: 0,
        after: 0,
        reason: AUTO_ASSIGN_REASONS.rolesToChoose,
      },
    ],
  }));
  renderWith({ [`POST /admin/forms/${FORM_ID}/auto-assign/preview`]: preview });

  await userEvent.click(await screen.findByRole('button', { name: 'Auto-assign' }));
  const dialog = within(await screen.findByRole('dialog'));
  const pool = dialog.getByRole('group', { name: 'Reviewer pool (3 of 4)' });
  expect(within(pool).getByRole('checkbox', { name: 'Grace Hopper' })).toBeChecked();
  expect(within(pool).getByRole('checkbox', { name: 'Dana Director (super-reviewer)' })).not.toBeChecked();
  expect(within(pool).getByRole('checkbox', { name: "Ray Stale (has not chosen this form's roles)" })).toBeChecked();

  await userEvent.click(within(pool).getByRole('checkbox', { name: 'Alan Turing' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Preview' }));
  await waitFor(() =>
    expect(preview).toHaveBeenCalledWith({ reviewersPerApplication: 2, staffIds: ['grace-uid', 'ray-uid'] }),
  );
  expect(await dialog.findByText(AUTO_ASSIGN_REASONS.notInPool)).toBeInTheDocument();
  expect(dialog.getByText(AUTO_ASSIGN_REASONS.rolesToChoose)).toBeInTheDocument();
  expect(dialog.getByText('Dana Director (super-reviewer)', { selector: 'td' })).toBeInTheDocument();
});

test('a plan assigned by its job after the answer (202) shows its progress each second until done, then says so', async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const progress = jobProgress<AutoAssignJob>(
    { kind: 'auto-assign', state: 'writing', processed: 1200, total: 6500, created: 2400 },
    { kind: 'auto-assign', state: 'done', processed: 6500, total: 6500, created: 13000 },
  );
  renderWith({
    [`POST /admin/forms/${FORM_ID}/auto-assign/preview`]: answer(PLAN),
    [`POST /admin/forms/${FORM_ID}/auto-assign`]: answer({
      kind: 'auto-assign',
      state: 'writing',
      processed: 0,
      total: 6500,
      created: 0,
    } satisfies AutoAssignJob),
    [`GET /admin/forms/${FORM_ID}/auto-assign/progress`]: progress.handler,
  });

  const dialog = within(await openAndPreview());
  await userEvent.click(await dialog.findByRole('button', { name: 'Assign 2 reviews' }));

  expect(await dialog.findByText(/^1,200 of 6,500 applications given their reviewers\./)).toBeInTheDocument();
  expect(dialog.getByRole('button', { name: 'Assign 2 reviews' })).toBeDisabled();
  expect(dialog.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  expect(await dialog.findByRole('progressbar', { name: 'Applications assigned' })).toHaveAttribute(
    'aria-valuenow',
    '18',
  );
  progress.finish();
  await waitFor(() => expect(success).toHaveBeenCalledWith('13000 reviews assigned.'), { timeout: 3000 });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // Asked once as it was followed, and again a second later (done).
  expect(progress.handler.mock.calls.length).toBeGreaterThanOrEqual(2);
});

test('a plan confirmed while the last one is still assigning follows that one', async () => {
  const progress = jest.fn((): AutoAssignJob => ({
    kind: 'auto-assign',
    state: 'writing',
    processed: 300,
    total: 900,
    created: 600,
  }));
  renderWith({
    [`POST /admin/forms/${FORM_ID}/auto-assign/preview`]: answer(PLAN),
    [`POST /admin/forms/${FORM_ID}/auto-assign`]: () => {
      throw apiRefusal('job-running', JOB_MESSAGES.autoAssignRunning);
    },
    [`GET /admin/forms/${FORM_ID}/auto-assign/progress`]: progress,
  });

  const dialog = within(await openAndPreview());
  await userEvent.click(await dialog.findByRole('button', { name: 'Assign 2 reviews' }));

  expect(await dialog.findByText(/^300 of 900 applications given their reviewers\./)).toBeInTheDocument();
  expect(await dialog.findByRole('progressbar', { name: 'Applications assigned' })).toHaveAttribute(
    'aria-valuenow',
    '33',
  );
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localTimeZone } from '@portal/shared/domain/rules/dates';
import type { AuditEntry } from '@portal/shared/domain/schemas/audit';
import { formatZonedDateTime } from '@portal/shared/ui';
import { answer, apiError, fail } from '@portal/jest-support/fake-api';
import { page } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: '0b7f6a52-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
    at: '2026-03-01T12:30:00.000Z',
    actorId: 'alan-uid',
    actorName: 'Alan Turing',
    action: 'user.role-changed',
    target: { collection: 'users', id: 'grace-uid' },
    targetLabel: 'Grace Hopper',
    before: { role: 'applicant' },
    after: { role: 'reviewer' },
    ...overrides,
  };
}

const ENTRIES = [
  entry(),
  entry({
    id: '1c8a7b63-2d3e-4f5a-9b0c-1d2e3f4a5b6c',
    at: '2026-03-01T11:00:00.000Z',
    action: 'decision.set',
    target: { collection: 'review-statuses', id: 'resp-1__engineer' },
    targetLabel: 'Ada Lovelace · Engineer',
    formId: 'spring-2025',
    before: { decision: 'reviewed', final: false },
    after: { decision: 'accepted', final: true },
  }),
  entry({
    id: '2d9b8c74-3e4f-4a5b-8c1d-2e3f4a5b6c7d',
    at: '2026-03-01T10:00:00.000Z',
    action: 'assignment.removed',
    target: { collection: 'interview-data', id: 'assessment-1' },
    targetLabel: undefined,
    before: { staffId: 'bo-uid', staffName: 'Bo Chen' },
    after: null,
  }),
];

const rowOf = (text: string) => within(screen.getByText(text).closest('tr') as HTMLElement);

test('lists entries with the time and its zone, who, action label, the target by name and the change field by field', async () => {
  renderDor('/admin/dor/audit', { 'GET /admin/audit': answer(page(ENTRIES, null, 3)) });

  expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
  expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
  for (const name of ['When', 'Who', 'Action', 'Target', 'Before → After']) {
    expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
  }
  const role = rowOf('Role changed');
  const when = formatZonedDateTime('2026-03-01T12:30:00.000Z', localTimeZone());
  expect(role.getByText(when)).toHaveAttribute('datetime', '2026-03-01T12:30:00.000Z');
  // The zone named in words ("Eastern Time"), not abbreviated.
  expect(when).toMatch(/^Mar 1, 2026, \d+:30\s[AP]M (.+ Time|GMT[+-]\d{2}:\d{2})$/);
  expect(role.getByText('Alan Turing')).toBeInTheDocument();
  expect(role.getByText('Grace Hopper')).toBeInTheDocument();
  expect(role.getByRole('listitem')).toHaveTextContent('Role: Applicant → Reviewer');
  const decision = rowOf('Decision set');
  expect(decision.getByText('Ada Lovelace · Engineer')).toBeInTheDocument();
  expect(decision.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Decision: Reviewed → Accepted',
    'Final: No → Yes',
  ]);
  const removed = rowOf('Assignment removed');
  expect(removed.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Staff member: Bo Chen → —']);
  // Without a name from the server, the target's id.
  expect(removed.getByText('interview-data/assessment-1')).toBeInTheDocument();
  expect(screen.queryByText(/[{}"]/)).not.toBeInTheDocument();
  expect(screen.getByText('3 audit entries')).toBeInTheDocument();
});

test("shows 'Nothing recorded yet.' when the log is empty", async () => {
  renderDor('/admin/dor/audit', { 'GET /admin/audit': answer(page([])) });

  expect(await screen.findByText('Nothing recorded yet.')).toBeInTheDocument();
  expect(screen.getByText('0 audit entries')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
});

test('the action filter is sent to the server and starts again at the first page', async () => {
  const { request } = renderDor('/admin/dor/audit', {
    'GET /admin/audit': answer(page(ENTRIES, 'cursor-2', 30)),
    'GET /admin/audit?cursor=cursor-2': answer(page([entry({ id: 'e-26', actorName: 'Page Two' })], null, 30)),
    'GET /admin/audit?action=decision.set': answer(page([ENTRIES[1]!])),
  });
  expect(await screen.findByText('Role changed')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByText('Page Two')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('combobox', { name: 'Action filter' }));
  await userEvent.click(await screen.findByTitle('Decision set'));
  await waitFor(() => expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument());
  expect(screen.getByText('Ada Lovelace · Engineer')).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('GET', '/admin/audit?action=decision.set');
  expect(screen.queryByText('Page Two')).not.toBeInTheDocument();
  expect(screen.getByText('1 audit entry')).toBeInTheDocument();
});

test('Previous and Next page follow the cursors', async () => {
  const { request } = renderDor('/admin/dor/audit', {
    'GET /admin/audit': answer(page([ENTRIES[0]!], 'cursor-2', 2)),
    'GET /admin/audit?cursor=cursor-2': answer(page([ENTRIES[1]!], null, 2)),
  });
  expect(await screen.findByText('Role changed')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByText('Decision set')).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('GET', '/admin/audit?cursor=cursor-2');
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(await screen.findByText('Role changed')).toBeInTheDocument();
  expect(screen.queryByText('Decision set')).not.toBeInTheDocument();
});

test('a load error offers a retry', async () => {
  renderDor('/admin/dor/audit', { 'GET /admin/audit': fail(apiError(500, 'internal', 'Something went wrong')) });

  expect(await screen.findByText('The audit log could not be loaded.')).toBeInTheDocument();
});

test('is for super-reviewers only: a reviewer never loads the log', async () => {
  const { request } = renderDor('/admin/dor/audit', { 'GET /admin/audit': answer(page(ENTRIES)) }, 'reviewer');

  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Audit log' })).not.toBeInTheDocument());
  expect(request).not.toHaveBeenCalledWith('GET', '/admin/audit');
});

test('filters by person, action, target and days on the server, and starts again at the first page', async () => {
  const { request } = renderDor('/admin/dor/audit', {
    'GET /admin/audit': answer(page(ENTRIES)),
    'GET /admin/users?limit=20': answer(
      page([
        { id: 'alan-uid', firstName: 'Alan', lastName: 'Turing', email: 'alan@example.org', role: 'super-reviewer' },
      ]),
    ),
    'GET /admin/audit?actorId=alan-uid': answer(page([ENTRIES[0]!])),
    'GET /admin/audit?actorId=alan-uid&target=application': answer(page([ENTRIES[1]!])),
    'GET /admin/audit?actorId=alan-uid&target=application&from=2026-03-01': answer(page([ENTRIES[1]!])),
    'GET /admin/audit?actorId=alan-uid&target=application&from=2026-03-01&to=2026-03-02': answer(page([])),
  });
  expect(await screen.findByText('Role changed')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('combobox', { name: 'Person filter' }));
  await userEvent.click(await screen.findByTitle('Alan Turing (alan@example.org)'));
  await waitFor(() => expect(request).toHaveBeenCalledWith('GET', '/admin/audit?actorId=alan-uid'));
  await userEvent.click(screen.getByRole('combobox', { name: 'Target filter' }));
  await userEvent.click(await screen.findByTitle('Role applications'));
  await waitFor(() => expect(request).toHaveBeenCalledWith('GET', '/admin/audit?actorId=alan-uid&target=application'));
  await userEvent.type(screen.getByLabelText("From (day, in the chapter's time zone)"), '2026-03-01');
  await waitFor(() =>
    expect(request).toHaveBeenCalledWith('GET', '/admin/audit?actorId=alan-uid&target=application&from=2026-03-01'),
  );
  await userEvent.type(screen.getByLabelText("To (day, in the chapter's time zone)"), '2026-03-02');
  expect(await screen.findByText('Nothing recorded yet.')).toBeInTheDocument();
});

test('a scheduled release says who scheduled it and that the scheduler ran it; a form’s roles read by their labels', async () => {
  renderDor('/admin/dor/audit', {
    'GET /admin/audit': answer(
      page([
        entry({
          action: 'decisions.released',
          actorName: 'Dana Director',
          runBy: 'scheduler',
          target: { collection: 'application-forms', id: 'fall' },
          targetLabel: 'Fall 2026',
          before: { decisionsReleased: false },
          after: { decisionsReleased: true },
        }),
        entry({
          id: 'e-2',
          action: 'assignment.auto-created',
          targetLabel: 'Review of Hana Ito · Treasurer by Bo Chen',
          roleLabels: { treasurer: 'Treasurer' },
          before: null,
          after: { role: 'treasurer', staffName: 'Bo Chen' },
        }),
      ]),
    ),
  });

  expect(await screen.findByText('scheduled by Dana Director, run by the scheduler')).toBeInTheDocument();
  const auto = rowOf('Assigned by auto-assign');
  expect(auto.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Role: — → Treasurer',
    'Staff member: — → Bo Chen',
  ]);
});

test('Export CSV downloads every entry the filters match', async () => {
  const clicked: HTMLAnchorElement[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:export'), revokeObjectURL: jest.fn() });
  const { download } = renderDor('/admin/dor/audit', {
    'GET /admin/audit': answer(page(ENTRIES)),
    'GET /admin/audit?action=decision.set': answer(page([ENTRIES[1]!])),
    'GET /admin/audit/export.csv?action=decision.set': () => new Blob(['When,Who\n']),
  });
  expect(await screen.findByText('Role changed')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('combobox', { name: 'Action filter' }));
  await userEvent.click(await screen.findByTitle('Decision set'));
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

  await waitFor(() => expect(download).toHaveBeenCalledWith('/admin/audit/export.csv?action=decision.set'));
  await waitFor(() =>
    expect(clicked[0]).toHaveAttribute('download', expect.stringMatching(/^audit log \d{4}-\d{2}-\d{2}\.csv$/)),
  );
  jest.restoreAllMocks();
});

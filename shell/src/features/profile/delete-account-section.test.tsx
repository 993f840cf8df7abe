import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ApiRequestError, type RequestOptions } from '@portal/shared/client';
import { ACCOUNT_DELETION_MESSAGES, type AccountDeletionPreview } from '@portal/shared/domain/schemas/account-deletion';
import { Route, Routes } from '@portal/shared/router';
import { ADA_EMAIL, identityOf, LocationProbe, setupPortal, userWithRole } from '../../testing/portal-harness';
import { DeleteAccountSection, DELETE_ACCOUNT_TEXTS } from './delete-account-section';
import { DELETE_DIALOG_TEXTS } from './delete-account-dialog';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));
jest.mock('react-toastify', () => ({ toast: jest.fn() }));

const PREVIEW: AccountDeletionPreview = {
  email: ADA_EMAIL,
  applications: [
    { formId: 'fall', semester: 'Fall 2026', outcome: 'withdrawn' },
    { formId: 'spring', semester: 'Spring 2026', outcome: 'counted-anonymously' },
  ],
  uploadedFiles: 2,
  interviewBookings: 1,
  emails: 5,
};

function renderSection(role: 'applicant' | 'reviewer' = 'applicant') {
  const portal = setupPortal({ identity: identityOf(), user: userWithRole(role) });
  portal.on('GET', '/auth/deletion', async () => PREVIEW);
  portal.on('POST', '/auth/delete', async () => ({ deleted: true }));
  render(
    <MemoryRouter initialEntries={['/profile']}>
      {portal.providers(
        <Routes>
          <Route path="profile" element={<DeleteAccountSection />} />
          <Route path="/" element={<LocationProbe />} />
        </Routes>,
      )}
    </MemoryRouter>,
  );
  return portal;
}

const openDialog = async () => {
  await userEvent.click(await screen.findByRole('button', { name: DELETE_ACCOUNT_TEXTS.open }));
  return screen.findByRole('dialog', { name: DELETE_DIALOG_TEXTS.title });
};

beforeEach(() => {
  localStorage.clear();
  jest.mocked(toast).mockClear();
});

test('lists what goes and what deletion means for each application before anything is deleted', async () => {
  const portal = renderSection();
  const dialog = await openDialog();

  expect(await within(dialog).findByText(DELETE_DIALOG_TEXTS.account(ADA_EMAIL))).toBeInTheDocument();
  expect(within(dialog).getByText(DELETE_DIALOG_TEXTS.outcome.withdrawn)).toBeInTheDocument();
  expect(within(dialog).getByText(DELETE_DIALOG_TEXTS.outcome['counted-anonymously'])).toBeInTheDocument();
  expect(within(dialog).getByText('2 files you uploaded')).toBeInTheDocument();
  expect(within(dialog).getByText('1 interview booking')).toBeInTheDocument();
  expect(within(dialog).getByText(DELETE_DIALOG_TEXTS.emails)).toBeInTheDocument();
  expect(portal.requestsOtherThanSession()).toEqual([['GET', '/auth/deletion']]);
});

test('deletes only once the word is typed, then signs out', async () => {
  const portal = renderSection();
  const dialog = await openDialog();
  const remove = await within(dialog).findByRole('button', { name: DELETE_DIALOG_TEXTS.delete });
  expect(remove).toBeDisabled();

  await userEvent.click(within(dialog).getByLabelText(DELETE_DIALOG_TEXTS.confirm));
  await userEvent.paste('delete');
  expect(remove).toBeDisabled();
  await userEvent.clear(within(dialog).getByLabelText(DELETE_DIALOG_TEXTS.confirm));
  await userEvent.paste('DELETE');
  await userEvent.click(remove);

  await waitFor(() => expect(portal.identity.signOut).toHaveBeenCalledTimes(1));
  expect(portal.requestsOtherThanSession()).toContainEqual([
    'POST',
    '/auth/delete',
    { body: { confirmation: 'DELETE' } } satisfies RequestOptions,
  ]);
  expect(toast).toHaveBeenCalledWith(DELETE_DIALOG_TEXTS.deleted, expect.objectContaining({ type: 'success' }));
  expect(await screen.findByText('Now at /')).toBeInTheDocument();
});

test('a refused deletion says why and keeps the user signed in', async () => {
  const portal = renderSection();
  portal.on('POST', '/auth/delete', async () => {
    throw new ApiRequestError(500, 'internal', 'Try again later', {
      error: { code: 'internal', message: 'Try again later' },
    });
  });
  const dialog = await openDialog();
  await userEvent.click(await within(dialog).findByLabelText(DELETE_DIALOG_TEXTS.confirm));
  await userEvent.paste('DELETE');
  await userEvent.click(within(dialog).getByRole('button', { name: DELETE_DIALOG_TEXTS.delete }));

  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith(
      `${DELETE_DIALOG_TEXTS.failed}: Try again later`,
      expect.objectContaining({ type: 'error' }),
    ),
  );
  expect(portal.identity.signOut).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('keeping the account closes the dialog and deletes nothing', async () => {
  const portal = renderSection();
  const dialog = await openDialog();
  await userEvent.click(within(dialog).getByRole('button', { name: DELETE_DIALOG_TEXTS.keep }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(portal.requestsOtherThanSession().filter(([method]) => method === 'POST')).toEqual([]);
});

test('staff read that a super-reviewer deletes them, and get no button', async () => {
  renderSection('reviewer');
  expect(await screen.findByText(ACCOUNT_DELETION_MESSAGES.staff)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: DELETE_ACCOUNT_TEXTS.open })).not.toBeInTheDocument();
});

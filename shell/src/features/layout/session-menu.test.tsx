import { act, render, screen, waitFor, within } from '@testing-library/react';
import { pendingSaves } from '@portal/shared/client';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Route, Routes } from '@portal/shared/router';
import { identityOf, LocationProbe, setupPortal, userWithRole } from '../../testing/portal-harness';
import { UNSAVED_TITLE } from '../../lib/unsaved-changes-dialog';
import SessionMenu from './session-menu';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));

function renderMenu(portal: ReturnType<typeof setupPortal>) {
  render(
    <MemoryRouter initialEntries={['/apply']}>
      {portal.providers(
        <>
          <SessionMenu />
          <Routes>
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </>,
      )}
    </MemoryRouter>,
  );
}

beforeEach(() => localStorage.clear());

test('Profile opens the profile page', async () => {
  renderMenu(setupPortal({ identity: identityOf(), user: userWithRole() }));

  await userEvent.click(screen.getByRole('button', { name: 'Profile' }));

  expect(await screen.findByText('Now at /profile')).toBeInTheDocument();
});

test('Log out signs out, empties the query cache and returns to the landing page', async () => {
  const portal = setupPortal({ identity: identityOf(), user: userWithRole() });
  portal.queryClient.setQueryData(['responses', 'ada-uid'], []);
  renderMenu(portal);

  await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

  expect(await screen.findByText('Now at /')).toBeInTheDocument();
  expect(portal.identity.signOut).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(portal.queryClient.getQueryCache().getAll()).toEqual([]));
});

describe('with an editor that has unsaved changes', () => {
  test('Log out saves them first and signs out once the server has them', async () => {
    const portal = setupPortal({ identity: identityOf(), user: userWithRole() });
    let finish!: (saved: boolean) => void;
    const flush = jest.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const unregister = pendingSaves.register({ flush, discard: jest.fn() });
    renderMenu(portal);

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(flush).toHaveBeenCalledTimes(1);
    expect(portal.identity.signOut).not.toHaveBeenCalled();

    await act(async () => finish(true));
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
    expect(portal.identity.signOut).toHaveBeenCalledTimes(1);
    unregister();
  });

  test('when they cannot be saved it says so: stay and retry, or log out and discard them', async () => {
    const portal = setupPortal({ identity: identityOf(), user: userWithRole() });
    const save = { flush: jest.fn(async () => false), discard: jest.fn() };
    const unregister = pendingSaves.register(save);
    renderMenu(portal);

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: UNSAVED_TITLE });
    expect(portal.identity.signOut).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay and retry' }));
    await waitFor(() => expect(save.flush).toHaveBeenCalledTimes(2));
    expect(screen.getByText('Now at /apply')).toBeInTheDocument();
    expect(save.discard).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: UNSAVED_TITLE })).getByRole('button', {
        name: 'Log out and discard them',
      }),
    );
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
    expect(save.discard).toHaveBeenCalledTimes(1);
    expect(portal.identity.signOut).toHaveBeenCalledTimes(1);
    unregister();
  });
});

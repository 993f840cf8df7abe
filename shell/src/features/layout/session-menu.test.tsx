import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Route, Routes } from '@portal/shared/router';
import { identityOf, LocationProbe, setupPortal, userWithRole } from '../../testing/portal-harness';
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

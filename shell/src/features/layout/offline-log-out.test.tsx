import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { pendingSaves } from '@portal/shared/client';
import { Route, Routes } from '@portal/shared/router';
import { clientConfig } from '../../lib/client-config';
import { identityOf, setupPortal, userWithRole } from '../../testing/portal-harness';
import { AppLayout } from './app-layout';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));

const mockChunks = { sessionMenuOffline: false, dialogLoads: 0 };

// The code of the log-out dialog: counted when fetched.
jest.mock('../../lib/unsaved-changes-dialog', () => {
  mockChunks.dialogLoads += 1;
  return jest.requireActual('../../lib/unsaved-changes-dialog');
});
// The session menu's chunk cannot be fetched while `sessionMenuOffline` (a ChunkLoadError).
jest.mock('./session-menu', () => {
  if (mockChunks.sessionMenuOffline)
    throw Object.assign(new Error('Loading chunk 88 failed.'), { name: 'ChunkLoadError' });
  return jest.requireActual('./session-menu');
});

function renderSignedIn() {
  const portal = setupPortal({ identity: identityOf(), user: userWithRole() });
  render(
    <MemoryRouter initialEntries={['/apply']}>
      {portal.providers(
        <Routes>
          <Route element={<AppLayout chapter={clientConfig.chapter} />}>
            <Route path="*" element={<h1>Your applications</h1>} />
          </Route>
        </Routes>,
      )}
    </MemoryRouter>,
  );
  return portal;
}

beforeEach(() => {
  localStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

// First: once loaded, a chunk stays loaded for the rest of the file.
test('a session menu that cannot be loaded says so in the header; the page stays, and "Try again" brings it', async () => {
  mockChunks.sessionMenuOffline = true;
  renderSignedIn();

  const header = screen.getByRole('banner');
  expect(await within(header).findByRole('alert')).toHaveTextContent('This part of the page could not be loaded.');
  expect(screen.getByRole('heading', { name: 'Your applications' })).toBeInTheDocument();

  mockChunks.sessionMenuOffline = false;
  await act(async () => fireEvent.click(within(header).getByRole('button', { name: 'Try again' })));

  expect(await within(header).findByRole('button', { name: 'Log out' })).toBeInTheDocument();
  expect(within(header).queryByRole('alert')).not.toBeInTheDocument();
});

test("the log-out dialog's code is fetched once an editor opens, before Log out is pressed, so it opens offline", async () => {
  const portal = renderSignedIn();
  const logOut = await screen.findByRole('button', { name: 'Log out' });
  // A page without an editor has nothing to lose: it never downloads the dialog.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(mockChunks.dialogLoads).toBe(0);

  // An editor opens (its autosave registers), while online: the dialog's code comes now.
  const unregister = pendingSaves.register({ flush: async () => false, discard: jest.fn() });
  await waitFor(() => expect(mockChunks.dialogLoads).toBe(1));

  // Offline now: the pending edits cannot be saved, and no code can be fetched any more.
  fireEvent.click(logOut);
  const dialog = await screen.findByRole('dialog', { name: 'Your last changes are not saved' });
  expect(within(dialog).getByRole('button', { name: 'Stay and retry' })).toBeInTheDocument();
  expect(mockChunks.dialogLoads).toBe(1);
  expect(portal.identity.signOut).not.toHaveBeenCalled();
  unregister();
});

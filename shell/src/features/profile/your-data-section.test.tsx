import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiRequestError } from '@portal/shared/client';
import { Route, Routes } from '@portal/shared/router';
import { identityOf, setupPortal, userWithRole } from '../../testing/portal-harness';
import ProfilePage from './profile-page';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));
jest.mock('react-toastify', () => ({ toast: jest.fn() }));

// antd renders slowly when every suite runs in parallel.
jest.setTimeout(30_000);

const ACCEPTED = { version: '1', acceptedAt: '2026-03-01T17:00:00.000Z' };

/** The profile page of a signed-in applicant whose API downloads with `download`. */
function renderProfile(download: jest.Mock) {
  const portal = setupPortal({ identity: identityOf(), user: { ...userWithRole(), privacyNotice: ACCEPTED } });
  Object.assign(portal.api, { download });
  portal.on('GET', '/privacy-notice', async () => ({
    version: '1',
    text: 'We keep your application until the club deletes it.',
    url: null,
  }));
  render(
    <MemoryRouter initialEntries={['/profile']}>
      {portal.providers(
        <Routes>
          <Route path="profile" element={<ProfilePage />} />
        </Routes>,
      )}
    </MemoryRouter>,
  );
  return portal;
}

const section = async () => within(await screen.findByRole('region', { name: 'Your data' }));

let saved: { href: string; download: string }[];
beforeEach(() => {
  localStorage.clear();
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:my-data');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => jest.restoreAllMocks());

test('says which privacy notice the user accepted, and when, and shows it on request', async () => {
  const portal = renderProfile(jest.fn());
  const yourData = await section();

  expect(yourData.getByText(/You accepted the privacy notice \(version 1\) on Mar 1, 2026\./)).toBeInTheDocument();
  expect(portal.requestsOtherThanSession()).toEqual([]);
  await userEvent.click(yourData.getByRole('button', { name: 'Read the privacy notice' }));
  expect(await yourData.findByText('We keep your application until the club deletes it.')).toBeInTheDocument();
  expect(yourData.getByRole('button', { name: 'Hide the privacy notice' })).toHaveAttribute('aria-expanded', 'true');
});

test('"Download my data" says it is preparing, then saves the ZIP under the day\'s name', async () => {
  let finish: (blob: Blob) => void = () => undefined;
  const download = jest.fn(() => new Promise<Blob>((resolve) => (finish = resolve)));
  renderProfile(download);
  const yourData = await section();

  await userEvent.click(yourData.getByRole('button', { name: 'Download my data' }));

  const pending = await yourData.findByRole('button', { name: /Preparing your data…/ });
  expect(pending).toHaveClass('ant-btn-loading');
  expect(download).toHaveBeenCalledWith('/account/data.zip');
  await act(async () => finish(new Blob(['zip'], { type: 'application/zip' })));

  expect(await yourData.findByRole('button', { name: 'Download my data' })).not.toHaveClass('ant-btn-loading');
  expect(saved).toEqual([
    { href: 'blob:my-data', download: `portal data ${new Date().toISOString().slice(0, 10)}.zip` },
  ]);
  expect(yourData.queryByRole('alert')).not.toBeInTheDocument();
});

test('a failed download says why beside the button, which tries again', async () => {
  const body = { error: { code: 'internal', message: 'Something went wrong on our side' } };
  const download = jest
    .fn()
    .mockRejectedValueOnce(new ApiRequestError(500, 'internal', body.error.message, body))
    .mockResolvedValueOnce(new Blob(['zip']));
  renderProfile(download);
  const yourData = await section();

  await userEvent.click(yourData.getByRole('button', { name: 'Download my data' }));

  const alert = await yourData.findByRole('alert');
  expect(alert).toHaveTextContent('Your data could not be downloaded');
  expect(alert).toHaveTextContent('Something went wrong on our side');
  expect(saved).toEqual([]);

  await userEvent.click(yourData.getByRole('button', { name: 'Download my data' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(yourData.queryByRole('alert')).not.toBeInTheDocument();
});

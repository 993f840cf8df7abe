import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteLoader } from './remote-loader';
import { RemoteRoutes } from './remote-routes';

function ApplicantRoutes() {
  return <p>Applicant routes</p>;
}

function BrokenRoutes(): never {
  throw new Error('the remote crashed');
}

afterEach(() => jest.restoreAllMocks());

function fakeLoader(): jest.Mocked<RemoteLoader> {
  return { load: jest.fn(), preload: jest.fn() };
}

test('shows the loading screen, then the remote route tree', async () => {
  let resolve: (component: typeof ApplicantRoutes) => void = () => undefined;
  const loader = fakeLoader();
  loader.load.mockReturnValue(new Promise((done) => (resolve = done)));

  render(<RemoteRoutes name="applicant" loader={loader} />);

  expect(screen.getByRole('status')).toHaveTextContent('Doing some important stuff, hold on...');
  expect(loader.load).toHaveBeenCalledWith('applicant', { retry: false });

  resolve(ApplicantRoutes);
  expect(await screen.findByText('Applicant routes')).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('a remote that fails to load offers a retry that loads it again', async () => {
  const loader = fakeLoader();
  loader.load.mockRejectedValueOnce(new Error('entry unreachable')).mockResolvedValueOnce(ApplicantRoutes);

  render(<RemoteRoutes name="applicant" loader={loader} />);

  expect(await screen.findByText('The application area could not be loaded')).toBeInTheDocument();
  expect(screen.getByText(/entry unreachable/)).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

  expect(await screen.findByText('Applicant routes')).toBeInTheDocument();
  expect(loader.load).toHaveBeenCalledTimes(2);
  expect(loader.load).toHaveBeenLastCalledWith('applicant', { retry: true });
});

test('a remote that throws while rendering is caught and offers a retry', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const loader = fakeLoader();
  loader.load.mockResolvedValueOnce(BrokenRoutes).mockResolvedValueOnce(ApplicantRoutes);

  render(<RemoteRoutes name="admin" loader={loader} />);

  expect(await screen.findByText('The staff area could not be loaded')).toBeInTheDocument();
  expect(screen.getByText(/the remote crashed/)).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

  expect(await screen.findByText('Applicant routes')).toBeInTheDocument();
  expect(loader.load).toHaveBeenLastCalledWith('admin', { retry: true });
});

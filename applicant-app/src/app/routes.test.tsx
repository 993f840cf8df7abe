import { screen } from '@testing-library/react';
import { renderRemote } from '../../../tools/jest/render-remote';
import ApplicantRoutes from './routes';

const HEALTH = { status: 'ok', version: '1.4.2', store: 'sqlite', time: '2025-01-01T00:00:00.000Z' };

function renderAt(path: string, options: { withPortal?: boolean } = {}) {
  const api = { request: jest.fn().mockResolvedValue(HEALTH) };
  renderRemote(ApplicantRoutes, { mountPath: '/apply', path, api, ...options });
  return { api };
}

afterEach(() => jest.restoreAllMocks());

test('the index shows the Applicant home and the API version', async () => {
  const { api } = renderAt('/apply');

  expect(screen.getByRole('heading', { name: 'Applicant Home' })).toBeInTheDocument();
  expect(await screen.findByText('Connected to the portal API (version 1.4.2).')).toBeInTheDocument();
  expect(api.request).toHaveBeenCalledWith('GET', '/health', { auth: false });
});

test('an unknown path under /apply shows the not-found page', () => {
  renderAt('/apply/no-such-page');

  expect(screen.getByText('Page not found')).toBeInTheDocument();
});

test("the remote cannot render without the shell's PortalProvider", () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);

  expect(() => renderAt('/apply', { withPortal: false })).toThrow(
    'usePortal must be used inside the shell (PortalProvider is missing)',
  );
});

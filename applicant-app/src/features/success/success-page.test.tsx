import { screen } from '@testing-library/react';
import ApplicantRoutes from '../../app/routes';
import { renderApplicantApp } from '../common/testing/render-applicant-app';

jest.mock('../editor/editor-page', () => ({
  __esModule: true,
  default: jest.requireActual('../common/testing/page-stubs').EditorPageStub,
}));
jest.mock('../submit/submit-page', () => ({
  __esModule: true,
  default: jest.requireActual('../common/testing/page-stubs').SubmitPageStub,
}));

test('confirms the submission and links to the status page', async () => {
  renderApplicantApp(ApplicantRoutes, { path: '/apply/success', routes: {} });

  expect(await screen.findByText('Your application has been submitted!')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'View your application status' })).toHaveAttribute('href', '/apply/status');
  expect(screen.getByRole('link', { name: 'Back to the overview' })).toHaveAttribute('href', '/apply');
});

import { screen } from '@testing-library/react';
import ApplicantRoutes from '../../app/routes';
import { answer } from '@portal/jest-support/fake-api';
import { myApplication } from '../common/testing/fixtures';
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
  renderApplicantApp(ApplicantRoutes, {
    path: '/apply/success',
    routes: { 'GET /responses/mine': answer({ items: [myApplication()] }) },
  });

  expect(await screen.findByText('Your application has been submitted!')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'View your application status' })).toHaveAttribute('href', '/apply/status');
  expect(screen.getByRole('link', { name: 'Back to the overview' })).toHaveAttribute('href', '/apply');
});

describe('opened directly by someone who submitted nothing', () => {
  test('with no application, it does not claim success', async () => {
    renderApplicantApp(ApplicantRoutes, {
      path: '/apply/success',
      routes: { 'GET /responses/mine': answer({ items: [] }) },
    });

    expect(await screen.findByText('You have not submitted an application.')).toBeInTheDocument();
    expect(
      screen.getByText('You have not started an application yet. Start one from the overview.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your application has been submitted!')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the overview' })).toHaveAttribute('href', '/apply');
  });

  test('with a draft only, it says the application is still a draft', async () => {
    renderApplicantApp(ApplicantRoutes, {
      path: '/apply/success',
      routes: { 'GET /responses/mine': answer({ items: [myApplication({ response: { status: 'in-progress' } })] }) },
    });

    expect(await screen.findByText('You have not submitted an application.')).toBeInTheDocument();
    expect(screen.getByText(/Your application is still a draft/)).toBeInTheDocument();
    expect(screen.queryByText('Your application has been submitted!')).not.toBeInTheDocument();
  });
});

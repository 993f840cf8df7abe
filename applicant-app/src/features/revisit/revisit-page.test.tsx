import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ApplicantRoutes from '../../app/routes';
import { answer, apiError, fail, type Routes } from '@portal/jest-support/fake-api';
import { FORM, myApplication, response } from '../common/testing/fixtures';
import { renderApplicantApp } from '../common/testing/render-applicant-app';

jest.mock('../editor/editor-page', () => ({
  __esModule: true,
  default: jest.requireActual('../common/testing/page-stubs').EditorPageStub,
}));
jest.mock('../submit/submit-page', () => ({
  __esModule: true,
  default: jest.requireActual('../common/testing/page-stubs').SubmitPageStub,
}));

const RESUME = {
  id: '11111111-2222-4333-8444-555555555555',
  ownerId: 'nova-uid',
  responseId: response().id,
  questionId: 'resume',
  name: 'nova-resume.pdf',
  size: 52_000,
  contentType: 'application/pdf',
  uploadedAt: '2025-02-01T10:00:00.000Z',
};

function renderRevisit(routes: Routes = {}) {
  return renderApplicantApp(ApplicantRoutes, {
    path: '/apply/revisit/spring-2025',
    routes: {
      'GET /forms/spring-2025': answer(FORM),
      'GET /responses/mine': answer({ items: [myApplication()] }),
      'GET /files/file-1/meta': answer(RESUME),
      ...routes,
    },
  });
}

test('shows the answers section by section, only the sections for the roles applied for', async () => {
  renderRevisit();

  expect(await screen.findByRole('heading', { name: 'Your Spring 2025 application' })).toBeInTheDocument();
  const about = within(await screen.findByRole('region', { name: 'About You' }));
  expect(about.getByText('What name do you go by?')).toBeInTheDocument();
  expect(about.getByText('Nova')).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Roles' })).getByText('Engineer')).toBeInTheDocument();
  expect(
    within(screen.getByRole('region', { name: 'Engineering' })).getByText(/A food bank inventory app/),
  ).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Design' })).not.toBeInTheDocument();
  expect(screen.queryByText('Your design process?')).not.toBeInTheDocument();
});

test('a file answer is shown by the file name', async () => {
  const { request } = renderRevisit();

  expect(await screen.findByText('nova-resume.pdf')).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('GET', '/files/file-1/meta');
  expect(screen.queryByText('file-1')).not.toBeInTheDocument();
});

test('answers are plain text: markup in an answer is shown, never rendered', async () => {
  const markup = '<img src=x onerror="alert(1)"><b>bold</b>';
  const original = response();
  const submitted = {
    ...original,
    sectionResponses: original.sectionResponses.map((section) => ({
      ...section,
      questions: section.questions.map((q) => (q.questionId === 'name' ? { ...q, response: markup } : q)),
    })),
  };
  renderRevisit({ 'GET /responses/mine': answer({ items: [myApplication({ response: submitted })] }) });

  expect(await screen.findByText(markup)).toBeInTheDocument();
  expect(document.querySelector('b')).toBeNull();
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
});

test('the page offers no way to edit', async () => {
  renderRevisit();

  await screen.findByRole('region', { name: 'About You' });
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /edit/i })).not.toBeInTheDocument();
});

test('without an application for the form the page says so', async () => {
  renderRevisit({ 'GET /responses/mine': answer({ items: [] }) });

  expect(await screen.findByText('You have no application for this form.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the application overview' })).toHaveAttribute('href', '/apply');
});

test('a failed load shows the reason and can be retried', async () => {
  const form = jest
    .fn()
    .mockImplementationOnce(() => {
      throw apiError(500, 'internal', 'Form store offline');
    })
    .mockReturnValue(FORM);
  renderRevisit({ 'GET /forms/spring-2025': form });

  expect(await screen.findByText('Your application could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('Form store offline')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('region', { name: 'About You' })).toBeInTheDocument();
});

test('a file whose details cannot be loaded is still named as a file', async () => {
  renderRevisit({ 'GET /files/file-1/meta': fail(apiError(404, 'not-found', 'No such file')) });

  expect(await screen.findByText('An uploaded file (its name could not be loaded)')).toBeInTheDocument();
});

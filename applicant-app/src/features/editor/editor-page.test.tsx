import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@portal/shared/query';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import ApplicantRoutes from '../../app/routes';
import { answer, apiError, fail, type Routes } from '../../../../tools/jest/fake-api';
import { renderApplicantApp } from '../common/testing/render-applicant-app';
import { draftResponse, EDITOR_FORM, EDITOR_RESPONSE_ID } from './testing/editor-fixtures';

const FORM_PATH = `GET /forms/${EDITOR_FORM.id}`;
const SAVE = `PUT /application/save/${EDITOR_RESPONSE_ID}`;

function renderEditorPage(routes: Routes, section = 'about-you') {
  return renderApplicantApp(ApplicantRoutes, {
    path: `/apply/f/${EDITOR_FORM.id}/${section}`,
    routes: {
      [FORM_PATH]: answer(EDITOR_FORM),
      'POST /responses': answer(draftResponse()),
      'GET /responses/mine': answer({ items: [] }),
      ...routes,
    },
  });
}

const nameField = () => screen.getByRole('textbox', { name: 'What name do you go by?' });

// antd renders slowly when every suite runs in parallel.
jest.setTimeout(30_000);

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

test("loads the form and the applicant's response, creating it for this form, and edits it", async () => {
  const { request } = renderEditorPage({
    'POST /responses': answer(draftResponse({ 'about-you.preferred-name': 'Nova' })),
  });

  expect(await screen.findByRole('heading', { name: 'About You', level: 2 })).toBeInTheDocument();
  expect(nameField()).toHaveValue('Nova');
  expect(screen.getByText(/^Last save: /)).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('POST', '/responses', { body: { formId: EDITOR_FORM.id } });
});

test('a response that is no longer in progress goes to the status page', async () => {
  renderEditorPage({ 'POST /responses': answer(draftResponse({}, { status: 'submitted' })) });

  expect(await screen.findByRole('heading', { name: 'Application status' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save application' })).not.toBeInTheDocument();
});

test("a form that cannot be loaded shows 'Something went wrong: {message}'", async () => {
  renderEditorPage({ [FORM_PATH]: fail(apiError(404, 'not-found', 'No form for this ID')) });

  expect(await screen.findByText('Something went wrong: No form for this ID')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save application' })).not.toBeInTheDocument();
});

test("a response that cannot be loaded shows 'Something went wrong: {message}'", async () => {
  renderEditorPage({ 'POST /responses': fail(apiError(500, 'internal', 'Database unavailable')) });

  expect(await screen.findByText('Something went wrong: Database unavailable')).toBeInTheDocument();
});

test('server data arriving later (a save, then every query refetched) never replaces what is typed', async () => {
  const fromServer = jest
    .fn()
    .mockReturnValueOnce(draftResponse({ 'about-you.preferred-name': 'Nova' }, { version: 3 }))
    .mockReturnValue(draftResponse({ 'about-you.preferred-name': 'Someone else' }, { version: 8 }));
  const save = jest.fn((body: unknown) => ({ ...(body as ApplicationResponse), version: 4 }));
  const invalidate = jest.spyOn(QueryClient.prototype, 'invalidateQueries');
  renderEditorPage({ 'POST /responses': fromServer, [SAVE]: save });

  fireEvent.change(await screen.findByDisplayValue('Nova'), { target: { value: 'Nova Reyes' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save application' }));
  await waitFor(() => expect(screen.getByText(/^Last save: /)).toBeInTheDocument(), { timeout: 10_000 });
  await waitFor(() => expect(invalidate).toHaveBeenCalled());

  // Whatever the invalidation refetched, refetch every query now: the server's copy arrives.
  const queryClient = invalidate.mock.contexts[0] as QueryClient;
  await act(() => queryClient.refetchQueries());
  expect(fromServer.mock.calls.length).toBeGreaterThanOrEqual(2);

  expect(nameField()).toHaveValue('Nova Reyes');
  fireEvent.change(nameField(), { target: { value: 'Nova Reyes!' } });
  await act(() => queryClient.refetchQueries());
  expect(nameField()).toHaveValue('Nova Reyes!');
  expect(screen.queryByDisplayValue('Someone else')).not.toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notify } from '@portal/shared/client';
import ApplicantRoutes from '../../app/routes';
import { answer, type Routes } from '@portal/jest-support/fake-api';
import { renderApplicantApp } from '../common/testing/render-applicant-app';
import { apiErrorWithDetails, draftResponse, EDITOR_FORM, storedDraftKeys } from '../editor/testing/editor-fixtures';

const FORM_PATH = `GET /forms/${EDITOR_FORM.id}`;
const RESPONSE = draftResponse(
  {
    'about-you.preferred-name': 'Nova',
    'about-you.year': 'Second year',
    'roles.roles': ['designer', 'product'],
    'engineering.project': 'An answer for a section no longer chosen',
    'design.design-process': 'Sketch, test, repeat.',
  },
  { version: 6 },
);

function renderSubmitPage(routes: Routes = {}) {
  return renderApplicantApp(ApplicantRoutes, {
    path: `/apply/submit/${EDITOR_FORM.id}`,
    routes: {
      [FORM_PATH]: answer(EDITOR_FORM),
      'POST /responses': answer(RESPONSE),
      'GET /responses/mine': answer({ items: [] }),
      ...routes,
    },
  });
}

const answerTo = (question: string) => screen.getByRole('group', { name: question });

// antd renders slowly when every suite runs in parallel.
jest.setTimeout(30_000);

beforeEach(() => jest.spyOn(notify, 'error').mockImplementation(() => 'toast'));
afterEach(() => jest.restoreAllMocks());

test("lists the answers of the visible sections only, with the roles' names", async () => {
  renderSubmitPage();

  expect(await screen.findByRole('heading', { name: 'Review and submit' })).toBeInTheDocument();
  expect(screen.getByText('About You')).toBeInTheDocument();
  expect(screen.getByText('Design')).toBeInTheDocument();
  expect(screen.queryByText('Engineering')).not.toBeInTheDocument();
  expect(screen.queryByText('An answer for a section no longer chosen')).not.toBeInTheDocument();

  expect(within(answerTo('What name do you go by?')).getByText('Nova')).toBeInTheDocument();
  expect(within(answerTo('What year are you in?')).getByText('Second year')).toBeInTheDocument();
  expect(
    within(answerTo('Which roles are you applying for?')).getByText('Designer, Product Manager'),
  ).toBeInTheDocument();
  expect(within(answerTo('Link to your portfolio')).getByText('No answer')).toBeInTheDocument();
  expect(
    within(answerTo('Walk us through your design process.')).getByText('Sketch, test, repeat.'),
  ).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: /^Edit / }).map((link) => link.getAttribute('href'))).toEqual([
    `/apply/f/${EDITOR_FORM.id}/about-you`,
    `/apply/f/${EDITOR_FORM.id}/roles`,
    `/apply/f/${EDITOR_FORM.id}/design`,
  ]);
});

test('a section of text alone (no questions) has nothing to review, so no card', async () => {
  const welcome = { sectionId: 'welcome', sectionName: 'Welcome', description: 'How this works.', questions: [] };
  renderSubmitPage({ [FORM_PATH]: answer({ ...EDITOR_FORM, sections: [welcome, ...EDITOR_FORM.sections] }) });

  expect(await screen.findByText('About You')).toBeInTheDocument();
  expect(screen.queryByText('Welcome')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Edit Welcome' })).not.toBeInTheDocument();
});

test("a refused submit (400) shows each issue inside its question's group", async () => {
  const submit = jest.fn(() => {
    throw apiErrorWithDetails(400, 'invalid-request', 'Some answers are missing', [
      { path: 'design.portfolio', questionId: 'portfolio', message: 'This question needs an answer' },
    ]);
  });
  renderSubmitPage({ 'POST /application/submit': submit });

  fireEvent.click(await screen.findByRole('button', { name: 'Submit application' }));

  const issue = await within(answerTo('Link to your portfolio')).findByRole('alert');
  expect(issue).toHaveTextContent('This question needs an answer');
  expect(screen.getAllByText('This question needs an answer')).toHaveLength(1);
  expect(screen.getByText('Some answers are missing')).toBeInTheDocument();
  // The keyboard focus moves to the summary at the top.
  expect(screen.getByText('Some answers are missing').closest('[tabindex="-1"]')).toHaveFocus();
  expect(notify.error).toHaveBeenCalledWith('Some answers are missing');
  expect(submit).toHaveBeenCalledWith(RESPONSE);
  expect(screen.getByRole('heading', { name: 'Review and submit' })).toBeInTheDocument();
});

test('a successful submit sends the response, drops every copy kept on this device and opens /apply/success', async () => {
  const submit = jest.fn((body: unknown) => ({ ...(body as typeof RESPONSE), status: 'submitted' }));
  const { request } = renderSubmitPage({ 'POST /application/submit': submit });
  for (const tab of ['tab-a', 'tab-b']) {
    window.localStorage.setItem(`portal:draft:${RESPONSE.id}:${tab}`, JSON.stringify({ draft: RESPONSE }));
  }

  fireEvent.click(await screen.findByRole('button', { name: 'Submit application' }));

  expect(await screen.findByText('Your application has been submitted!')).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('POST', '/application/submit', { body: RESPONSE });
  expect(storedDraftKeys(RESPONSE.id)).toEqual([]);
  await waitFor(() => expect(notify.error).not.toHaveBeenCalled());
});

test("'Edit' opens the section with every problem of its questions shown", async () => {
  renderSubmitPage({ 'PUT /application/save/0b7e6f52-9c1d-4a3e-8f20-5d4c3b2a1908': (body) => body });

  fireEvent.click(await screen.findByRole('link', { name: 'Edit Design' }));

  expect(await screen.findByRole('heading', { name: 'Design', level: 3 })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Link to your portfolio' })).toHaveAccessibleDescription(
    /This question needs an answer$/,
  );
});

test('a response that is no longer in progress goes to the status page', async () => {
  renderSubmitPage({ 'POST /responses': answer({ ...RESPONSE, status: 'submitted' }) });

  expect(await screen.findByRole('heading', { name: 'Application status' })).toBeInTheDocument();
});

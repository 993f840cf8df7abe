import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notify } from '@portal/shared/client';
import ApplicantRoutes from '../../app/routes';
import { answer, type Routes } from '@portal/jest-support/fake-api';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';
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

/**
 * The applicant's response to the form: this page only reads it, from GET /responses/mine; the
 * editor behind 'Edit' opens it with POST /responses (which reuses an existing response).
 */
function ownResponse(response: ApplicationResponse): Routes {
  const form = { id: EDITOR_FORM.id, semester: EDITOR_FORM.semester, dueDate: EDITOR_FORM.dueDate };
  return {
    'GET /responses/mine': answer({ items: [{ response, form: { ...form, decisionsReleased: false }, roles: [] }] }),
    'POST /responses': answer(response),
  };
}

function renderSubmitPage(routes: Routes = {}) {
  return renderApplicantApp(ApplicantRoutes, {
    path: `/apply/submit/${EDITOR_FORM.id}`,
    routes: {
      [FORM_PATH]: answer(EDITOR_FORM),
      ...ownResponse(RESPONSE),
      ...routes,
    },
  });
}

const answerTo = (question: string) => screen.getByRole('group', { name: question });
/** Submit, then confirm it in the dialog (submitting cannot be undone). */
async function submitAndConfirm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Submit application' }));
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
}

// antd renders slowly when every suite runs in parallel.
jest.setTimeout(30_000);

beforeEach(() => jest.spyOn(notify, 'error').mockImplementation(() => 'toast'));
afterEach(() => jest.restoreAllMocks());

test("lists the answers of the visible sections only, with the roles' names", async () => {
  renderSubmitPage();

  expect(await screen.findByRole('heading', { name: 'Review and submit' })).toBeInTheDocument();
  // The sections are folded (but for one needing attention): unfold them all to read every answer.
  fireEvent.click(screen.getByRole('button', { name: 'Expand all sections' }));
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

  await submitAndConfirm();

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

  await submitAndConfirm();

  expect(await screen.findByText('Your application has been submitted!')).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('POST', '/application/submit', { body: RESPONSE });
  expect(storedDraftKeys(RESPONSE.id)).toEqual([]);
  await waitFor(() => expect(notify.error).not.toHaveBeenCalled());
});

test("'Edit' opens the section with every problem of its questions shown", async () => {
  renderSubmitPage({ 'PUT /application/save/0b7e6f52-9c1d-4a3e-8f20-5d4c3b2a1908': (body) => body });

  fireEvent.click(await screen.findByRole('link', { name: 'Edit Design' }));

  expect(await screen.findByRole('heading', { name: 'Design', level: 2 })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Link to your portfolio' })).toHaveAccessibleDescription(
    /This question needs an answer$/,
  );
});

test('a response that is no longer in progress goes to the status page', async () => {
  renderSubmitPage(ownResponse({ ...RESPONSE, status: 'submitted' }));

  expect(await screen.findByRole('heading', { name: 'Application status' })).toBeInTheDocument();
});

describe('a long review stays short and says what is missing', () => {
  const INCOMPLETE = draftResponse(
    { 'about-you.preferred-name': 'Nova', 'roles.roles': ['designer'], 'design.design-process': 'Sketch.' },
    { version: 6 },
  );
  const sectionToggle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} `) });

  test('sections fold; those needing attention start open, the others closed, and all can be opened', async () => {
    renderSubmitPage(ownResponse(INCOMPLETE));

    expect(await screen.findByRole('button', { name: /^About You / })).toHaveAttribute('aria-expanded', 'true');
    expect(sectionToggle('About You')).toHaveAccessibleName('About You 1 needs attention');
    expect(sectionToggle('Roles')).toHaveAttribute('aria-expanded', 'false');
    expect(sectionToggle('Roles')).toHaveAccessibleName('Roles 1 of 1 answered');
    expect(screen.queryByRole('group', { name: 'Which roles are you applying for?' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Roles' })).toBeInTheDocument();

    fireEvent.click(sectionToggle('Roles'));
    expect(within(answerTo('Which roles are you applying for?')).getByText('Designer')).toBeInTheDocument();
    fireEvent.click(sectionToggle('About You'));
    expect(sectionToggle('About You')).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(screen.getByRole('button', { name: 'Expand all sections' }));
    for (const name of ['About You', 'Roles', 'Design']) {
      expect(sectionToggle(name)).toHaveAttribute('aria-expanded', 'true');
    }
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all sections' }));
    for (const name of ['About You', 'Roles', 'Design']) {
      expect(sectionToggle(name)).toHaveAttribute('aria-expanded', 'false');
    }
  });

  test('the top says how many answers need attention and links to each, in the editor at that question', async () => {
    renderSubmitPage(ownResponse(INCOMPLETE));

    expect(await screen.findByText('2 answers need attention')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Answers that need attention' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['What year are you in?', `/apply/f/${EDITOR_FORM.id}/about-you`],
      ['Link to your portfolio', `/apply/f/${EDITOR_FORM.id}/design`],
    ]);
    expect(within(list).getByText('(Design: This question needs an answer)')).toBeInTheDocument();
    // The summary comes before the sections.
    const firstSection = sectionToggle('About You');
    expect(list.compareDocumentPosition(firstSection) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(links[1]!);
    expect(await screen.findByRole('heading', { name: 'Design', level: 2 })).toBeInTheDocument();
    const portfolio = screen.getByRole('textbox', { name: 'Link to your portfolio' });
    await waitFor(() => expect(portfolio).toHaveFocus());
    expect(portfolio).toHaveAccessibleDescription(/This question needs an answer$/);
  });

  test('a refused submit opens the folded section it names and counts its issue at the top', async () => {
    const submit = jest.fn(() => {
      throw apiErrorWithDetails(400, 'invalid-request', 'Some answers are missing', [
        { path: 'about-you.preferred-name', questionId: 'preferred-name', message: 'Write at most 10 words (now 11)' },
        { path: 'design.portfolio', questionId: 'portfolio', message: 'This question needs an answer' },
      ]);
    });
    renderSubmitPage({ 'POST /application/submit': submit });
    expect(await screen.findByText('1 answer needs attention')).toBeInTheDocument();
    expect(sectionToggle('About You')).toHaveAttribute('aria-expanded', 'false');

    await submitAndConfirm();

    const name = await screen.findByRole('group', { name: 'What name do you go by?' });
    expect(within(name).getByRole('alert')).toHaveTextContent('Write at most 10 words (now 11)');
    expect(sectionToggle('About You')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('2 answers need attention')).toBeInTheDocument();
  });

  test('with every answer given, the top says so', async () => {
    const complete = draftResponse(
      {
        'about-you.preferred-name': 'Nova',
        'about-you.year': 'Second year',
        'roles.roles': ['designer'],
        'design.portfolio': 'https://example.org',
        'design.design-process': 'Sketch.',
      },
      { version: 6 },
    );
    renderSubmitPage(ownResponse(complete));

    expect(await screen.findByText('Every required question is answered.')).toBeInTheDocument();
    expect(screen.queryByText(/need attention/)).not.toBeInTheDocument();
  });

  test('the submit button is at the top, in a bar that stays in view down to the bottom', async () => {
    renderSubmitPage();

    const submit = await screen.findByRole('button', { name: 'Submit application' });
    expect(submit.compareDocumentPosition(sectionToggle('About You')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const bar = submit.closest<HTMLElement>('[style*="sticky"]');
    expect(bar).not.toBeNull();
    expect(bar).toHaveStyle({ position: 'sticky', top: '0px' });
    expect(within(bar!).getByRole('button', { name: 'Expand all sections' })).toBeInTheDocument();
  });
});

describe('submitting cannot be undone, so it is confirmed first', () => {
  test('Submit asks first; "Keep reviewing" sends nothing and closes the dialog', async () => {
    const submit = jest.fn((body: unknown) => ({ ...(body as typeof RESPONSE), status: 'submitted' }));
    const { request } = renderSubmitPage({ 'POST /application/submit': submit });

    fireEvent.click(await screen.findByRole('button', { name: 'Submit application' }));

    const dialog = await screen.findByRole('dialog', { name: 'Submit your application?' });
    expect(within(dialog).getByText('Once submitted, your application can no longer be changed.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('1 answer still needs attention: the application will be refused until it is fixed.'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep reviewing' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(request).not.toHaveBeenCalledWith('POST', '/application/submit', expect.anything());
    expect(submit).not.toHaveBeenCalled();
  });

  test('confirming submits once', async () => {
    const submit = jest.fn((body: unknown) => ({ ...(body as typeof RESPONSE), status: 'submitted' }));
    renderSubmitPage({ 'POST /application/submit': submit });

    await submitAndConfirm();

    expect(await screen.findByText('Your application has been submitted!')).toBeInTheDocument();
    expect(submit).toHaveBeenCalledTimes(1);
  });
});

describe('opening the page only reads', () => {
  test('never creates an application: one never started says so, with nothing to submit', async () => {
    const { request } = renderSubmitPage({ 'GET /responses/mine': answer({ items: [] }) });

    expect(await screen.findByText('You have not started an application for this form.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the overview' })).toHaveAttribute('href', '/apply');
    expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
    expect(request).not.toHaveBeenCalledWith('POST', '/responses', expect.anything());
  });

  test('reads the existing draft without creating or starting anything', async () => {
    const { request } = renderSubmitPage();
    expect(await screen.findByRole('heading', { name: 'Review and submit' })).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('GET', '/responses/mine');
    expect(request).not.toHaveBeenCalledWith('POST', '/responses', expect.anything());
  });
});

describe('a form that takes no more submits', () => {
  test.each([
    ['decisions are released', { decisionsReleased: true }, 'This application is closed: decisions have been released'],
    [
      'the due date has passed',
      { dueDate: '2020-01-01T00:00:00.000Z' },
      'The deadline for this application has passed',
    ],
  ])('when %s: the answers stay readable, with no Submit', async (_when, change, message) => {
    const { request } = renderSubmitPage({ [FORM_PATH]: answer({ ...EDITOR_FORM, ...change }) });

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Review and submit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit application' })).not.toBeInTheDocument();
    expect(request).not.toHaveBeenCalledWith('POST', '/application/submit', expect.anything());
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import type { UserRole } from '@portal/shared/domain/ids/constants';
import { BLIND_REVIEW_TEXTS } from '@portal/shared/domain/rules/blind-review';
import type { AssessmentScreen, AssessmentView } from '@portal/shared/domain/rules/staff';
import { CONFLICT_MESSAGES } from '@portal/shared/domain/schemas/conflicts';
import AdminRoutes from '../../app/routes';
import { answer, apiError, apiRefusal, fail, type Routes } from '@portal/jest-support/fake-api';
import { renderSignedIn } from '@portal/jest-support/render-signed-in';
import { NOT_WEIGHTED } from './assessment-form';
import { DRAFT_CONFLICT_TITLE } from './draft-conflict';

jest.setTimeout(30_000);

const FORM_ID = 'spring-2025';
const RESPONSE_ID = 'resp-1';
const REVIEW = '/admin/assessments/review/review-1';
const INTERVIEW = '/admin/assessments/interview/int-1';
const REVIEW_URL = `/admin/review/f/${FORM_ID}/${RESPONSE_ID}/about-you/review-1`;

const RUBRIC = {
  rubricId: 'engineering',
  roles: ['engineer' as const],
  criteria: [
    {
      key: 'impact',
      prompt: 'Impact of past work',
      description: 'Shipped work that helped people',
      min: 0,
      max: 4,
      weight: 1,
    },
    { key: 'teamwork', prompt: 'Works well with others', min: 1, max: 3, weight: 1 },
  ],
};

function assessment(overrides: Partial<AssessmentView> = {}): AssessmentView {
  return {
    id: 'review-1',
    kind: 'review',
    applicationFormId: FORM_ID,
    responseId: RESPONSE_ID,
    role: 'engineer',
    staffId: 'nova-uid',
    staffName: 'Nova Reyes',
    applicantUserId: 'ada-uid',
    applicantName: 'Ada Lovelace',
    scores: {},
    comments: '',
    state: 'not-started',
    score: null,
    version: 4,
    createdAt: '2025-02-11T10:00:00.000Z',
    updatedAt: '2025-02-11T10:00:00.000Z',
    submittedAt: null,
    ...overrides,
  };
}

function screenOf(overrides: Partial<AssessmentScreen> = {}, view: Partial<AssessmentView> = {}): AssessmentScreen {
  return {
    assessment: assessment(view),
    blind: false,
    rubric: RUBRIC,
    form: {
      id: FORM_ID,
      semester: 'Spring 2025',
      sections: [
        {
          sectionId: 'about-you',
          sectionName: 'About You',
          questions: [{ questionId: 'name', questionType: 'short-answer', questionText: 'What name do you go by?' }],
        },
        {
          sectionId: 'engineering',
          sectionName: 'Engineering',
          forRoles: ['engineer'],
          questions: [{ questionId: 'project', questionType: 'long-answer', questionText: 'Tell us about a project.' }],
        },
        {
          sectionId: 'design',
          sectionName: 'Design',
          forRoles: ['designer'],
          questions: [{ questionId: 'process', questionType: 'long-answer', questionText: 'Your design process?' }],
        },
      ],
    },
    response: {
      id: RESPONSE_ID,
      status: 'in-review',
      rolesApplied: ['engineer'],
      sectionResponses: [
        {
          sectionId: 'about-you',
          sectionName: 'About You',
          questions: [
            { questionId: 'name', questionType: 'short-answer', applicationFormId: FORM_ID, response: 'Ada' },
          ],
        },
        {
          sectionId: 'engineering',
          sectionName: 'Engineering',
          questions: [
            {
              questionId: 'project',
              questionType: 'long-answer',
              applicationFormId: FORM_ID,
              response: 'A food bank inventory app.',
            },
          ],
        },
      ],
    },
    editable: true,
    reopenable: false,
    ...overrides,
  };
}

function renderPage(path: string, routes: Routes, role: UserRole = 'reviewer') {
  return renderSignedIn(AdminRoutes, {
    mountPath: '/admin',
    path,
    role,
    user: { applicantRolePreferences: ['bootcamp', 'engineer', 'designer'] },
    routes,
  });
}

const criterion = (prompt: string) => screen.getByRole('radiogroup', { name: prompt });
const score = (prompt: string, value: number) => within(criterion(prompt)).getByRole('radio', { name: String(value) });
/** antd's radio buttons hide their inputs behind their labels: a user clicks the label. */
const pick = (prompt: string, value: number) => userEvent.click(score(prompt, value).closest('label')!);
const submitButton = () => screen.getByRole('button', { name: 'Submit review' });
const indicator = () =>
  screen.getByText(/^(Saving\.\.\.|Unsaved changes|Needs your choice|Last save: |Failed to save|Not yet saved)/);

let success: jest.SpyInstance;
let failure: jest.SpyInstance;

beforeEach(() => {
  success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  failure = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test("shows the URL's section of the application and the rubric; the section menu moves the URL", async () => {
  renderPage(REVIEW_URL, { [`GET ${REVIEW}`]: answer(screenOf()) });

  expect(await screen.findByRole('heading', { name: 'Review' })).toBeInTheDocument();
  expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  const section = screen.getByRole('region', { name: 'About You' });
  expect(within(section).getByText('Ada')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Engineering' })).not.toBeInTheDocument();
  expect(screen.queryByRole('radio', { name: 'Design' })).not.toBeInTheDocument();
  expect(screen.getByText('Shipped work that helped people')).toBeInTheDocument();
  expect(within(criterion('Impact of past work')).getAllByRole('radio')).toHaveLength(5);
  expect(within(criterion('Works well with others')).getAllByRole('radio')).toHaveLength(3);
  expect(screen.getByRole('textbox', { name: 'Comments' })).toBeInTheDocument();
  expect(indicator()).toHaveTextContent('Not yet saved');

  await userEvent.click(screen.getByRole('radio', { name: 'Engineering' }).closest('label')!);

  expect(await screen.findByRole('region', { name: 'Engineering' })).toHaveTextContent('A food bank inventory app.');
  expect(screen.queryByRole('region', { name: 'About You' })).not.toBeInTheDocument();
});

test('in blind review the screen says what is hidden, and shows the pseudonym the API sent', async () => {
  renderPage(REVIEW_URL, {
    [`GET ${REVIEW}`]: answer(screenOf({ blind: true }, { applicantName: 'Applicant 7F3K' })),
  });

  expect(await screen.findByText('Applicant 7F3K')).toBeInTheDocument();
  expect(screen.getByText(BLIND_REVIEW_TEXTS.notice)).toBeInTheDocument();
});

test('without blind review there is no such notice', async () => {
  renderPage(REVIEW_URL, { [`GET ${REVIEW}`]: answer(screenOf()) });

  expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  expect(screen.queryByText(BLIND_REVIEW_TEXTS.notice)).not.toBeInTheDocument();
});

test('sections of roles the applicant did not apply for are not offered, even when stored empty', async () => {
  const base = screenOf();
  const withDesign = screenOf({
    response: {
      ...base.response,
      sectionResponses: [
        ...base.response.sectionResponses,
        {
          sectionId: 'design',
          sectionName: 'Design',
          questions: [{ questionId: 'process', questionType: 'long-answer', applicationFormId: FORM_ID, response: '' }],
        },
      ],
    },
  });
  renderPage(REVIEW_URL, { [`GET ${REVIEW}`]: answer(withDesign) });

  expect(await screen.findByRole('radio', { name: 'Engineering' })).toBeInTheDocument();
  expect(screen.queryByRole('radio', { name: 'Design' })).not.toBeInTheDocument();
});

test('a section id the screen does not show moves to the first section', async () => {
  renderPage(`/admin/review/f/${FORM_ID}/${RESPONSE_ID}/first/review-1`, { [`GET ${REVIEW}`]: answer(screenOf()) });

  expect(await screen.findByRole('region', { name: 'About You' })).toBeInTheDocument();
});

test("a section of text alone is not offered: a stray section id moves on to the applicant's answers", async () => {
  const base = screenOf();
  const welcome = { sectionId: 'welcome', sectionName: 'Welcome', description: 'How this works.', questions: [] };
  const withWelcome = screenOf({
    form: { ...base.form, sections: [welcome, ...base.form.sections] },
    response: {
      ...base.response,
      sectionResponses: [
        { sectionId: 'welcome', sectionName: 'Welcome', questions: [] },
        ...base.response.sectionResponses,
      ],
    },
  });
  renderPage(`/admin/review/f/${FORM_ID}/${RESPONSE_ID}/first/review-1`, { [`GET ${REVIEW}`]: answer(withWelcome) });

  expect(await screen.findByRole('region', { name: 'About You' })).toBeInTheDocument();
  // It holds no answers: the section menu does not offer it.
  expect(screen.queryByRole('radio', { name: 'Welcome' })).not.toBeInTheDocument();
});

test('the draft saves itself 2 s after the last change, with the version it is based on', async () => {
  jest.useFakeTimers();
  const save = jest.fn((body: unknown) =>
    assessment({ ...(body as object), state: 'draft', version: (body as { version: number }).version + 1 }),
  );
  const { request } = renderPage(REVIEW_URL, { [`GET ${REVIEW}`]: answer(screenOf()), [`PUT ${REVIEW}`]: save });
  await act(() => jest.advanceTimersByTimeAsync(0));
  await screen.findByRole('heading', { name: 'Review' });

  fireEvent.click(score('Impact of past work', 3));
  await act(() => jest.advanceTimersByTimeAsync(1000));
  fireEvent.change(screen.getByRole('textbox', { name: 'Comments' }), { target: { value: 'Strong projects.' } });
  await act(() => jest.advanceTimersByTimeAsync(1999));
  expect(save).not.toHaveBeenCalled();

  await act(() => jest.advanceTimersByTimeAsync(1));
  expect(request).toHaveBeenCalledWith('PUT', REVIEW, {
    body: { scores: { impact: 3 }, comments: 'Strong projects.', version: 4 },
  });
  expect(indicator()).toHaveTextContent(/^Last save: /);

  fireEvent.click(score('Works well with others', 2));
  await act(() => jest.advanceTimersByTimeAsync(2000));
  expect(save).toHaveBeenCalledTimes(2);
  expect(save).toHaveBeenLastCalledWith({
    scores: { impact: 3, teamwork: 2 },
    comments: 'Strong projects.',
    version: 5,
  });
});

describe('a save refused because another tab or device saved first', () => {
  const stale = 'This was saved from another tab or device since you opened it';
  const refusedWith = (current: AssessmentView) =>
    jest
      .fn((body: unknown) =>
        assessment({ ...(body as object), state: 'draft', version: (body as { version: number }).version + 1 }),
      )
      .mockImplementationOnce(() => {
        throw apiRefusal('stale-version', stale, { current });
      });

  test('other criteria and comments changed there are merged without asking, and saved', async () => {
    jest.useFakeTimers();
    const save = refusedWith(assessment({ scores: { teamwork: 2 }, comments: 'From the other tab', version: 7 }));
    renderPage(REVIEW_URL, { [`GET ${REVIEW}`]: answer(screenOf()), [`PUT ${REVIEW}`]: save });
    await act(() => jest.advanceTimersByTimeAsync(0));
    await screen.findByRole('heading', { name: 'Review' });

    fireEvent.click(score('Impact of past work', 3));
    await act(() => jest.advanceTimersByTimeAsync(2000));

    expect(screen.queryByText(DRAFT_CONFLICT_TITLE)).not.toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({
      scores: { impact: 3, teamwork: 2 },
      comments: 'From the other tab',
      version: 7,
    });
    expect(score('Works well with others', 2)).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Comments' })).toHaveValue('From the other tab');
    expect(indicator()).toHaveTextContent(/^Last save: /);
  });

  test('the same criterion changed on both sides asks; the saved value can be taken', async () => {
    jest.useFakeTimers();
    const save = refusedWith(assessment({ scores: { impact: 1 }, comments: 'From the other tab', version: 7 }));
    renderPage(REVIEW_URL, { [`GET ${REVIEW}`]: answer(screenOf()), [`PUT ${REVIEW}`]: save });
    await act(() => jest.advanceTimersByTimeAsync(0));
    await screen.findByRole('heading', { name: 'Review' });

    fireEvent.click(score('Impact of past work', 3));
    await act(() => jest.advanceTimersByTimeAsync(2000));

    expect(screen.getByText(DRAFT_CONFLICT_TITLE)).toBeInTheDocument();
    expect(screen.getByText('Impact of past work: yours "3", saved "1"')).toBeInTheDocument();
    expect(indicator()).toHaveTextContent('Needs your choice');
    expect(submitButton()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Use the saved' }));
    await act(() => jest.advanceTimersByTimeAsync(0));

    expect(screen.queryByText(DRAFT_CONFLICT_TITLE)).not.toBeInTheDocument();
    expect(score('Impact of past work', 1)).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Comments' })).toHaveValue('From the other tab');
    // Nothing differs from the saved copy any more: nothing to save.
    expect(save).toHaveBeenCalledTimes(1);
  });

  test("'Keep mine' saves my value over theirs, on their version", async () => {
    jest.useFakeTimers();
    const save = refusedWith(assessment({ scores: { impact: 1 }, version: 7 }));
    renderPage(REVIEW_URL, { [`GET ${REVIEW}`]: answer(screenOf()), [`PUT ${REVIEW}`]: save });
    await act(() => jest.advanceTimersByTimeAsync(0));
    await screen.findByRole('heading', { name: 'Review' });

    fireEvent.click(score('Impact of past work', 3));
    await act(() => jest.advanceTimersByTimeAsync(2000));
    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await act(() => jest.advanceTimersByTimeAsync(0));

    expect(save).toHaveBeenLastCalledWith({ scores: { impact: 3 }, comments: '', version: 7 });
    expect(indicator()).toHaveTextContent(/^Last save: /);
  });
});

test('a failed save is retried after a second, without another change', async () => {
  jest.useFakeTimers();
  const save = jest
    .fn((body: unknown) =>
      assessment({ ...(body as object), state: 'draft', version: (body as { version: number }).version + 1 }),
    )
    .mockImplementationOnce(() => {
      throw apiError(503, 'internal', 'Unavailable');
    });
  renderPage(REVIEW_URL, { [`GET ${REVIEW}`]: answer(screenOf()), [`PUT ${REVIEW}`]: save });
  await act(() => jest.advanceTimersByTimeAsync(0));
  await screen.findByRole('heading', { name: 'Review' });

  fireEvent.click(score('Impact of past work', 3));
  await act(() => jest.advanceTimersByTimeAsync(2000));
  expect(indicator()).toHaveTextContent('Failed to save (Last save: never)');
  await act(() => jest.advanceTimersByTimeAsync(1000));

  expect(save).toHaveBeenCalledTimes(2);
  expect(indicator()).toHaveTextContent(/^Last save: /);
});

test('submit waits for every score, then submits and returns to the dashboard', async () => {
  const submit = jest.fn(() => assessment({ state: 'submitted', scores: { impact: 4, teamwork: 3 }, version: 5 }));
  const { request } = renderPage(REVIEW_URL, {
    [`GET ${REVIEW}`]: answer(screenOf()),
    [`POST ${REVIEW}/submit`]: submit,
    'GET /forms/spring-2025': answer({ id: FORM_ID, sections: [] }),
    [`GET /admin/forms/${FORM_ID}/assessments?kind=review`]: answer({ items: [], nextCursor: null, total: 0 }),
  });
  await screen.findByRole('heading', { name: 'Review' });
  expect(submitButton()).toBeDisabled();

  await pick('Impact of past work', 4);
  expect(submitButton()).toBeDisabled();
  await pick('Works well with others', 3);
  expect(submitButton()).toBeEnabled();
  await userEvent.click(submitButton());

  expect(await screen.findByRole('heading', { name: 'Reviewer dashboard' })).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('POST', `${REVIEW}/submit`, {
    body: { scores: { impact: 4, teamwork: 3 }, comments: '', version: 4 },
  });
  expect(success).toHaveBeenCalledWith('Review submitted.');
  expect(screen.getByRole('radio', { name: 'Applications' })).toBeChecked();
  expect(request).not.toHaveBeenCalledWith('PUT', REVIEW, expect.anything());
});

test('a refused submit says why and stays', async () => {
  renderPage(REVIEW_URL, {
    [`GET ${REVIEW}`]: answer(screenOf({}, { scores: { impact: 4, teamwork: 3 }, state: 'draft' })),
    [`POST ${REVIEW}/submit`]: fail(apiError(400, 'invalid-request', 'Score every criterion before submitting')),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Submit review' }));

  await waitFor(() =>
    expect(failure).toHaveBeenCalledWith('Failed to submit the review: Score every criterion before submitting'),
  );
  expect(screen.getByRole('heading', { name: 'Review' })).toBeInTheDocument();
});

test('a submitted review is read-only, without Reopen for a reviewer', async () => {
  renderPage(REVIEW_URL, {
    [`GET ${REVIEW}`]: answer(
      screenOf({ editable: false }, { state: 'submitted', scores: { impact: 4, teamwork: 3 }, comments: 'Great' }),
    ),
  });

  expect(await screen.findByText('This review has been submitted.')).toBeInTheDocument();
  expect(score('Impact of past work', 4)).toBeChecked();
  expect(score('Impact of past work', 2)).toBeDisabled();
  expect(screen.getByRole('textbox', { name: 'Comments' })).toHaveAttribute('readonly');
  expect(screen.queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
});

test('a super-reviewer reopens a submitted review, which becomes editable', async () => {
  const submitted = screenOf(
    { editable: false, reopenable: true },
    { state: 'submitted', scores: { impact: 4, teamwork: 3 } },
  );
  let current = submitted;
  const reopen = jest.fn(() => {
    current = screenOf({}, { state: 'draft', scores: { impact: 4, teamwork: 3 }, version: 6 });
    return current.assessment;
  });
  const { request } = renderPage(
    REVIEW_URL,
    { [`GET ${REVIEW}`]: () => current, [`POST ${REVIEW}/reopen`]: reopen },
    'super-reviewer',
  );

  await userEvent.click(await screen.findByRole('button', { name: 'Reopen' }));

  expect(await screen.findByRole('button', { name: 'Submit review' })).toBeEnabled();
  expect(request).toHaveBeenCalledWith('POST', `${REVIEW}/reopen`, { body: {} });
  expect(screen.queryByText('This review has been submitted.')).not.toBeInTheDocument();
  expect(score('Impact of past work', 2)).toBeEnabled();
});

test("a review that is not the caller's shows the server's reason", async () => {
  renderPage(REVIEW_URL, {
    [`GET ${REVIEW}`]: fail(apiRefusal('not-assigned', 'This application is not assigned to you')),
  });

  expect(await screen.findByText('This application is not assigned to you')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Review' })).not.toBeInTheDocument();
});

test('an unknown review says so', async () => {
  renderPage(REVIEW_URL, {
    [`GET ${REVIEW}`]: fail(apiError(404, 'not-found', 'No review or interview with this ID!')),
  });

  expect(await screen.findByText('No review or interview with this ID!')).toBeInTheDocument();
});

test('a role without a rubric says so and offers no scores', async () => {
  renderPage(REVIEW_URL, { [`GET ${REVIEW}`]: answer(screenOf({ rubric: null })) });

  expect(await screen.findByText('The form has no rubric for this role')).toBeInTheDocument();
  expect(screen.queryByRole('radiogroup', { name: 'Impact of past work' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
});

test('an interview shows every section, interview notes, and submits back to the interviews tab', async () => {
  const interview = screenOf(
    {},
    { id: 'int-1', kind: 'interview', scores: { impact: 2, teamwork: 1 }, state: 'draft' },
  );
  const { request } = renderPage(`/admin/interview/f/${FORM_ID}/${RESPONSE_ID}/int-1`, {
    [`GET ${INTERVIEW}`]: answer(interview),
    [`POST ${INTERVIEW}/submit`]: answer({ ...interview.assessment, state: 'submitted' }),
    [`GET /admin/forms/${FORM_ID}/assessments?kind=interview`]: answer({ items: [], nextCursor: null, total: 0 }),
  });

  expect(await screen.findByRole('heading', { name: 'Interview' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'About You' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Engineering' })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Interview notes' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Submit interview' }));

  expect(await screen.findByText('No interviews assigned to you yet.')).toBeInTheDocument();
  expect(success).toHaveBeenCalledWith('Interview submitted.');
  expect(request).toHaveBeenCalledWith('POST', `${INTERVIEW}/submit`, {
    body: { scores: { impact: 2, teamwork: 1 }, comments: '', version: 4 },
  });
});

test("a criterion of weight 0 is scored like the others and marked 'noted but not weighted'", async () => {
  const noted = {
    ...RUBRIC,
    criteria: [...RUBRIC.criteria, { key: 'noted', prompt: 'Culture add', min: 0, max: 4, weight: 0 }],
  };
  renderPage(REVIEW_URL, { [`GET ${REVIEW}`]: answer(screenOf({ rubric: noted })) });

  expect(await screen.findByRole('radiogroup', { name: 'Culture add' })).toHaveAccessibleDescription(NOT_WEIGHTED);
  expect(criterion('Impact of past work')).not.toHaveAccessibleDescription(NOT_WEIGHTED);
  expect(screen.getAllByText(NOT_WEIGHTED)).toHaveLength(1);
});

test('the assigned reviewer declares a conflict of interest, with a reason, and leaves the application', async () => {
  const declare = jest.fn(() => ({ id: 'c-1' }));
  renderPage(REVIEW_URL, { [`GET ${REVIEW}`]: answer(screenOf()), [`POST ${REVIEW}/conflict`]: declare });

  await userEvent.click(await screen.findByRole('button', { name: 'Declare a conflict of interest' }));
  const dialog = await screen.findByRole('dialog', { name: 'Declare a conflict of interest' });
  await userEvent.click(within(dialog).getByLabelText(/^Reason/));
  await userEvent.paste('We share a flat');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Declare conflict' }));

  await waitFor(() => expect(declare).toHaveBeenCalledWith({ reason: 'We share a flat' }));
  await waitFor(() => expect(success).toHaveBeenCalledWith(CONFLICT_MESSAGES.declaredToast));
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Review' })).not.toBeInTheDocument());
});

test('the comments counter sits in the flow under the box, not drawn over its edge', async () => {
  renderPage(REVIEW_URL, { [`GET ${REVIEW}`]: answer(screenOf({}, { comments: 'Strong' })) });
  const box = await screen.findByRole('textbox', { name: 'Comments' });
  const counter = screen.getByText(/^6 \/ [\d,]+ characters$/);
  expect(box).toHaveAccessibleDescription(counter.textContent!);
  expect(counter.closest('.ant-input-data-count, .ant-input-textarea-show-count')).toBeNull();
  expect(document.querySelector('.ant-input-data-count')).toBeNull();
});

test('after declaring a conflict the page does not ask for the review it just gave up', async () => {
  const screenRequests = jest.fn(() => screenOf());
  const { request } = renderPage(REVIEW_URL, {
    [`GET ${REVIEW}`]: screenRequests,
    [`POST ${REVIEW}/conflict`]: answer({ id: 'c-1' }),
  });

  await userEvent.click(await screen.findByRole('button', { name: 'Declare a conflict of interest' }));
  const dialog = await screen.findByRole('dialog', { name: 'Declare a conflict of interest' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Declare conflict' }));

  await waitFor(() => expect(success).toHaveBeenCalledWith(CONFLICT_MESSAGES.declaredToast));
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Review' })).not.toBeInTheDocument());
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(screenRequests).toHaveBeenCalledTimes(1);
  const calls = request.mock.calls.map(([method, path]) => `${method} ${path}`);
  expect(calls.filter((call) => call.includes(REVIEW) && !call.endsWith('/conflict'))).toEqual([`GET ${REVIEW}`]);
});

test('no conflict can be declared on a submitted review or on someone else’s', async () => {
  renderPage(REVIEW_URL, {
    [`GET ${REVIEW}`]: answer(screenOf({ editable: false }, { state: 'submitted' })),
  });
  expect(await screen.findByText('This review has been submitted.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Declare a conflict of interest' })).not.toBeInTheDocument();
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BLIND_REVIEW_TEXTS } from '@portal/shared/domain/rules/blind-review';
import type { AssessmentView, Page } from '@portal/shared/domain/rules/staff';
import AdminRoutes from '../../app/routes';
import { answer, type Routes } from '@portal/jest-support/fake-api';
import { renderSignedIn } from '@portal/jest-support/render-signed-in';
import { typeOnFakeClock } from '@portal/jest-support/type-on-fake-clock';
import { SEARCH_DELAY_MS } from '../../lib/use-url-search';

jest.setTimeout(30_000);

const LIST = '/admin/forms/spring-2025/assessments';
const FORM = {
  id: 'spring-2025',
  semester: 'Spring 2025',
  reviewRubrics: [],
  interviewRubrics: [],
  sections: [
    { sectionId: 'personal', sectionName: 'Personal', hiddenFromReviewers: true, questions: [] },
    { sectionId: 'design', sectionName: 'Design', forRoles: ['designer'], questions: [] },
    { sectionId: 'about-you', sectionName: 'About You', questions: [] },
  ],
};

function view(overrides: Partial<AssessmentView>): AssessmentView {
  return {
    id: 'review-1',
    kind: 'review',
    applicationFormId: 'spring-2025',
    responseId: 'resp-1',
    role: 'engineer',
    staffId: 'nova-uid',
    staffName: 'Nova Reyes',
    applicantUserId: 'ada-uid',
    applicantName: 'Ada Lovelace',
    scores: {},
    comments: '',
    state: 'not-started',
    score: null,
    version: 0,
    createdAt: '2025-02-11T10:00:00.000Z',
    updatedAt: '2025-02-11T10:00:00.000Z',
    submittedAt: null,
    ...overrides,
  };
}

const page = (
  items: AssessmentView[],
  total = items.length,
  nextCursor: string | null = null,
): Page<AssessmentView> => ({
  items,
  total,
  nextCursor,
});

const REVIEWS = page([
  view({}),
  view({ id: 'review-2', responseId: 'resp-2', applicantName: 'Grace Hopper', role: 'designer', state: 'draft' }),
  view({ id: 'review-3', responseId: 'resp-3', applicantName: 'Alan Turing', state: 'submitted', score: 3.5 }),
]);
const INTERVIEWS = page([view({ id: 'int-1', kind: 'interview', applicantName: 'Ada Lovelace', state: 'draft' })]);

function renderDashboard(path: string, routes: Routes = {}) {
  return renderSignedIn(AdminRoutes, {
    mountPath: '/admin',
    path,
    role: 'reviewer',
    user: { applicantRolePreferences: ['bootcamp', 'engineer', 'designer'] },
    routes: {
      'GET /forms/spring-2025': answer(FORM),
      [`GET ${LIST}?kind=review`]: answer(REVIEWS),
      [`GET ${LIST}?kind=interview`]: answer(INTERVIEWS),
      ...routes,
    },
  });
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
/** antd's Segmented hides its radio inputs behind their labels: a user clicks the label. */
const openTab = (name: string) => userEvent.click(screen.getByRole('radio', { name }).closest('label')!);
const search = () => screen.getByRole('searchbox', { name: 'Search applicants' });

test('lists the reviews assigned to me with their state, score and a link to the first section a reviewer sees', async () => {
  renderDashboard('/admin/reviewer/dashboard/spring-2025/apps');

  expect(await screen.findByText('3 reviews assigned to you')).toBeInTheDocument();
  const ada = row('Ada Lovelace');
  expect(within(ada).getByText('Engineer')).toBeInTheDocument();
  expect(within(ada).getByText('Not started')).toBeInTheDocument();
  expect(within(ada).getByText('—')).toBeInTheDocument();
  expect(within(row('Grace Hopper')).getByText('Draft')).toBeInTheDocument();
  expect(within(row('Alan Turing')).getByText('Submitted')).toBeInTheDocument();
  expect(within(row('Alan Turing')).getByText('3.5')).toBeInTheDocument();

  await waitFor(() =>
    expect(within(ada).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/admin/review/f/spring-2025/resp-1/about-you/review-1',
    ),
  );
  expect(within(row('Grace Hopper')).getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    '/admin/review/f/spring-2025/resp-2/design/review-2',
  );
});

test("a review opens past a section of text alone, on the first section with the applicant's answers", async () => {
  const name = { questionId: 'name', questionType: 'short-answer', questionText: 'Your name?' };
  const form = {
    ...FORM,
    sections: [
      { sectionId: 'welcome', sectionName: 'Welcome', description: 'How this application works.', questions: [] },
      { sectionId: 'about-you', sectionName: 'About You', questions: [name] },
    ],
  };
  renderDashboard('/admin/reviewer/dashboard/spring-2025/apps', { 'GET /forms/spring-2025': answer(form) });

  const ada = await screen.findByRole('row', { name: /Ada Lovelace/ });
  await waitFor(() =>
    expect(within(ada).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/admin/review/f/spring-2025/resp-1/about-you/review-1',
    ),
  );
});

test('the interviews tab lists interviews, linked to the interview screen', async () => {
  renderDashboard('/admin/reviewer/dashboard/spring-2025/interviews');

  expect(await screen.findByText('1 interview assigned to you')).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Interviews' })).toBeChecked();
  expect(within(row('Ada Lovelace')).getByRole('link', { name: 'Open' })).toHaveAttribute(
    'href',
    '/admin/interview/f/spring-2025/resp-1/int-1',
  );
});

test('lists each interview booked with me on a blind form, though the bookings carry no user id', async () => {
  const errors = jest.spyOn(console, 'error');
  const booking = (responseId: string, applicantName: string) => ({
    userId: '',
    responseId,
    applicantName,
    bookedAt: '2025-02-11T10:00:00.000Z',
  });
  const slot = {
    id: 'slot-1',
    formId: 'spring-2025',
    startsAt: '2025-03-01T10:00:00.000Z',
    minutes: 30,
    place: 'Room 1',
    interviewerIds: ['nova-uid'],
    interviewerNames: ['Nova Reyes'],
    capacity: 2,
    bookings: [booking('resp-1', 'Applicant 7F3K'), booking('resp-2', 'Applicant 2QXM')],
    createdAt: '2025-02-10T10:00:00.000Z',
  };
  renderDashboard('/admin/reviewer/dashboard/spring-2025/interviews', {
    'GET /admin/interviews/mine': answer({ items: [slot] }),
  });

  const list = await screen.findByRole('list', { name: 'Your booked interviews' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([expect.stringContaining('Applicant 7F3K'), expect.stringContaining('Applicant 2QXM')]);
  // Keyed by something each booking has: two bookings without a user id are still two items to React.
  expect(errors.mock.calls.filter((args) => args.map(String).join(' ').includes('same key'))).toEqual([]);
  errors.mockRestore();
});

test('in blind review the search box says it finds applicants by pseudonym, on the blind stage only', async () => {
  const blindReviews = { ...FORM, blindReview: { review: true } };
  renderDashboard('/admin/reviewer/dashboard/spring-2025/apps', {
    'GET /forms/spring-2025': answer(blindReviews),
  });
  await waitFor(() => expect(search()).toHaveAttribute('placeholder', BLIND_REVIEW_TEXTS.search));

  await openTab('Interviews');
  await waitFor(() => expect(search()).toHaveAttribute('placeholder', 'Search by name, email or answer'));
});

test('the search box says name, email or answer when the review is not blind', async () => {
  renderDashboard('/admin/reviewer/dashboard/spring-2025/apps');
  expect(await screen.findByText('3 reviews assigned to you')).toBeInTheDocument();
  expect(search()).toHaveAttribute('placeholder', 'Search by name, email or answer');
});

test('the search goes to the server after a pause, in the URL, and stays when switching tabs', async () => {
  const { request } = renderDashboard('/admin/reviewer/dashboard/spring-2025/apps', {
    [`GET ${LIST}?kind=review&search=ada`]: answer(page([view({})])),
    [`GET ${LIST}?kind=interview&search=ada`]: answer(page([], 0)),
  });
  await screen.findByText('3 reviews assigned to you');

  const pauseEnds = await typeOnFakeClock(search(), 'ada', SEARCH_DELAY_MS);
  expect(request).not.toHaveBeenCalledWith('GET', expect.stringContaining('search='));
  pauseEnds();

  expect(await screen.findByText('1 review matches your search')).toBeInTheDocument();
  expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument();
  const searches = request.mock.calls.filter(([, path]) => String(path).includes('search='));
  expect(searches).toEqual([['GET', `${LIST}?kind=review&search=ada`]]);

  await openTab('Interviews');

  expect(await screen.findByText('Nothing matches your search.')).toBeInTheDocument();
  expect(screen.getByText('0 interviews match your search')).toBeInTheDocument();
  expect(screen.queryByText(/^0 assigned/)).not.toBeInTheDocument();
  expect(search()).toHaveValue('ada');
  expect(request).toHaveBeenCalledWith('GET', `${LIST}?kind=interview&search=ada`);
  expect(request).not.toHaveBeenCalledWith('GET', `${LIST}?kind=interview`);
});

test('a search in the URL is used from the start', async () => {
  renderDashboard('/admin/reviewer/dashboard/spring-2025/apps?q=grace', {
    [`GET ${LIST}?kind=review&search=grace`]: answer(page([], 0)),
  });

  expect(await screen.findByText('Nothing matches your search.')).toBeInTheDocument();
  expect(search()).toHaveValue('grace');
});

test('says when nothing is assigned yet', async () => {
  renderDashboard('/admin/reviewer/dashboard/spring-2025/apps', {
    [`GET ${LIST}?kind=review`]: answer(page([], 0)),
    [`GET ${LIST}?kind=interview`]: answer(page([], 0)),
  });

  expect(await screen.findByText('No applications assigned to you yet.')).toBeInTheDocument();
  await openTab('Interviews');
  expect(await screen.findByText('No interviews assigned to you yet.')).toBeInTheDocument();
});

test('Load more fetches the next page and appends it', async () => {
  const { request } = renderDashboard('/admin/reviewer/dashboard/spring-2025/apps', {
    [`GET ${LIST}?kind=review`]: answer(page([view({})], 2, 'cursor-2')),
    [`GET ${LIST}?kind=review&cursor=cursor-2`]: answer(
      page([view({ id: 'review-9', applicantName: 'Katherine Johnson' })], 2),
    ),
  });
  expect(await screen.findByText('2 reviews assigned to you')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

  expect(await screen.findByText('Katherine Johnson')).toBeInTheDocument();
  expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  expect(request).toHaveBeenCalledWith('GET', `${LIST}?kind=review&cursor=cursor-2`);
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
});

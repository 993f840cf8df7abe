import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyApplication } from '@portal/shared/domain/schemas/responses';
import ApplicantRoutes from '../../app/routes';
import { answer, apiError } from '@portal/jest-support/fake-api';
import { RESPONSE_ID, myApplication } from '../common/testing/fixtures';
import { renderApplicantApp } from '../common/testing/render-applicant-app';

jest.mock('../editor/editor-page', () => ({
  __esModule: true,
  default: jest.requireActual('../common/testing/page-stubs').EditorPageStub,
}));
jest.mock('../submit/submit-page', () => ({
  __esModule: true,
  default: jest.requireActual('../common/testing/page-stubs').SubmitPageStub,
}));

function renderStatus(items: MyApplication[] | (() => unknown)) {
  return renderApplicantApp(ApplicantRoutes, {
    path: '/apply/status',
    routes: { 'GET /responses/mine': typeof items === 'function' ? items : answer({ items }) },
  });
}

/** The list item of the role with this label. */
function roleRow(label: string): HTMLElement {
  return screen.getByText(label).closest('li') as HTMLElement;
}

const OUTCOMES = /Accepted|Denied|Waitlisted|Congratulations|See your decision/;

test('before release each role applied for reads only "In review"', async () => {
  renderStatus([myApplication({ response: { rolesApplied: ['engineer', 'designer'] } })]);

  const card = within(await screen.findByRole('region', { name: 'Spring 2025 application' }));
  expect(card.getAllByRole('listitem')).toHaveLength(2);
  expect(within(roleRow('Engineer')).getByText('In review')).toBeInTheDocument();
  expect(within(roleRow('Designer')).getByText('In review')).toBeInTheDocument();
  expect(screen.queryByText(OUTCOMES)).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'See your decision' })).not.toBeInTheDocument();
});

test('a decision that reaches the page before release is still not shown', async () => {
  renderStatus([
    myApplication({ decisionsReleased: false, roles: [{ role: 'engineer', decision: 'accepted', offer: null }] }),
  ]);

  expect(await screen.findAllByText('In review')).not.toHaveLength(0);
  expect(screen.queryByText(OUTCOMES)).not.toBeInTheDocument();
});

test('after release each role shows its outcome and links to its decision', async () => {
  renderStatus([
    myApplication({
      decisionsReleased: true,
      response: { rolesApplied: ['engineer', 'designer', 'product'] },
      roles: [
        { role: 'engineer', decision: 'accepted', offer: 'accepted' },
        { role: 'designer', decision: 'denied', offer: null },
        { role: 'product', decision: 'waitlist', offer: null },
      ],
    }),
  ]);

  const card = within(await screen.findByRole('region', { name: 'Spring 2025 application' }));
  expect(card.getByText('Decisions released')).toBeInTheDocument();
  const [engineer, designer, product] = [roleRow('Engineer'), roleRow('Designer'), roleRow('Product Manager')];
  expect(within(engineer).getByText('Accepted')).toBeInTheDocument();
  expect(within(engineer).getByText('Offer accepted')).toBeInTheDocument();
  expect(within(engineer).getByRole('link', { name: 'See your decision' })).toHaveAttribute(
    'href',
    `/apply/decision/${RESPONSE_ID}/engineer`,
  );
  expect(within(designer).getByText('Denied')).toBeInTheDocument();
  expect(within(designer).getByRole('link', { name: 'See your decision' })).toHaveAttribute(
    'href',
    `/apply/decision/${RESPONSE_ID}/designer`,
  );
  expect(within(product).getByText('Waitlisted')).toBeInTheDocument();
  expect(screen.queryByText('In review')).not.toBeInTheDocument();
});

test('the decision link opens the decision page', async () => {
  renderApplicantApp(ApplicantRoutes, {
    path: '/apply/status',
    routes: {
      'GET /responses/mine': answer({
        items: [
          myApplication({ decisionsReleased: true, roles: [{ role: 'engineer', decision: 'denied', offer: null }] }),
        ],
      }),
      [`GET /responses/${RESPONSE_ID}/decisions/engineer`]: answer({
        role: 'engineer',
        decision: 'denied',
        offer: null,
      }),
    },
  });

  await userEvent.click(await screen.findByRole('link', { name: 'See your decision' }));

  expect(await screen.findByRole('heading', { name: 'Your decision' })).toBeInTheDocument();
});

test('an application in progress reads "In progress" with a link to continue it', async () => {
  renderStatus([myApplication({ response: { status: 'in-progress' } })]);

  const card = within(await screen.findByRole('region', { name: 'Spring 2025 application' }));
  expect(card.getByText('In progress')).toBeInTheDocument();
  expect(card.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/apply/f/spring-2025/about-you');
  expect(card.queryByText('In review')).not.toBeInTheDocument();
});

test('a submitted application links to its answers', async () => {
  renderStatus([myApplication()]);

  expect(await screen.findByRole('link', { name: 'View your answers' })).toHaveAttribute(
    'href',
    '/apply/revisit/spring-2025',
  );
});

test('role badges carry the emoji, and the full label as a title for when it is cut short', async () => {
  renderStatus([myApplication({ response: { rolesApplied: ['outreach-coordinator'] } })]);

  const label = await screen.findByText('Outreach Coordinator');
  const badge = label.parentElement as HTMLElement;
  expect(badge).toHaveAttribute('title', 'Outreach Coordinator');
  expect(badge).toHaveTextContent('🤝');
  expect(label).toHaveStyle({ textOverflow: 'ellipsis', overflow: 'hidden', whiteSpace: 'nowrap' });
});

test('without applications the page says so and links to the overview', async () => {
  renderStatus([]);

  expect(await screen.findByText('You have no applications yet.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the application overview' })).toHaveAttribute('href', '/apply');
});

test('a failed load shows the reason and can be retried', async () => {
  const mine = jest
    .fn()
    .mockImplementationOnce(() => {
      throw apiError(503, 'internal', 'Service unavailable');
    })
    .mockReturnValue({ items: [myApplication()] });
  renderStatus(mine);

  expect(await screen.findByText('Your applications could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('Service unavailable')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByRole('region', { name: 'Spring 2025 application' })).toBeInTheDocument();
});

test("a form with its own roles shows them by the form's label and emoji", async () => {
  const item = myApplication({ response: { rolesApplied: ['treasurer'] } });
  item.form.roles = [
    { id: 'treasurer', label: 'Treasurer', emoji: '💰', color: '#1f6feb' },
    { id: 'events', label: 'Events' },
  ];
  renderStatus([item]);

  await screen.findByRole('region', { name: 'Spring 2025 application' });
  expect(within(roleRow('Treasurer')).getByText('In review')).toBeInTheDocument();
  expect(screen.getByTitle('Treasurer')).toHaveTextContent('💰Treasurer');
  expect(screen.queryByText('treasurer')).not.toBeInTheDocument();
});

test('the page has one top-level heading', async () => {
  renderStatus([myApplication()]);

  expect(await screen.findByRole('heading', { level: 1, name: 'Application status' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
});

test("every role row breaks the same way, by the card's width and not by its words (390 px: status under badge)", async () => {
  renderStatus([
    myApplication({
      decisionsReleased: true,
      response: { rolesApplied: ['engineer', 'social-media-manager'] },
      roles: [
        { role: 'engineer', decision: 'accepted', offer: 'accepted' },
        { role: 'social-media-manager', decision: 'denied', offer: null },
      ],
    }),
  ]);

  const card = within(await screen.findByRole('region', { name: 'Spring 2025 application' }));
  const rows = card.getAllByRole('listitem');
  expect(rows).toHaveLength(2);
  // jsdom lays nothing out: the rows' grid is what decides, a column of the same width for each
  // (a badge fits: 14em), wrapping by the container's width only.
  for (const row of rows) {
    expect(row).toHaveStyle({ display: 'grid' });
    expect(row.style.gridTemplateColumns).toBe('repeat(auto-fit, minmax(min(100%, 16em), 1fr))');
    expect(row.children).toHaveLength(2);
    expect(row.children[0]).toHaveTextContent(/Engineer|Social Media Manager/);
    expect(row.children[1]).toHaveTextContent(/Accepted|Denied/);
  }
});

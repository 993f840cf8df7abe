import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import type { RoleDecision } from '@portal/shared/domain/schemas/responses';
import ApplicantRoutes from '../../app/routes';
import { answer, apiError, apiRefusal, fail, type Routes } from '@portal/jest-support/fake-api';
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

const DECISION = `GET /responses/${RESPONSE_ID}/decisions/engineer`;
const REPLY = `POST /responses/${RESPONSE_ID}/decisions/engineer/reply`;

function renderDecision(routes: Routes, role = 'engineer') {
  return renderApplicantApp(ApplicantRoutes, { path: `/apply/decision/${RESPONSE_ID}/${role}`, routes });
}

/** A server that remembers the reply, and refuses a second one. */
function offerServer(initial: RoleDecision) {
  let current = initial;
  const reply = jest.fn((body: unknown) => {
    if (current.offer) throw apiRefusal('offer-answered', 'You have already replied to this offer');
    current = { ...current, offer: (body as { reply: string }).reply === 'accept' ? 'accepted' : 'declined' };
    return current;
  });
  return { routes: { [DECISION]: () => current, [REPLY]: reply, 'GET /responses/mine': answer({ items: [] }) }, reply };
}

const ACCEPTED: RoleDecision = {
  role: 'engineer',
  decision: 'accepted',
  offer: null,
  offerDeadline: null,
  letter: null,
};

afterEach(() => jest.restoreAllMocks());

test('before release the page says so and shows no outcome', async () => {
  renderDecision({ [DECISION]: fail(apiRefusal('not-released', 'Decisions have not been released yet')) });

  expect(await screen.findByText('Decisions have not been released yet')).toBeInTheDocument();
  expect(screen.queryByText(/Accepted|Denied|Waitlisted|Congratulations/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /offer/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
});

test('an accepted applicant sees the outcome and can accept the offer, once', async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const { routes, reply } = offerServer(ACCEPTED);
  const { request } = renderDecision(routes);

  expect(await screen.findByText('Congratulations! You have been accepted for the Engineer role.')).toBeInTheDocument();
  expect(screen.getByText('Accepted')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Accept offer' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Yes, accept' }));

  expect(await screen.findByText('You accepted the Engineer offer. Welcome to the team!')).toBeInTheDocument();
  expect(reply).toHaveBeenCalledTimes(1);
  expect(reply).toHaveBeenCalledWith({ reply: 'accept' });
  expect(success).toHaveBeenCalledWith('You accepted the Engineer offer. Welcome to the team.');
  expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Decline offer' })).not.toBeInTheDocument();
  await waitFor(() =>
    expect(request.mock.calls.filter(([method, path]) => `${method} ${path}` === DECISION)).toHaveLength(2),
  );
});

test('after replying, the status page shows the reply', async () => {
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const { routes } = offerServer(ACCEPTED);
  let offer: RoleDecision['offer'] = null;
  renderApplicantApp(ApplicantRoutes, {
    path: '/apply/status',
    routes: {
      ...routes,
      [REPLY]: (body) => {
        const decided = routes[REPLY](body);
        offer = decided.offer;
        return decided;
      },
      'GET /responses/mine': () => ({
        items: [myApplication({ decisionsReleased: true, roles: [{ role: 'engineer', decision: 'accepted', offer }] })],
      }),
    },
  });

  await userEvent.click(await screen.findByRole('link', { name: 'See your decision' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Accept offer' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Yes, accept' }));
  await screen.findByText('You accepted the Engineer offer. Welcome to the team!');
  await userEvent.click(screen.getByRole('link', { name: 'Back to your application status' }));

  expect(await screen.findByText('Offer accepted')).toBeInTheDocument();
});

test('declining asks for confirmation first', async () => {
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const { routes, reply } = offerServer(ACCEPTED);
  renderDecision(routes);

  await userEvent.click(await screen.findByRole('button', { name: 'Decline offer' }));
  expect(await screen.findByText('Decline this offer?')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(reply).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('button', { name: 'Decline offer' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Yes, decline' }));

  expect(await screen.findByText('You declined the Engineer offer.')).toBeInTheDocument();
  expect(reply).toHaveBeenCalledTimes(1);
  expect(reply).toHaveBeenCalledWith({ reply: 'decline' });
  expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Decline offer' })).not.toBeInTheDocument();
});

test('accepting asks for confirmation first, like declining', async () => {
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const { routes, reply } = offerServer(ACCEPTED);
  renderDecision(routes);

  await userEvent.click(await screen.findByRole('button', { name: 'Accept offer' }));
  expect(await screen.findByText('Accept this offer?')).toBeInTheDocument();
  expect(
    screen.getByText('You will join the Engineer team. You will not be able to decline the offer afterwards.'),
  ).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(reply).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('button', { name: 'Accept offer' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Yes, accept' }));

  expect(await screen.findByText('You accepted the Engineer offer. Welcome to the team!')).toBeInTheDocument();
  expect(reply).toHaveBeenCalledTimes(1);
  expect(reply).toHaveBeenCalledWith({ reply: 'accept' });
});

test('an offer already answered shows the answer and no buttons', async () => {
  renderDecision({ [DECISION]: answer({ ...ACCEPTED, offer: 'declined' }) });

  expect(await screen.findByText('You declined the Engineer offer.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /offer/ })).not.toBeInTheDocument();
});

test('a failed reply says why and keeps the buttons', async () => {
  const error = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
  renderDecision({ [DECISION]: answer(ACCEPTED), [REPLY]: fail(apiError(500, 'internal', 'Try later')) });

  await userEvent.click(await screen.findByRole('button', { name: 'Accept offer' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Yes, accept' }));

  await waitFor(() => expect(error).toHaveBeenCalledWith('Your reply could not be sent: Try later'));
  expect(screen.getByRole('button', { name: 'Accept offer' })).toBeEnabled();
});

test('a denied applicant is told kindly, with no offer to answer', async () => {
  renderDecision({ [DECISION]: answer({ role: 'engineer', decision: 'denied', offer: null, letter: null }) });

  expect(await screen.findByText('Thank you for applying for Engineer.')).toBeInTheDocument();
  expect(screen.getByText(/we hope you will apply again/)).toBeInTheDocument();
  expect(screen.getByText('Denied')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /offer/ })).not.toBeInTheDocument();
});

test("the form's letter is shown in place of the generic text, rendered as markdown, raw HTML as text", async () => {
  const letter = {
    body: '## Welcome, Ada!\n\nYou join **Engineer** for Fall.\n\n1. Accept below\n2. Read the [handbook](https://example.com/handbook)\n\n<img src=x onerror="window.__xss=1">',
  };
  const { routes } = offerServer({ ...ACCEPTED, letter });
  const { container } = renderDecision(routes);

  expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeInTheDocument();
  expect(screen.getByText('Congratulations! You have been accepted for the Engineer role.')).toBeInTheDocument();
  expect(screen.getByText('Engineer', { selector: 'strong' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'handbook' })).toHaveAttribute('target', '_blank');
  expect(screen.getByRole('link', { name: 'handbook' })).toHaveAttribute('rel', 'noopener noreferrer');
  expect(screen.getByText('<img src=x onerror="window.__xss=1">')).toBeInTheDocument();
  expect(container.querySelector('img')).toBeNull();
  expect(screen.queryByText(/would love to have you on the team/)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Accept offer' })).toBeInTheDocument();
});

test('a waitlisted applicant is told so, with no offer to answer', async () => {
  renderDecision({ [DECISION]: answer({ role: 'engineer', decision: 'waitlist', offer: null, letter: null }) });

  expect(await screen.findByText('You are on the waitlist for Engineer.')).toBeInTheDocument();
  expect(screen.getByText('Waitlisted')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /offer/ })).not.toBeInTheDocument();
});

test('a role the applicant did not apply for says so, not "No response for this ID!"', async () => {
  renderDecision(
    { [`GET /responses/${RESPONSE_ID}/decisions/designer`]: fail(apiRefusal('not-applied', 'Reworded by the server')) },
    'designer',
  );

  expect(await screen.findByText('You did not apply for this role.')).toBeInTheDocument();
  expect(screen.queryByText('No response for this ID!')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to your application status' })).toBeInTheDocument();
});

test('an unknown response says so', async () => {
  renderDecision({ [DECISION]: fail(apiError(404, 'not-found', 'No response for this ID!')) });

  expect(await screen.findByText('No response for this ID!')).toBeInTheDocument();
});

// Roles are the form's own (docs/product.md#team-roles): only the server knows whether "astronaut" is one of them,
// but something that cannot be a role id is not asked for.
test('a role that cannot be a role id is not found, without asking the server', async () => {
  const { request } = renderDecision({}, 'not%20a%20role');

  expect(await screen.findByText('Page not found')).toBeInTheDocument();
  expect(request).not.toHaveBeenCalledWith('GET', expect.stringContaining('/decisions/'));
});

test("a decision for a form's own role shows that role's label, emoji and letter", async () => {
  const decision: RoleDecision = {
    role: 'treasurer',
    decision: 'accepted',
    offer: null,
    offerDeadline: null,
    letter: { body: 'Welcome to **Treasurer**!' },
    formRoles: [{ id: 'treasurer', label: 'Treasurer', emoji: '💰', color: '#1f6feb' }],
  };
  renderDecision({ [`GET /responses/${RESPONSE_ID}/decisions/treasurer`]: answer(decision) }, 'treasurer');

  expect(
    await screen.findByText('Congratulations! You have been accepted for the Treasurer role.'),
  ).toBeInTheDocument();
  expect(screen.getByTitle('Treasurer')).toHaveTextContent('💰Treasurer');
  expect(screen.getByText('Treasurer', { selector: 'strong' })).toBeInTheDocument();
});

test('a failed load shows the reason and can be retried', async () => {
  const decision = jest
    .fn()
    .mockImplementationOnce(() => {
      throw apiError(500, 'internal', 'Gateway timeout');
    })
    .mockReturnValue({ role: 'engineer', decision: 'waitlist', offer: null, letter: null });
  renderDecision({ [DECISION]: decision });

  expect(await screen.findByText('Your decision could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('Gateway timeout')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByText('Waitlisted')).toBeInTheDocument();
});

test('an offer with a deadline says by when to reply', async () => {
  const { routes } = offerServer({ ...ACCEPTED, offerDeadline: '2026-03-04T12:00:00.000Z' });
  renderDecision(routes);

  expect(await screen.findByText(/Please reply by/)).toHaveTextContent('Please reply by Mar 4, 2026');
  expect(screen.getByRole('button', { name: 'Accept offer' })).toBeEnabled();
});

test('an offer not answered by its deadline has expired: it says so and takes no reply', async () => {
  renderDecision({
    [DECISION]: answer({ ...ACCEPTED, offer: 'expired', offerDeadline: '2026-03-04T12:00:00.000Z' }),
    'GET /responses/mine': answer({ items: [] }),
  });

  expect(
    await screen.findByText('The Engineer offer has expired: it was not answered by its deadline.'),
  ).toBeInTheDocument();
  expect(screen.getByText(/The deadline was/)).toHaveTextContent('Mar 4, 2026');
  expect(screen.queryByRole('button', { name: /offer/ })).not.toBeInTheDocument();
});

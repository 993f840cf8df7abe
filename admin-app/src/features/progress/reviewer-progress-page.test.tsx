import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import { formatDateTimeForReader } from '@portal/shared/ui';
import { REVIEWER_PROGRESS_TEXTS, type ReviewerProgressPage } from '@portal/shared/domain/rules/reviewer-progress';
import { answer } from '@portal/jest-support/fake-api';
import { REVIEWER_DIGEST_TEXTS, type ReviewerDigestSent } from '@portal/shared/domain/schemas/reviewer-digest';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);
afterEach(() => jest.restoreAllMocks());

const PAGE: ReviewerProgressPage = {
  reviewDueDate: '2026-03-10T17:00:00.000Z',
  decisionsReleased: false,
  items: [
    {
      staffId: 'rob',
      staffName: 'Rob Reviewer',
      assigned: 5,
      notStarted: 2,
      drafted: 1,
      submitted: 2,
      overdue: 3,
      averageHoursToReview: 60,
      leniency: -0.5,
    },
    {
      staffId: 'ann',
      staffName: 'Ann Reviewer',
      assigned: 2,
      notStarted: 0,
      drafted: 0,
      submitted: 2,
      overdue: 0,
      averageHoursToReview: 5.4,
      leniency: 0.75,
    },
  ],
};

test('each reviewer’s counts, time to review and leniency; "Remind" only for someone with open reviews', async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const remind = jest.fn(() => ({ queued: true, open: 3 }));
  renderDor('/admin/dor/progress/spring-2025', {
    'GET /admin/forms/spring-2025/progress': answer(PAGE),
    'POST /admin/forms/spring-2025/progress/rob/remind': remind,
  });

  expect(await screen.findByRole('heading', { name: 'Reviewer progress' })).toBeInTheDocument();
  expect(
    screen.getByText(`Reviews are due ${formatDateTimeForReader(PAGE.reviewDueDate!, 'UTC')}.`),
  ).toBeInTheDocument();
  const rob = screen.getByRole('row', { name: /Rob Reviewer/ });
  expect(
    within(rob)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Rob Reviewer', '5', '2', '1', '2', '3', '2.5 days', '−0.50', 'Remind', 'Digest']);
  const ann = screen.getByRole('row', { name: /Ann Reviewer/ });
  expect(within(ann).getByText('5 h')).toBeInTheDocument();
  expect(within(ann).getByText('+0.75')).toBeInTheDocument();
  expect(within(ann).queryByRole('button', { name: /Remind/ })).not.toBeInTheDocument();

  await userEvent.click(within(rob).getByRole('button', { name: 'Remind Rob Reviewer' }));
  await waitFor(() => expect(remind).toHaveBeenCalled());
  expect(success).toHaveBeenCalledWith(REVIEWER_PROGRESS_TEXTS.remindSent('Rob Reviewer'));
});

test('without a review due date it says nothing can be overdue; with no reviews, it says so', async () => {
  renderDor('/admin/dor/progress/spring-2025', {
    'GET /admin/forms/spring-2025/progress': answer({ reviewDueDate: null, decisionsReleased: false, items: [] }),
  });
  expect(await screen.findByText(/This form sets no review due date/)).toBeInTheDocument();
  expect(screen.getByText('No reviews are assigned on this form yet.')).toBeInTheDocument();
});

test('the review due date is in the form’s zone, else the chapter’s, named in words (never UTC by default)', async () => {
  renderDor(
    '/admin/dor/progress/spring-2025',
    { 'GET /admin/forms/spring-2025/progress': answer(PAGE) },
    'super-reviewer',
    { timeZone: 'America/New_York' },
  );
  const due = await screen.findByText(/^Reviews are due /);
  expect(due).toHaveTextContent(/^Reviews are due Mar 10, 2026, 1:00 PM Eastern Time/);
  expect(due).not.toHaveTextContent(/\bUTC\b/);
});

test('a form with a zone of its own shows its due date in that zone', async () => {
  renderDor(
    '/admin/dor/progress/spring-2025',
    { 'GET /admin/forms/spring-2025/progress': answer({ ...PAGE, timeZone: 'Europe/Berlin' }) },
    'super-reviewer',
    { timeZone: 'America/New_York' },
  );
  expect(await screen.findByText(/^Reviews are due /)).toHaveTextContent(
    /^Reviews are due Mar 10, 2026, 6:00 PM Central European Time/,
  );
});

test('once decisions are released no reviewer has a "Remind" button', async () => {
  renderDor('/admin/dor/progress/spring-2025', {
    'GET /admin/forms/spring-2025/progress': answer({ ...PAGE, decisionsReleased: true }),
  });
  const rob = await screen.findByRole('row', { name: /Rob Reviewer/ });
  expect(within(rob).getByText('2.5 days')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Remind/ })).not.toBeInTheDocument();
});

test('"Send digest now" and a row\'s "Digest" ask first, send once, and toast the count', async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const send = jest.fn((): ReviewerDigestSent => ({ sent: 1, nothingToSay: 1, optedOut: 0, tooSoon: 0 }));
  renderDor('/admin/dor/progress/spring-2025', {
    'GET /admin/forms/spring-2025/progress': answer(PAGE),
    'POST /admin/forms/spring-2025/reviewer-digest': send,
  });

  await userEvent.click(await screen.findByRole('button', { name: 'Send digest now' }));
  const all = await screen.findByRole('dialog', { name: REVIEWER_DIGEST_TEXTS.confirmAll });
  expect(send).not.toHaveBeenCalled();
  await userEvent.click(within(all).getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(send).toHaveBeenCalledWith({}));
  await waitFor(() =>
    expect(success).toHaveBeenCalledWith('Digest sent to 1 reviewer. Left out: 1 reviewer with nothing new.'),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await userEvent.click(screen.getByRole('button', { name: 'Send Ann Reviewer their digest' }));
  const one = await screen.findByRole('dialog', { name: REVIEWER_DIGEST_TEXTS.confirmOne('Ann Reviewer') });
  await userEvent.click(within(one).getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(send).toHaveBeenLastCalledWith({ staffId: 'ann' }));
  expect(send).toHaveBeenCalledTimes(2);
});

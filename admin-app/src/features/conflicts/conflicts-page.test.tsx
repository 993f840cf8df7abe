import { screen, waitFor } from '@testing-library/react';
import { answer } from '@portal/jest-support/fake-api';
import type { ConflictView } from '@portal/shared/domain/schemas/conflicts';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);

const DECLARED: ConflictView = {
  id: '5d0c2b1e-8f3a-4c6d-9e7b-1a2b3c4d5e6f',
  staffId: 'rita',
  staffName: 'Rita Reviewer',
  email: 'ada@example.org',
  label: 'Applicant 7F3K',
  reason: 'Flatmates',
  declaredAt: '2026-03-01T12:00:00.000Z',
  setAside: 2,
  reassigned: 1,
};

test('the super-reviewer reads every declaration: who, about whom (the email too), why, and what it set aside', async () => {
  renderDor('/admin/dor/conflicts', { 'GET /admin/conflicts': answer({ items: [DECLARED] }) });

  expect(await screen.findByRole('heading', { name: 'Conflicts of interest' })).toBeInTheDocument();
  expect(await screen.findByText('Rita Reviewer: Applicant 7F3K')).toBeInTheDocument();
  expect(screen.getByText(/ada@example\.org · Flatmates · 2 set aside, 1 given to someone else/)).toBeInTheDocument();
});

test('is for super-reviewers only: a reviewer never loads everyone’s list', async () => {
  const { request } = renderDor('/admin/dor/conflicts', { 'GET /admin/conflicts': answer({ items: [] }) }, 'reviewer');
  await waitFor(() => expect(request).toHaveBeenCalledWith('GET', '/session'));
  expect(screen.queryByRole('heading', { name: 'Conflicts of interest' })).not.toBeInTheDocument();
  expect(request).not.toHaveBeenCalledWith('GET', '/admin/conflicts');
});

test('a declaration’s time is in the chapter’s zone, named in words, as every other date', async () => {
  renderDor('/admin/dor/conflicts', { 'GET /admin/conflicts': answer({ items: [DECLARED] }) }, 'super-reviewer', {
    timeZone: 'America/New_York',
  });
  const line = await screen.findByText(/^Declared /);
  expect(line).toHaveTextContent(/^Declared Mar 1, 2026, 7:00 AM Eastern Time/);
  expect(line).not.toHaveTextContent(/\bUTC\b/);
});

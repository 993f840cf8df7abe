import { screen, within } from '@testing-library/react';
import type { AuditEntry } from '@portal/shared/domain/schemas/audit';
import { answer } from '@portal/jest-support/fake-api';
import { page } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);

const ENTRY: AuditEntry = {
  id: '0b7f6a52-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
  at: '2026-03-01T12:30:00.000Z',
  actorId: 'alan-uid',
  actorName: 'Alan Turing',
  action: 'user.role-changed',
  target: { collection: 'users', id: 'grace-uid' },
  targetLabel: 'Grace Hopper',
  before: { role: 'applicant' },
  after: { role: 'reviewer' },
};

/** A phone's screen (390 px): only antd's `xs` media query, `(max-width: 575px)`, matches. */
function atPhoneWidth() {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...original(query), matches: /max-width/.test(query) });
  return () => {
    window.matchMedia = original;
  };
}

test('on a phone each entry is one cell with every field stacked, instead of a table wider than the screen', async () => {
  const restore = atPhoneWidth();
  try {
    renderDor('/admin/dor/audit', { 'GET /admin/audit': answer(page([ENTRY], null, 1)) });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Entry']);
    const cell = within(screen.getByText('Grace Hopper').closest('td') as HTMLElement);
    const terms = cell.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(expect.arrayContaining(['When', 'Who', 'Action', 'Target']));
    expect(cell.getAllByRole('definition')).toHaveLength(terms.length);
    const who = cell.getAllByRole('definition')[terms.indexOf('Who')]!;
    expect(who).toHaveTextContent('Alan Turing');
    expect(document.querySelector('.ant-table-content')).not.toHaveStyle({ overflowX: 'auto' });
  } finally {
    restore();
  }
});

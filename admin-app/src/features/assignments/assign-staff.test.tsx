import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, apiRefusal } from '@portal/jest-support/fake-api';
import { renderSignedIn } from '@portal/jest-support/render-signed-in';
import { FORM_ID, STAFF } from '../../testing/fixtures';
import { AssignStaff } from './assign-staff';

jest.setTimeout(30_000);

const CONFLICT = 'Alan Turing declared a conflict of interest with this applicant.';

function Picker() {
  return <AssignStaff formId={FORM_ID} kind="review" responseId="r-ada" role="engineer" />;
}

test('assigning someone with a declared conflict asks first, and "Assign anyway" sends it acknowledged', async () => {
  const bodies: unknown[] = [];
  renderSignedIn(Picker, {
    mountPath: '',
    path: '/',
    role: 'super-reviewer',
    routes: {
      [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
      'POST /admin/assignments': (body) => {
        bodies.push(body);
        if (bodies.length === 1) throw apiRefusal('conflict-of-interest', CONFLICT);
        return { created: [] };
      },
    },
  });
  // No dialog (and none of its code) until the server asks.
  expect(screen.queryByRole('dialog')).toBeNull();

  await userEvent.click(await screen.findByRole('combobox', { name: 'Reviewer' }));
  await userEvent.click(await screen.findByTitle('Alan Turing'));
  await userEvent.click(screen.getByRole('button', { name: 'Assign' }));

  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Conflict of interest');
  expect(dialog).toHaveTextContent(CONFLICT);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Assign anyway' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(bodies).toEqual([
    { kind: 'review', assignments: [{ responseId: 'r-ada', role: 'engineer', staffId: 'alan-uid' }] },
    {
      kind: 'review',
      assignments: [{ responseId: 'r-ada', role: 'engineer', staffId: 'alan-uid' }],
      acknowledgeConflicts: true,
    },
  ]);
});

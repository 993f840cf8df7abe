import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import { answer } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, OTHER_RESPONSE_ID, RESPONSE_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);
afterEach(() => jest.restoreAllMocks());

const rowsPath = (tab: string) => `GET /admin/forms/${FORM_ID}/rows?tab=${tab}&sort=submittedAt&dir=desc&limit=25`;
const base = (form = FORM) => ({
  [`GET /forms/${FORM_ID}`]: answer(form),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  [`GET /admin/forms/${FORM_ID}/staff?kind=interview`]: answer({ items: STAFF }),
});
const ROWS = [
  row(),
  row({ responseId: OTHER_RESPONSE_ID, userId: 'bo-uid', applicantName: 'Bo Chen', role: 'designer' }),
  row({ responseId: OTHER_RESPONSE_ID, userId: 'bo-uid', applicantName: 'Bo Chen', role: 'engineer' }),
];
const bulk = () => within(screen.getByRole('group', { name: 'Selected applications' }));

async function selectAdaAndBoDesigner() {
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Ada Lovelace, Engineer' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Bo Chen, Designer' }));
  expect(bulk().getByText('2 role applications selected')).toBeInTheDocument();
}

test('nothing selected: the bulk actions wait for a selection', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, { ...base(), [rowsPath('all')]: answer(page(ROWS)) });
  await screen.findByRole('checkbox', { name: 'Select Ada Lovelace, Engineer' });
  expect(bulk().getByText('Select rows to act on several at once')).toBeInTheDocument();
  expect(bulk().getByRole('button', { name: 'Qualify' })).toBeDisabled();
  expect(bulk().getByRole('combobox', { name: 'Decide the selected' })).toBeDisabled();
});

test('qualifies the selected rows after one confirmation', async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const post = jest.fn(() => ({ updated: 2 }));
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, {
    ...base(),
    [rowsPath('all')]: answer(page(ROWS)),
    [`POST /admin/forms/${FORM_ID}/rows/qualified`]: post,
  });
  await selectAdaAndBoDesigner();

  await userEvent.click(bulk().getByRole('button', { name: 'Qualify' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Mark 2 selected role applications qualified?');
  expect(dialog).toHaveTextContent('2 selected role applications will be marked qualified.');
  expect(post).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Qualify 2 role applications' }));

  await waitFor(() =>
    expect(post).toHaveBeenCalledWith({
      rows: [
        { responseId: RESPONSE_ID, role: 'engineer' },
        { responseId: OTHER_RESPONSE_ID, role: 'designer' },
      ],
      qualified: true,
    }),
  );
  await waitFor(() => expect(success).toHaveBeenCalledWith('Qualify 2 role applications: done.'));
  await waitFor(() => expect(screen.getByText('Select rows to act on several at once')).toBeInTheDocument());
});

test('decides the selected rows after one confirmation', async () => {
  const post = jest.fn(() => ({ updated: 2 }));
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, {
    ...base(),
    [rowsPath('all')]: answer(page(ROWS)),
    [`POST /admin/forms/${FORM_ID}/rows/decision`]: post,
  });
  await selectAdaAndBoDesigner();

  await userEvent.click(bulk().getByRole('combobox', { name: 'Decide the selected' }));
  await userEvent.click(await screen.findByTitle('Denied'));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('2 selected role applications will be decided "Denied"');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Deny 2 role applications' }));

  await waitFor(() =>
    expect(post).toHaveBeenCalledWith({
      rows: [
        { responseId: RESPONSE_ID, role: 'engineer' },
        { responseId: OTHER_RESPONSE_ID, role: 'designer' },
      ],
      decision: 'denied',
    }),
  );
});

test('assigns one interviewer to the selected rows, leaving out those already theirs', async () => {
  const post = jest.fn(() => ({ created: [] }));
  const qualified = ROWS.map((each, index) =>
    row({
      ...each,
      qualified: true,
      interviews:
        index === 0 ? [{ assessmentId: 'int-1', staffId: 'alan-uid', staffName: 'Alan Turing', state: 'draft' }] : [],
    }),
  );
  renderDor(`/admin/dor/dashboard/${FORM_ID}/qualified`, {
    ...base(),
    [rowsPath('qualified')]: answer(page(qualified)),
    'POST /admin/assignments': post,
  });
  await selectAdaAndBoDesigner();

  await userEvent.click(bulk().getByRole('combobox', { name: 'Interviewer for the selected' }));
  await userEvent.click(await screen.findByTitle('Alan Turing'));
  await userEvent.click(bulk().getByRole('button', { name: 'Assign to selected' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Assign Alan Turing to 2 selected role applications?');
  expect(dialog).toHaveTextContent('1 interview will be assigned');
  expect(dialog).toHaveTextContent('1 selected role application left out: already assigned or their own.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Assign 1 interview' }));

  await waitFor(() =>
    expect(post).toHaveBeenCalledWith({
      kind: 'interview',
      assignments: [{ responseId: OTHER_RESPONSE_ID, role: 'designer', staffId: 'alan-uid' }],
    }),
  );
});

test('after release rows cannot be selected and the bulk actions are off', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, {
    ...base({ ...FORM, decisionsReleased: true }),
    [rowsPath('all')]: answer(page(ROWS)),
  });
  expect(await screen.findByRole('checkbox', { name: 'Select Ada Lovelace, Engineer' })).toBeDisabled();
  expect(bulk().getByRole('button', { name: 'Qualify' })).toBeDisabled();
  expect(bulk().getByRole('button', { name: 'Assign to selected' })).toBeDisabled();
});

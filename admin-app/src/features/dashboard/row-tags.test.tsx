import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import { answer } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, OTHER_RESPONSE_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(60_000);
afterEach(() => jest.restoreAllMocks());

const TAG = { id: 'tag-1', name: 'Strong portfolio', color: '#1f4d3f', createdAt: '2026-03-01T00:00:00.000Z' };
const rowsPath = (query = '') => `GET /admin/forms/${FORM_ID}/rows?tab=all&sort=submittedAt&dir=desc${query}&limit=25`;
const base = {
  [`GET /forms/${FORM_ID}`]: answer(FORM),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  [`GET /admin/forms/${FORM_ID}/tags`]: answer({ items: [TAG] }),
  [`GET /admin/forms/${FORM_ID}/views`]: answer({ items: [] }),
};
/** The open dropdown's option of this title (antd draws its options with a title). */
const optionTitled = async (title: string) => {
  const options = await screen.findAllByTitle(title);
  // The last dropdown opened is the last in the document (an earlier one stays, hidden).
  return options.filter((each) => each.classList.contains('ant-select-item-option')).at(-1) ?? options[0]!;
};
const ROWS = [
  row({ tags: [TAG.id] }),
  row({ responseId: OTHER_RESPONSE_ID, userId: 'bo-uid', applicantName: 'Bo Chen', role: 'designer' }),
];

test('the selected rows get a tag at once; a row shows its tags; the tag filter asks the server', async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const post = jest.fn(() => ({ changed: 1 }));
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, {
    ...base,
    [rowsPath()]: answer(page(ROWS)),
    [rowsPath(`&tag=${TAG.id}`)]: answer(page(ROWS.slice(0, 1))),
    [`POST /admin/forms/${FORM_ID}/rows/tags`]: post,
  });
  const bo = await screen.findByRole('checkbox', { name: 'Select Bo Chen, Designer' }, { timeout: 10_000 });
  const adaRow = screen.getByRole('link', { name: 'Ada Lovelace' }).closest('tr') as HTMLElement;
  expect(await within(adaRow).findByText(TAG.name, {}, { timeout: 10_000 })).toBeInTheDocument();

  await userEvent.click(bo);
  await userEvent.click(screen.getByRole('combobox', { name: 'Tag for the selected' }));
  await userEvent.click(await optionTitled(TAG.name));
  await userEvent.click(screen.getByRole('button', { name: 'Tag' }));
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith({ rows: [`${OTHER_RESPONSE_ID}__designer`], tagId: TAG.id, tagged: true }),
  );
  expect(success).toHaveBeenCalledWith(`Tagged “${TAG.name}”: 1 role application changed.`);

  await userEvent.click(screen.getByRole('combobox', { name: 'Only rows tagged' }));
  await userEvent.click(await optionTitled(TAG.name));
  expect(await screen.findByRole('status', { name: 'Current location' }, { timeout: 10_000 })).toHaveTextContent(
    `tag=${TAG.id}`,
  );
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Bo Chen' })).not.toBeInTheDocument());
});

test('a tag whose colour is too pale under white text is refused before it is sent, with a darker one suggested', async () => {
  const post = jest.fn(() => TAG);
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, {
    ...base,
    [rowsPath()]: answer(page(ROWS)),
    [`POST /admin/forms/${FORM_ID}/tags`]: post,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Tags…' }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Maybe');
  const colour = within(dialog).getByRole('textbox', { name: 'Colour' });
  await userEvent.clear(colour);
  await userEvent.type(colour, '#ffcc00');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Make tag' }));
  expect(await within(dialog).findByText(/^Too pale: white text on this colour has a contrast of/)).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('radio', { name: '#0b5cad' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Make tag' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith({ name: 'Maybe', color: '#0b5cad' }));
});

test('a tag is deleted once asked, the question naming how many role applications carry it', async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  let tags = [TAG];
  const remove = jest.fn(() => {
    tags = [];
    return { rows: 3, views: 1 };
  });
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, {
    ...base,
    [`GET /admin/forms/${FORM_ID}/tags`]: () => ({ items: tags }),
    [rowsPath()]: answer(page(ROWS)),
    [`GET /admin/forms/${FORM_ID}/rows?tab=all&tag=${TAG.id}&sort=submittedAt&dir=desc&limit=1`]: answer(
      page(ROWS.slice(0, 1), 'next', 3),
    ),
    [`DELETE /admin/forms/${FORM_ID}/tags/${TAG.id}`]: remove,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Tags…' }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
  await userEvent.click(within(dialog).getByRole('button', { name: `Delete tag ${TAG.name}` }));

  const question = (await screen.findByText(`Delete the tag “${TAG.name}”?`)).closest('.ant-popover') as HTMLElement;
  await waitFor(() => expect(question).toHaveTextContent('It comes off the 3 role applications carrying it.'), {
    timeout: 10_000,
  });
  expect(remove).not.toHaveBeenCalled();

  await userEvent.click(within(question).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
  expect(success).toHaveBeenCalledWith(`Tag “${TAG.name}” deleted: it came off 3 role applications.`);
  expect(await within(dialog).findByText('No tags yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
});

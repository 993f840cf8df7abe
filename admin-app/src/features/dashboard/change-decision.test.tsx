import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import { answer } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, OTHER_RESPONSE_ID, RESPONSE_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';
import { CHANGE_DECISION_TEXTS } from './change-decision-texts';
import { OFFER_DEADLINE_TEXTS } from './offer-deadline';

jest.setTimeout(30_000);
afterEach(() => jest.restoreAllMocks());

const RELEASED = { ...FORM, decisionsReleased: true };
const rowsPath = (tab: string) => `GET /admin/forms/${FORM_ID}/rows?tab=${tab}&sort=submittedAt&dir=desc&limit=25`;
const base = (form = RELEASED) => ({
  [`GET /forms/${FORM_ID}`]: answer(form),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  [`GET /admin/forms/${FORM_ID}/staff?kind=interview`]: answer({ items: STAFF }),
  [`GET /admin/forms/${FORM_ID}/offers`]: answer({
    items: [{ role: 'engineer', offers: 2, accepted: 0, declined: 1, pending: 0, expired: 1 }],
  }),
});
const HANA = row({ qualified: true, decision: 'accepted', final: true, offer: 'declined', applicantName: 'Hana Sato' });
const BOB = row({
  responseId: OTHER_RESPONSE_ID,
  userId: 'bob-uid',
  applicantName: 'Bob Builder',
  qualified: true,
  decision: 'waitlist',
  final: true,
});
/** An option of the open select's dropdown (the select's own value carries the same title). */
const options = (title: string) =>
  screen.queryAllByTitle(title).filter((element) => element.classList.contains('ant-select-item-option'));
const option = async (title: string) => {
  await waitFor(() => expect(options(title)).toHaveLength(1));
  return options(title)[0]!;
};
const rowOf = (name: string) => within(screen.getByRole('link', { name }).closest('tr') as HTMLElement);

test('after release a super-reviewer changes a waitlisted decision to accepted, after a dialog saying the applicant will be told', async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const put = jest.fn(() => ({ ...BOB, decision: 'accepted' }));
  renderDor(`/admin/dor/dashboard/${FORM_ID}/qualified`, {
    ...base(),
    [rowsPath('qualified')]: answer(page([HANA, BOB])),
    [`PUT /admin/rows/${OTHER_RESPONSE_ID}/engineer/released-decision`]: put,
  });
  await screen.findByRole('link', { name: 'Bob Builder' });
  // The select stays read-only: the change goes through the dialog.
  expect(rowOf('Bob Builder').getByRole('combobox', { name: 'Decision' })).toBeDisabled();

  await userEvent.click(
    rowOf('Bob Builder').getByRole('button', { name: 'Change the decision for Bob Builder, Engineer' }),
  );
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Change the released decision for Bob Builder, Engineer?');
  expect(dialog).toHaveTextContent('Released decision: Waitlist');
  expect(dialog).toHaveTextContent(CHANGE_DECISION_TEXTS.told('Bob Builder'));
  const confirm = within(dialog).getByRole('button', { name: 'Change and tell the applicant' });
  expect(confirm).toBeDisabled();

  await userEvent.click(within(dialog).getByRole('combobox', { name: 'New decision' }));
  await userEvent.click(await option('Accepted'));
  expect(dialog).toHaveTextContent(CHANGE_DECISION_TEXTS.newOffer);
  expect(put).not.toHaveBeenCalled();
  await userEvent.click(confirm);

  await waitFor(() => expect(put).toHaveBeenCalledWith({ decision: 'accepted' }));
  await waitFor(() => expect(success).toHaveBeenCalledWith(CHANGE_DECISION_TEXTS.done('Bob Builder')));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('correcting an answered offer says its reply is cleared; cancelling changes nothing', async () => {
  const put = jest.fn(() => HANA);
  renderDor(`/admin/dor/dashboard/${FORM_ID}/qualified`, {
    ...base(),
    [rowsPath('qualified')]: answer(page([HANA])),
    [`PUT /admin/rows/${RESPONSE_ID}/engineer/released-decision`]: put,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Change the decision for Hana Sato, Engineer' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Released decision: Accepted (Offer declined)');
  expect(dialog).toHaveTextContent(CHANGE_DECISION_TEXTS.replyCleared('declined'));
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'New decision' }));
  await userEvent.click(await option('Denied'));
  // The current decision is not offered again.
  expect(options('Accepted')).toEqual([]);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(put).not.toHaveBeenCalled();
});

test('before release no decision can be changed through the dialog (the select decides)', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/qualified`, {
    ...base(FORM),
    [rowsPath('qualified')]: answer(page([{ ...BOB, offer: undefined }])),
  });
  await screen.findByRole('link', { name: 'Bob Builder' });
  expect(rowOf('Bob Builder').getByRole('combobox', { name: 'Decision' })).toBeEnabled();
  expect(screen.queryByRole('button', { name: /Change the decision/ })).not.toBeInTheDocument();
});

test('an expired offer reads "Offer expired" on its row, and the Offers card counts it as Expired', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/qualified`, {
    ...base(),
    [rowsPath('qualified')]: answer(page([{ ...HANA, offer: 'expired' }])),
  });
  await screen.findByRole('link', { name: 'Hana Sato' });
  expect(rowOf('Hana Sato').getByText('Offer expired')).toBeInTheDocument();
  const offers = within(await screen.findByRole('region', { name: 'Offers' }));
  expect(offers.getByRole('columnheader', { name: 'Expired' })).toBeInTheDocument();
});

test('the director sets the offer deadline in days, and can remove it', async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const put = jest.fn((body: unknown) => ({ ...RELEASED, ...(body as { offerReplyDays: number }) }));
  renderDor(`/admin/dor/dashboard/${FORM_ID}/qualified`, {
    ...base(),
    [rowsPath('qualified')]: answer(page([BOB])),
    [`PUT /admin/forms/${FORM_ID}/offer-deadline`]: put,
  });
  const card = within(await screen.findByRole('region', { name: OFFER_DEADLINE_TEXTS.title }));
  expect(card.getByText(OFFER_DEADLINE_TEXTS.current(undefined))).toBeInTheDocument();
  expect(card.queryByRole('button', { name: 'No deadline' })).not.toBeInTheDocument();

  await userEvent.type(card.getByRole('spinbutton', { name: 'Days to answer an offer' }), '5');
  await userEvent.click(card.getByRole('button', { name: 'Save deadline' }));

  await waitFor(() => expect(put).toHaveBeenCalledWith({ offerReplyDays: 5 }));
  await waitFor(() => expect(success).toHaveBeenCalledWith('Offer deadline saved.'));
});

test('a form with a deadline says how many days, and "No deadline" removes it', async () => {
  const remove = jest.fn(() => RELEASED);
  renderDor(`/admin/dor/dashboard/${FORM_ID}/qualified`, {
    ...base({ ...RELEASED, offerReplyDays: 3 }),
    [rowsPath('qualified')]: answer(page([BOB])),
    [`DELETE /admin/forms/${FORM_ID}/offer-deadline`]: remove,
  });
  const card = within(await screen.findByRole('region', { name: OFFER_DEADLINE_TEXTS.title }));
  expect(card.getByText(OFFER_DEADLINE_TEXTS.current(3))).toBeInTheDocument();
  await userEvent.click(card.getByRole('button', { name: 'No deadline' }));
  await waitFor(() => expect(remove).toHaveBeenCalled());
});

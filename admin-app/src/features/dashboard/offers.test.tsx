import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, OTHER_RESPONSE_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);

const rowsPath = (tab: string, extra = '') =>
  `GET /admin/forms/${FORM_ID}/rows?tab=${tab}&sort=submittedAt&dir=desc${extra}&limit=25`;
const ACCEPTED = row({ qualified: true, decision: 'accepted', final: true, offer: 'accepted' });
const PENDING = row({
  responseId: OTHER_RESPONSE_ID,
  applicantName: 'Bo Chen',
  qualified: true,
  decision: 'accepted',
  final: true,
});
const base = {
  [`GET /forms/${FORM_ID}`]: answer({ ...FORM, decisionsReleased: true }),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  [`GET /admin/forms/${FORM_ID}/staff?kind=interview`]: answer({ items: STAFF }),
  [`GET /admin/forms/${FORM_ID}/offers`]: answer({
    items: [{ role: 'engineer', offers: 2, accepted: 1, declined: 0, pending: 1 }],
  }),
  [rowsPath('all')]: answer(page([ACCEPTED, PENDING])),
  [rowsPath('qualified')]: answer(page([ACCEPTED, PENDING])),
  [rowsPath('all', '&filter=offer-accepted')]: answer(page([ACCEPTED])),
  [rowsPath('all', '&filter=offer-pending')]: answer(page([PENDING])),
};
const rowOf = (name: string) => within(screen.getByRole('link', { name }).closest('tr') as HTMLElement);

test('the Qualified tab has an Offer column; the dashboard counts offers per role', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/qualified`, base);
  await screen.findByRole('link', { name: 'Bo Chen' });

  expect(rowOf('Ada Lovelace').getByText('Offer accepted')).toBeInTheDocument();
  expect(rowOf('Bo Chen').getByText('Offer pending')).toBeInTheDocument();
  const offers = within(await screen.findByRole('region', { name: 'Offers' }));
  expect(offers.getByRole('row', { name: /Engineer\s*2\s*1\s*0\s*1/ })).toBeInTheDocument();
});

test('the All tab filters by offer reply, kept in the URL', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, base);
  await screen.findByRole('link', { name: 'Bo Chen' });
  expect(rowOf('Bo Chen').getByText('Offer pending')).toBeInTheDocument();

  await userEvent.click(screen.getByText('Offer accepted', { selector: '.ant-segmented-item-label' }));

  await waitFor(() => expect(screen.queryByRole('link', { name: 'Bo Chen' })).not.toBeInTheDocument());
  expect(screen.getByText('1 accepted offer')).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('?filter=offer-accepted');
});

test('the All tab shows the offers still waiting for a reply', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all`, base);
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  await userEvent.click(screen.getByText('Offer pending', { selector: '.ant-segmented-item-label' }));

  await waitFor(() => expect(screen.queryByRole('link', { name: 'Ada Lovelace' })).not.toBeInTheDocument());
  expect(screen.getByRole('link', { name: 'Bo Chen' })).toBeInTheDocument();
  expect(screen.getByText('1 pending offer')).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Current location' })).toHaveTextContent('?filter=offer-pending');
});

test('before the release the offers are planned ones: tags, card and filters say so, with no replies', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/qualified`, {
    ...base,
    [`GET /forms/${FORM_ID}`]: answer({ ...FORM, decisionsReleased: false }),
    [`GET /admin/forms/${FORM_ID}/offers`]: answer({
      items: [{ role: 'engineer', offers: 2, accepted: 0, declined: 0, pending: 2 }],
    }),
    [rowsPath('qualified')]: answer(page([PENDING])),
  });
  await screen.findByRole('link', { name: 'Bo Chen' });

  expect(rowOf('Bo Chen').getByText('Offer planned')).toBeInTheDocument();
  expect(screen.queryByText('Offer pending')).not.toBeInTheDocument();
  const offers = within(await screen.findByRole('region', { name: 'Planned offers' }));
  expect(offers.getByText(/Applicants are told when decisions are released/)).toBeInTheDocument();
  expect(offers.getByRole('columnheader', { name: 'Offers planned' })).toBeInTheDocument();
  expect(offers.queryByRole('columnheader', { name: 'Pending' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Offers' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('tab', { name: 'All applications' }));
  expect(await screen.findByText('Offers planned', { selector: '.ant-segmented-item-label' })).toBeInTheDocument();
  expect(screen.queryByText('Offer pending', { selector: '.ant-segmented-item-label' })).not.toBeInTheDocument();
});

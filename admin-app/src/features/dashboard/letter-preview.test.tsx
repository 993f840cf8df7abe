import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer } from '@portal/jest-support/fake-api';
import { applicantLetter, type LetterPreview } from '@portal/shared/domain/messages/decision-letters';
import { FORM, FORM_ID, OTHER_RESPONSE_ID, RESPONSE_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

const ALL = `/admin/dor/dashboard/${FORM_ID}/all`;
const FIRST_PAGE = `GET /admin/forms/${FORM_ID}/rows?tab=all&sort=submittedAt&dir=desc&limit=25`;
const LETTER = `GET /admin/rows/${RESPONSE_ID}/engineer/letter`;

const routes = (preview: LetterPreview) => ({
  [`GET /forms/${FORM_ID}`]: answer(FORM),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  [FIRST_PAGE]: answer(
    page([
      row({ decision: 'accepted', final: true }),
      row({ responseId: OTHER_RESPONSE_ID, applicantName: 'Bo Chen' }),
    ]),
  ),
  [LETTER]: answer(preview),
});

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

jest.setTimeout(30_000);

test("a decided row previews its applicant's letter, rendered as they will read it; an undecided row has no preview", async () => {
  const { request } = renderDor(
    ALL,
    routes({
      applicantName: 'Ada Lovelace',
      role: 'engineer',
      decision: 'accepted',
      letter: { body: '## Congratulations, Ada!\n\n- Accept the offer\n- Read the [guide](https://example.com/guide)' },
    }),
  );
  await screen.findByRole('link', { name: 'Ada Lovelace' });
  expect(within(rowOf('Bo Chen')).queryByRole('button', { name: /Preview letter/ })).not.toBeInTheDocument();
  expect(request).not.toHaveBeenCalledWith('GET', expect.stringContaining('/letter'), expect.anything());

  await userEvent.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: /Preview letter/ }));

  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Letter to Ada Lovelace · Engineer')).toBeInTheDocument();
  expect(await within(dialog).findByRole('heading', { name: 'Congratulations, Ada!' })).toBeInTheDocument();
  expect(
    within(dialog).getByText('Congratulations! You have been accepted for the Engineer role.'),
  ).toBeInTheDocument();
  expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
  expect(within(dialog).getByRole('link', { name: 'guide' })).toHaveAttribute('rel', 'noopener noreferrer');
  expect(within(dialog).queryByText(/standard text/)).not.toBeInTheDocument();
});

test('the preview never links what the applicant typed: a name that looks like an address stays text', async () => {
  const typed = 'www.evil.example ada@evil.example';
  const letter = applicantLetter(
    { semester: 'Fall', letters: [{ decision: 'accepted', body: 'Welcome, {firstName}! See https://club.example' }] },
    'accepted',
    'engineer',
    typed,
  );
  renderDor(ALL, routes({ applicantName: 'Ada Lovelace', role: 'engineer', decision: 'accepted', letter }));
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  await userEvent.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: /Preview letter/ }));

  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByRole('link', { name: 'https://club.example' })).toBeInTheDocument();
  expect(within(dialog).getAllByRole('link')).toHaveLength(1);
  expect(within(dialog).getByText(`Welcome, ${typed}! See`, { exact: false })).toBeInTheDocument();
});

test('without a letter for the decision and role the preview says the applicant reads the standard text', async () => {
  renderDor(ALL, routes({ applicantName: 'Ada Lovelace', role: 'engineer', decision: 'accepted', letter: null }));
  await screen.findByRole('link', { name: 'Ada Lovelace' });

  await userEvent.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: /Preview letter/ }));

  const dialog = await screen.findByRole('dialog');
  expect(
    await within(dialog).findByText(
      'This form has no letter for this decision and role: the applicant reads the standard text.',
    ),
  ).toBeInTheDocument();
  expect(within(dialog).getByText(/would love to have you on the team/)).toBeInTheDocument();
});

test('a form with its own roles shows their chips on the rows and their labels in the letter preview', async () => {
  const clubForm = {
    ...FORM,
    roles: [
      { id: 'treasurer', label: 'Treasurer', emoji: '💰', color: '#1f6feb' },
      { id: 'events', label: 'Events' },
    ],
  };
  renderDor(ALL, {
    [`GET /forms/${FORM_ID}`]: answer(clubForm),
    [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
    [FIRST_PAGE]: answer(
      page([
        row({ role: 'treasurer', decision: 'accepted', final: true }),
        row({ responseId: OTHER_RESPONSE_ID, applicantName: 'Bo Chen', role: 'events' }),
      ]),
    ),
    [`GET /admin/rows/${RESPONSE_ID}/treasurer/letter`]: answer({
      applicantName: 'Ada Lovelace',
      role: 'treasurer',
      decision: 'accepted',
      letter: null,
    }),
  });
  await screen.findByRole('link', { name: 'Ada Lovelace' });
  expect(await within(rowOf('Ada Lovelace')).findByTitle('Treasurer')).toHaveTextContent('💰Treasurer');
  expect(within(rowOf('Bo Chen')).getByTitle('Events')).toHaveTextContent('Events');

  await userEvent.click(
    within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Preview letter to Ada Lovelace for Treasurer' }),
  );
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Letter to Ada Lovelace · Treasurer')).toBeInTheDocument();
  expect(
    await within(dialog).findByText('Congratulations! You have been accepted for the Treasurer role.'),
  ).toBeInTheDocument();
});

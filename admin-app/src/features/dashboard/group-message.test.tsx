import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@portal/shared/client';
import { answer, apiError, fail } from '@portal/jest-support/fake-api';
import { fillMessage } from '@portal/shared/domain/messages/messages';
import { GROUP_MESSAGE_MESSAGES, type GroupMessagePreview } from '@portal/shared/domain/schemas/group-messages';
import { ApiRequestError } from '@portal/shared/client';
import { FORM, FORM_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);
afterEach(() => jest.restoreAllMocks());

const ROWS_PATH = `GET /admin/forms/${FORM_ID}/rows?tab=all&sort=submittedAt&dir=desc&filter=undecided&limit=25`;
const PREVIEW = `POST /admin/forms/${FORM_ID}/group-message/preview`;
const SEND = `POST /admin/forms/${FORM_ID}/group-message`;
const SUBJECT = 'News for {firstName}';
const BODY = 'Hi {firstName}, about **{role}**.';

const base = {
  [`GET /forms/${FORM_ID}`]: answer(FORM),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  [ROWS_PATH]: answer(page([row()])),
};

/** What the server fills in: the name typed by the applicant is marked so that it is never linked. */
const sample = (name: string, firstName: string) => {
  const values = { firstName, role: 'Engineer', semester: 'Fall', chapter: 'Example Chapter' };
  return { name, subject: fillMessage(SUBJECT, values, 'plain'), body: fillMessage(BODY, values) };
};

async function openAndWrite() {
  await userEvent.click(await screen.findByRole('button', { name: 'Message this group…' }));
  const dialog = await screen.findByRole('dialog');
  // Pasted: the tests check the message, not its keystrokes.
  await userEvent.click(within(dialog).getByRole('textbox', { name: 'Subject' }));
  await userEvent.paste(SUBJECT);
  await userEvent.click(within(dialog).getByRole('textbox', { name: 'Message' }));
  await userEvent.paste(BODY);
  return dialog;
}

test('previews the message for two of the view’s applicants with the count, then sends it once', async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const preview = jest.fn((): GroupMessagePreview => ({
    recipients: 12,
    samples: [sample('Ada Lovelace', 'Ada'), sample('Evil Example', 'www.evil.example')],
  }));
  const send = jest.fn(() => ({ sent: 12, skipped: 0 }));
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all?filter=undecided`, { ...base, [PREVIEW]: preview, [SEND]: send });

  const dialog = await openAndWrite();
  expect(dialog).toHaveTextContent('To the applicants of this view: All applications · Undecided.');
  expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();

  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Decision' }));
  await userEvent.click(await screen.findByTitle('Waitlisted'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

  const expected = { group: { tab: 'all', filter: 'undecided', decision: 'waitlist' }, subject: SUBJECT, body: BODY };
  await waitFor(() => expect(preview).toHaveBeenCalledWith(expected));
  expect(await within(dialog).findByText('This message reaches 12 applicants.')).toBeInTheDocument();
  expect(within(dialog).getByText('To Ada Lovelace')).toBeInTheDocument();
  expect(within(dialog).getByText('News for Ada')).toBeInTheDocument();
  expect(await within(dialog).findAllByRole('strong')).not.toHaveLength(0);
  // The applicant's name, however it looks, is never a link in the preview.
  expect(within(dialog).getByText('To Evil Example')).toBeInTheDocument();
  expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();

  await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 12 applicants' }));
  await waitFor(() => expect(send).toHaveBeenCalledWith(expected));
  expect(send).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(success).toHaveBeenCalledWith('Message queued for 12 applicants.'));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a change after the preview asks for another preview before sending', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all?filter=undecided`, {
    ...base,
    [PREVIEW]: answer({ recipients: 1, samples: [sample('Ada Lovelace', 'Ada')] }),
  });
  const dialog = await openAndWrite();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
  expect(await within(dialog).findByRole('button', { name: 'Send to 1 applicant' })).toBeEnabled();
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Subject' }), '!');
  expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
  expect(dialog).toHaveTextContent('The message or the group changed: preview it again to send.');
});

test('an empty group says so and cannot be sent', async () => {
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all?filter=undecided`, {
    ...base,
    [PREVIEW]: answer({ recipients: 0, samples: [] }),
  });
  const dialog = await openAndWrite();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
  expect(await within(dialog).findByText(GROUP_MESSAGE_MESSAGES.noRecipients)).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
});

test("the server's refusals are said in the dialog: a field's problem below it, the minute's limit above the preview", async () => {
  const unknown = GROUP_MESSAGE_MESSAGES.unknownPlaceholder(['lastName']);
  const refusal = new ApiRequestError(400, 'invalid-request', 'Invalid message', {
    error: { code: 'invalid-request', message: 'Invalid message', details: [{ path: 'body', message: unknown }] },
  });
  const preview = jest
    .fn()
    .mockImplementationOnce(() => {
      throw refusal;
    })
    .mockImplementation(() => ({ recipients: 1, samples: [sample('Ada Lovelace', 'Ada')] }));
  const error = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all?filter=undecided`, {
    ...base,
    [PREVIEW]: preview,
    [SEND]: fail(apiError(429, 'rate-limited', GROUP_MESSAGE_MESSAGES.tooSoon(42))),
  });
  const dialog = await openAndWrite();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
  expect(await within(dialog).findByText(unknown)).toBeInTheDocument();

  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Send to 1 applicant' }));
  expect(await within(dialog).findByText(GROUP_MESSAGE_MESSAGES.tooSoon(42))).toBeInTheDocument();
  expect(error).not.toHaveBeenCalled();
});

test('"Applicants with a draft not submitted" leaves the view’s filters out and narrows to a role alone', async () => {
  const preview = jest.fn((): GroupMessagePreview => ({ recipients: 3, samples: [sample('Ada Lovelace', 'Ada')] }));
  const send = jest.fn(() => ({ sent: 3, skipped: 0 }));
  renderDor(`/admin/dor/dashboard/${FORM_ID}/all?filter=undecided`, { ...base, [PREVIEW]: preview, [SEND]: send });
  const dialog = await openAndWrite();

  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Recipients' }));
  await userEvent.click(await screen.findByTitle('Applicants with a draft not submitted'));
  expect(dialog).toHaveTextContent(
    'To the applicants who started an application to this form and have not submitted it',
  );
  // A draft has no decision and no booking: those choices are gone.
  expect(within(dialog).queryByRole('combobox', { name: 'Decision' })).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
  // The dashboard's own role column may show the same label: the option is the last one opened.
  await userEvent.click((await screen.findAllByTitle('Engineer')).at(-1)!);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

  const expected = { group: { tab: 'all', recipients: 'drafts', role: 'engineer' }, subject: SUBJECT, body: BODY };
  await waitFor(() => expect(preview).toHaveBeenCalledWith(expected));
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Send to 3 applicants' }));
  await waitFor(() => expect(send).toHaveBeenCalledWith(expected));
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError, notify } from '@portal/shared/client';
import type { FailedMessage } from '@portal/shared/domain/messages/messages';
import { localTimeZone } from '@portal/shared/domain/rules/dates';
import type { FormSummary } from '@portal/shared/domain/rules/staff';
import { formatZonedDateTime, timeZoneName } from '@portal/shared/ui';
import { answer, fail } from '@portal/jest-support/fake-api';
import { FORM } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);
afterEach(() => jest.restoreAllMocks());

const FORMS: FormSummary[] = [
  {
    id: 'spring-2025',
    semester: 'Spring 2025',
    isActive: true,
    decisionsReleased: false,
    dueDate: '2025-03-01T04:59:00.000Z',
    rows: 12,
    decided: 5,
  },
  {
    id: 'fall-2024',
    semester: 'Fall 2024',
    isActive: false,
    decisionsReleased: true,
    dueDate: '2024-10-01T04:59:00.000Z',
    rows: 8,
    decided: 8,
  },
];

const routes = { 'GET /admin/forms': answer({ items: FORMS }) };
const rowOf = (semester: string) => within(screen.getByRole('link', { name: semester }).closest('tr') as HTMLElement);

/** Typing JSON braces with userEvent needs escaping; pasting is what a user does anyway. */
async function pasteDefinition(text: string) {
  const box = screen.getByRole('textbox', { name: 'Form definition (JSON)' });
  await userEvent.click(box);
  await userEvent.paste(text);
}

test('lists the forms: active, due date, decided and released', async () => {
  renderDor('/admin/dor/forms', routes);

  expect(await screen.findByRole('link', { name: 'Spring 2025' })).toHaveAttribute(
    'href',
    '/admin/dor/dashboard/spring-2025/all',
  );
  const spring = rowOf('Spring 2025');
  expect(spring.getByText('Active')).toBeInTheDocument();
  expect(spring.getByText('5 of 12 role applications')).toBeInTheDocument();
  expect(spring.getByText(formatZonedDateTime(FORMS[0]!.dueDate, localTimeZone()))).toBeInTheDocument();
  expect(spring.queryByRole('button', { name: /Make .* active/ })).not.toBeInTheDocument();
  const fall = rowOf('Fall 2024');
  expect(fall.getByText('8 of 8 role applications')).toBeInTheDocument();
  expect(fall.getByText('Yes')).toBeInTheDocument();
});

test("a new due date is entered as the wall-clock time of the form's zone, which the picker names", async () => {
  // A zone other than the test's own, with the UTC instant of 2026-05-01 09:30 there.
  const [zone, instant] =
    localTimeZone() === 'Asia/Tokyo'
      ? ['America/Los_Angeles', '2026-05-01T16:30:00.000Z']
      : ['Asia/Tokyo', '2026-05-01T00:30:00.000Z'];
  const save = jest.fn(() => ({ ...FORM, dueDate: instant }));
  renderDor('/admin/dor/forms', {
    'GET /admin/forms': answer({ items: [{ ...FORMS[0]!, timeZone: zone }, FORMS[1]!] }),
    'PUT /admin/forms/spring-2025/due-date': save,
  });
  await screen.findByRole('link', { name: 'Spring 2025' });
  const spring = rowOf('Spring 2025');
  expect(spring.getByText(formatZonedDateTime(FORMS[0]!.dueDate, zone))).toBeInTheDocument();
  // The zone named in words ("Japan Standard Time"), never its id.
  expect(spring.getByText(`Times in ${timeZoneName(zone)}`)).toBeInTheDocument();
  expect(spring.queryByText(new RegExp(zone))).not.toBeInTheDocument();

  const picker = spring.getByLabelText(`New due date for Spring 2025 (${timeZoneName(zone)})`);
  await userEvent.click(picker);
  await userEvent.type(picker, '2026-05-01 09:30{Enter}');
  await userEvent.click(spring.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(save).toHaveBeenCalledWith({ dueDate: instant }));
});

test("'Make active' asks first, naming the form it turns off and its work under way, then POSTs the activation", async () => {
  const activate = jest.fn(() => ({ ...FORM, id: 'fall-2024' }));
  renderDor('/admin/dor/forms', {
    ...routes,
    'GET /admin/forms/fall-2024/activation': answer({
      deactivates: [
        {
          id: 'spring-2025',
          semester: 'Spring 2025',
          drafts: 2,
          openApplications: 6,
          openReviews: 9,
          openInterviews: 1,
        },
      ],
    }),
    'POST /admin/forms/fall-2024/activate': activate,
  });

  await userEvent.click(await screen.findByRole('button', { name: 'Make Fall 2024 active' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Make Fall 2024 the active form?' }));
  expect(
    await dialog.findByText(
      /becomes inactive: no one can start a new application to it\. It has 2 applications not submitted yet, 6 submitted applications without a decision, 9 open reviews, 1 open interview\./,
    ),
  ).toHaveTextContent(/^Spring 2025 becomes inactive/);
  expect(activate).not.toHaveBeenCalled();

  await userEvent.click(dialog.getByRole('button', { name: 'Make active' }));
  await waitFor(() => expect(activate).toHaveBeenCalledWith({}));
});

test('text that is not JSON is refused here, without calling the API', async () => {
  const { request } = renderDor('/admin/dor/forms', routes);
  await screen.findByRole('link', { name: 'Spring 2025' });

  await pasteDefinition('{ "id": ');
  await userEvent.click(screen.getByRole('button', { name: 'Validate and save' }));

  expect(await screen.findByText(/^This is not valid JSON: /)).toBeInTheDocument();
  expect(request).not.toHaveBeenCalledWith('POST', '/application/forms', expect.anything());
});

test('a 400 lists each problem as "path: message"', async () => {
  const details = [
    { path: 'sections.1.questions.0.options', message: 'Give at least 2 options' },
    { path: 'semester', message: 'Required' },
  ];
  const save = jest.fn(() => {
    throw new ApiRequestError(400, 'invalid-request', 'The form is not valid', {
      error: { code: 'invalid-request', message: 'The form is not valid', details },
    });
  });
  renderDor('/admin/dor/forms', { ...routes, 'POST /application/forms': save });
  await screen.findByRole('link', { name: 'Spring 2025' });

  await pasteDefinition('{"id":"fall-2025"}');
  await userEvent.click(screen.getByRole('button', { name: 'Validate and save' }));

  expect(await screen.findByText('sections.1.questions.0.options: Give at least 2 options')).toBeInTheDocument();
  expect(screen.getByText('semester: Required')).toBeInTheDocument();
  expect(screen.getByText('The form is not valid')).toBeInTheDocument();
  expect(save).toHaveBeenCalledWith({ id: 'fall-2025' });
});

test("a valid form is saved: 'Form saved.'", async () => {
  const success = jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  const save = jest.fn(() => FORM);
  renderDor('/admin/dor/forms', { ...routes, 'POST /application/forms': save });
  await screen.findByRole('link', { name: 'Spring 2025' });

  await pasteDefinition(JSON.stringify(FORM));
  await userEvent.click(screen.getByRole('button', { name: 'Validate and save' }));

  await waitFor(() => expect(save).toHaveBeenCalledWith(FORM));
  await waitFor(() => expect(success).toHaveBeenCalledWith('Form saved.'));
});

test('a failed list load shows the reason', async () => {
  renderDor('/admin/dor/forms', { 'GET /admin/forms': fail(new Error('Boom')) });

  expect(await screen.findByText('The forms could not be loaded.')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Validate and save a form' })).toBeInTheDocument();
});

test('a due date in the past warns before saving; "Save anyway" saves', async () => {
  const save = jest.fn(() => FORM);
  renderDor('/admin/dor/forms', { ...routes, 'POST /application/forms': save });
  await screen.findByRole('link', { name: 'Spring 2025' });
  const definition = { ...FORM, dueDate: '2020-01-01T00:00:00.000Z' };

  await pasteDefinition(JSON.stringify(definition));
  await userEvent.click(screen.getByRole('button', { name: 'Validate and save' }));

  expect(await screen.findByText(/^The due date \(.*2020.*\) is in the past/)).toBeInTheDocument();
  expect(save).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
  await waitFor(() => expect(save).toHaveBeenCalledWith(definition));
});

/** A submission receipt to ada@example.org that failed five times. */
const failedEmail = (overrides: Partial<FailedMessage> = {}): FailedMessage => ({
  id: 'submit.r1~ada',
  to: 'ada@example.org',
  template: 'submissionReceipt',
  subject: 'We received your application',
  formId: 'spring-2025',
  failedIn: 'sending',
  attempts: 5,
  lastError: 'Not a deliverable address: ada@example.org',
  updatedAt: '2025-03-01T12:00:00.000Z',
  ...overrides,
});

test('the emails the portal could not deliver are listed with their address, kind, attempts and error', async () => {
  renderDor('/admin/dor/forms', {
    ...routes,
    'GET /admin/outbox/failed': answer({ count: 1, items: [failedEmail()] }),
  });
  expect(await screen.findByText('1 email could not be delivered')).toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'Emails not delivered' });
  expect(list).toHaveTextContent('ada@example.org — Submission receipt, 5 attempts');
  expect(list).toHaveTextContent('Not a deliverable address');
});

test("an email the mail server refused is listed with the server's error and can be sent again", async () => {
  const resend = jest.fn(() => ({ id: 'release.f1~eve', state: 'queued' }));
  const { request } = renderDor('/admin/dor/forms', {
    ...routes,
    'GET /admin/outbox/failed': answer({
      count: 2,
      items: [
        failedEmail({
          id: 'release.f1~eve',
          to: 'eve@example.org',
          template: 'decisionReleased',
          failedIn: 'delivery',
          attempts: 1,
          lastError: 'Error: Message failed: 550 5.1.1 mailbox unavailable',
        }),
        failedEmail(),
      ],
    }),
    'POST /admin/outbox/release.f1~eve/resend': resend,
  });
  expect(await screen.findByText('2 emails could not be delivered')).toBeInTheDocument();
  const [refused, gaveUp] = within(screen.getByRole('list', { name: 'Emails not delivered' })).getAllByRole('listitem');
  expect(refused).toHaveTextContent(/^eve@example\.org — Decision released, refused by the mail server /);
  expect(refused).toHaveTextContent('550 5.1.1 mailbox unavailable');
  expect(refused).not.toHaveTextContent('attempt');
  expect(gaveUp).toHaveTextContent('ada@example.org — Submission receipt, 5 attempts, last');
  await userEvent.click(screen.getByRole('button', { name: 'Send the email to eve@example.org again' }));
  await waitFor(() => expect(resend).toHaveBeenCalled());
  expect(request).toHaveBeenCalledWith('POST', '/admin/outbox/release.f1~eve/resend', { body: {} });
});

test('nothing about emails shows while every email was delivered', async () => {
  renderDor('/admin/dor/forms', { ...routes, 'GET /admin/outbox/failed': answer({ count: 0, items: [] }) });
  expect(await screen.findByRole('link', { name: 'Spring 2025' })).toBeInTheDocument();
  expect(screen.queryByText(/could not be delivered/)).not.toBeInTheDocument();
});

test('a failed email can be sent again from the list', async () => {
  const resend = jest.fn(() => ({ id: 'submit.r1~ada', state: 'queued' }));
  const { request } = renderDor('/admin/dor/forms', {
    ...routes,
    'GET /admin/outbox/failed': answer({ count: 1, items: [failedEmail({ lastError: 'SMTP said no' })] }),
    'POST /admin/outbox/submit.r1~ada/resend': resend,
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Send the email to ada@example.org again' }));
  await waitFor(() => expect(resend).toHaveBeenCalled());
  expect(request).toHaveBeenCalledWith('POST', '/admin/outbox/submit.r1~ada/resend', { body: {} });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Route, Routes } from '@portal/shared/router';
import { ADA_EMAIL, identityOf, setupPortal } from '../../testing/portal-harness';
import MailboxPage from './mailbox-page';

jest.mock('../../lib/identity/load-identity', () => ({ loadIdentity: jest.fn() }));

type OobCode = { email: string; oobCode: string; requestType: string };

const emulator = jest.fn<Promise<Response>, [RequestInfo | URL]>();

function emulatorHolds(oobCodes: OobCode[], status = 200) {
  emulator.mockImplementation(async () => ({ ok: status < 300, status, json: async () => ({ oobCodes }) }) as Response);
}

function renderMailbox(portal: ReturnType<typeof setupPortal>, path = '/mailbox') {
  render(
    <MemoryRouter initialEntries={[path]}>
      {portal.providers(
        <Routes>
          <Route path="mailbox" element={<MailboxPage />} />
        </Routes>,
      )}
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  emulator.mockReset();
  Object.assign(globalThis, { fetch: emulator });
});

afterAll(() => Reflect.deleteProperty(globalThis, 'fetch'));

test('an address without messages says so', async () => {
  emulatorHolds([{ email: 'grace@example.org', oobCode: 'x', requestType: 'VERIFY_EMAIL' }]);
  renderMailbox(setupPortal(), '/mailbox?email=Ada@Example.org');

  expect(await screen.findByText(`No messages for ${ADA_EMAIL} yet.`)).toBeInTheDocument();
});

test("the address's links lead to the pages that complete them, newest first", async () => {
  emulatorHolds([
    { email: ADA_EMAIL, oobCode: 'first', requestType: 'VERIFY_EMAIL' },
    { email: ADA_EMAIL, oobCode: 'second', requestType: 'PASSWORD_RESET' },
  ]);
  renderMailbox(setupPortal(), `/mailbox?email=${encodeURIComponent(ADA_EMAIL)}`);

  const list = await screen.findByRole('list', { name: `Messages for ${ADA_EMAIL}` });
  const links = within(list).getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Reset your password', '/resetpassword?mode=resetPassword&oobCode=second'],
    ['Verify your email address', '/verify?mode=verifyEmail&oobCode=first'],
  ]);
});

test("without an address in the link it shows the signed-in user's mailbox", async () => {
  emulatorHolds([{ email: ADA_EMAIL, oobCode: 'mine', requestType: 'VERIFY_EMAIL' }]);
  renderMailbox(setupPortal({ identity: identityOf({ emailVerified: false }) }));

  expect(await screen.findByRole('link', { name: 'Verify your email address' })).toHaveAttribute(
    'href',
    '/verify?mode=verifyEmail&oobCode=mine',
  );
  expect(screen.getByLabelText('Email address')).toHaveValue(ADA_EMAIL);
});

test('another address can be looked up', async () => {
  emulatorHolds([]);
  renderMailbox(setupPortal());

  await userEvent.type(screen.getByLabelText('Email address'), 'grace@example.org');
  await userEvent.click(screen.getByRole('button', { name: 'Show' }));

  expect(await screen.findByText('No messages for grace@example.org yet.')).toBeInTheDocument();
});

test('an emulator that cannot be read is reported', async () => {
  emulatorHolds([], 503);
  renderMailbox(setupPortal(), `/mailbox?email=${ADA_EMAIL}`);

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The mailbox could not be read: the Auth emulator answered 503',
  );
});

test("the outbox's emails to the address show with their kind and state, opening to the HTML and the plain text", async () => {
  emulator.mockImplementation(async (input) => {
    const url = String(input);
    const body = url.startsWith('/local/mailbox')
      ? {
          messages: [
            {
              id: 'submit.r1~ada',
              template: 'submissionReceipt',
              subject: 'We received your application to Example Chapter',
              html: '<!doctype html><html><body style="color:#222"><p>Hi <strong>Ada</strong></p></body></html>',
              text: 'Example Chapter\n\nHi Ada',
              state: 'sent',
              createdAt: '2026-03-01T12:00:00.000Z',
            },
          ],
        }
      : { oobCodes: [] };
    return { ok: true, status: 200, json: async () => body } as Response;
  });
  renderMailbox(setupPortal(), `/mailbox?email=${encodeURIComponent(ADA_EMAIL)}`);

  const emails = await screen.findByRole('region', { name: `Emails to ${ADA_EMAIL}` });
  expect(emulator).toHaveBeenCalledWith(`/local/mailbox?email=${encodeURIComponent(ADA_EMAIL)}`);
  expect(within(emails).getByText('We received your application to Example Chapter')).toBeInTheDocument();
  expect(within(emails).getByText('Submission receipt')).toBeInTheDocument();
  expect(within(emails).getByText('sent')).toBeInTheDocument();
  await userEvent.click(within(emails).getByRole('button', { name: 'Open' }));
  const html = within(emails).getByRole('document', { name: 'We received your application to Example Chapter (HTML)' });
  expect(html.innerHTML).toBe('<p>Hi <strong>Ada</strong></p>');
  await userEvent.click(within(emails).getByText('Plain text'));
  expect(
    await within(emails).findByLabelText('We received your application to Example Chapter (plain text)'),
  ).toHaveTextContent('Example Chapter Hi Ada');
});

test("an email's attachment (an interview's .ics) is offered for download with its content", async () => {
  const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
  emulator.mockImplementation(async (input) => {
    const body = String(input).startsWith('/local/mailbox')
      ? {
          messages: [
            {
              id: 'interview-book.s1.1~ada',
              template: 'interviewConfirmation',
              subject: 'Your interview with Example Chapter',
              html: '<p>Booked</p>',
              text: 'Booked',
              attachments: [{ filename: 'interview.ics', contentType: 'text/calendar; charset=utf-8', content: ics }],
              state: 'sent',
              createdAt: '2026-03-01T12:00:00.000Z',
            },
          ],
        }
      : { oobCodes: [] };
    return { ok: true, status: 200, json: async () => body } as Response;
  });
  const blobs: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:ics';
    }),
    revokeObjectURL: jest.fn(),
  });
  renderMailbox(setupPortal(), `/mailbox?email=${encodeURIComponent(ADA_EMAIL)}`);
  const link = await screen.findByRole('link', { name: 'Download interview.ics' });
  expect(screen.getByText('Interview confirmation')).toBeInTheDocument();
  expect(link).toHaveAttribute('download', 'interview.ics');
  expect(link).toHaveAttribute('href', 'blob:ics');
  expect(blobs[0]!.type).toBe('text/calendar; charset=utf-8');
  const content = await new Promise<unknown>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(blobs[0]!);
  });
  expect(content).toBe(ics);
});

import { fetchMailbox } from './fetch-mailbox';

function answering(status: number, body: unknown) {
  return jest.fn(async (_url: RequestInfo | URL) => ({ ok: status < 300, status, json: async () => body }) as Response);
}

const OOB_CODES = {
  oobCodes: [
    { email: 'ada@example.org', oobCode: 'verify-old', requestType: 'VERIFY_EMAIL' },
    { email: 'grace@example.org', oobCode: 'not-hers', requestType: 'VERIFY_EMAIL' },
    { email: 'Ada@Example.org', oobCode: 'sign-in', requestType: 'EMAIL_SIGNIN' },
    { email: 'ADA@example.org', oobCode: 'reset&code', requestType: 'PASSWORD_RESET' },
    { email: 'ada@example.org', oobCode: 'verify-new', requestType: 'VERIFY_EMAIL' },
  ],
};

test("reads the emulator's codes for this project", async () => {
  const fetchImpl = answering(200, { oobCodes: [] });

  await fetchMailbox('ada@example.org', fetchImpl);

  expect(fetchImpl).toHaveBeenCalledWith('/emulator/v1/projects/demo-portal/oobCodes');
});

test("keeps the address's verification and reset links, newest first, as portal paths", async () => {
  await expect(fetchMailbox('ada@example.org', answering(200, OOB_CODES))).resolves.toEqual([
    { kind: 'verify', path: '/verify?mode=verifyEmail&oobCode=verify-new' },
    { kind: 'reset', path: '/resetpassword?mode=resetPassword&oobCode=reset%26code' },
    { kind: 'verify', path: '/verify?mode=verifyEmail&oobCode=verify-old' },
  ]);
});

test('matches the address whatever its case', async () => {
  const messages = await fetchMailbox('ADA@Example.ORG', answering(200, OOB_CODES));

  expect(messages.map((message) => message.path)).toEqual([
    '/verify?mode=verifyEmail&oobCode=verify-new',
    '/resetpassword?mode=resetPassword&oobCode=reset%26code',
    '/verify?mode=verifyEmail&oobCode=verify-old',
  ]);
});

test('an emulator without codes is an empty mailbox', async () => {
  await expect(fetchMailbox('ada@example.org', answering(200, {}))).resolves.toEqual([]);
});

test('an answer other than OK rejects with its status', async () => {
  await expect(fetchMailbox('ada@example.org', answering(503, {}))).rejects.toThrow('the Auth emulator answered 503');
});

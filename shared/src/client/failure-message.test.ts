import { ApiRequestError } from './api-client';
import { failureMessage } from './failure-message';

const refused = (body: unknown) =>
  new ApiRequestError(409, 'conflict', 'An account with this email already exists', body);

test('the message alone when the response adds nothing; never the raw response', () => {
  const text = failureMessage('Failed to register', refused({ error: { code: 'conflict', message: 'x' } }));
  expect(text).toBe('Failed to register: An account with this email already exists');
});

test('the fields the response names, readably', () => {
  const body = {
    error: {
      code: 'invalid-request',
      message: 'x',
      details: [{ path: 'password', message: 'Use at least 8 characters' }, { message: 'Check the form' }],
    },
  };
  expect(failureMessage('Failed to update user', refused(body))).toBe(
    'Failed to update user: An account with this email already exists (password: Use at least 8 characters; Check the form)',
  );
});

import { z } from 'zod/mini';
import { EMAIL_PATTERN, emailProblem, loginPasswordProblem, normalizeEmail } from '../ids/account-fields';
import { emailSchema, loginSchema, profileCompletionSchema, profileUpdateSchema, registrationSchema } from './account';

const registration = {
  email: 'eve@example.com',
  password: 'hunter22x',
  firstName: 'Eve',
  lastName: 'Tester',
  privacyNoticeVersion: '1',
};

/** The paths of a parse's issues, or null when it passed. */
const refused = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? null : result.error!.issues.map((issue) => issue.path.join('.'));

describe('names', () => {
  // A name goes into email subjects, the CSV and the dashboards: a line break in it could add a
  // header to a message ("Eve\r\nBcc: victim@example.org").
  it.each([
    ['CR LF', 'Eve\r\nBcc: victim@example.org'],
    ['LF', 'Eve\nBcc: victim@example.org'],
    ['CR', 'Eve\rX'],
    ['a tab', 'Eve\tX'],
    ['NUL', 'Eve\u0000X'],
    ['DEL', 'Eve\u007FX'],
    ['a C1 control (NEL)', 'Eve\u0085X'],
    ['a line separator', 'Eve\u2028X'],
    ['a paragraph separator', 'Eve\u2029X'],
  ])('refuse %s, naming the field, in sign-up, profile update and completion', (_name, value) => {
    expect(refused(registrationSchema.safeParse({ ...registration, firstName: value }))).toEqual(['firstName']);
    expect(refused(registrationSchema.safeParse({ ...registration, lastName: value }))).toEqual(['lastName']);
    const profile = { email: registration.email, firstName: value, lastName: value };
    expect(refused(profileUpdateSchema.safeParse(profile))).toEqual(['firstName', 'lastName']);
    expect(
      refused(profileCompletionSchema.safeParse({ firstName: 'Eve', lastName: value, privacyNoticeVersion: '1' })),
    ).toEqual(['lastName']);
  });

  it('say why in words', () => {
    const result = registrationSchema.safeParse({ ...registration, firstName: 'Eve\r\nBcc: x' });
    expect(result.error?.issues[0]?.message).toBe('First name cannot contain line breaks or control characters');
  });

  it.each(['José', 'Nguyễn Thị', "O'Brien-Smith", 'محمد', '李', 'Zoë\u200DX'])('take %s', (name) => {
    expect(registrationSchema.safeParse({ ...registration, firstName: name }).success).toBe(true);
  });

  it('trim white space around a name, line ends included', () => {
    expect(registrationSchema.parse({ ...registration, firstName: ' Eve\r\n' }).firstName).toBe('Eve');
  });
});

describe('the zod-free email and log-in checks (the log-in page)', () => {
  it("use zod's own email pattern", () => {
    const zodDefault = z.email()._zod.def.pattern;
    expect(EMAIL_PATTERN.source).toBe(zodDefault?.source);
    expect(EMAIL_PATTERN.flags).toBe(zodDefault?.flags);
  });

  const emails = [
    '',
    '   ',
    'ada@example.com',
    '  Ada@Example.COM ',
    'not-an-email',
    'ada@',
    '@example.com',
    'ada@example',
    'ada..b@example.com',
    '.ada@example.com',
    "o'brien+club@example.org",
    'ada@exa_mple.com',
    `${'a'.repeat(243)}@example.com`,
    `${'a'.repeat(250)}@example.com`,
  ];
  it.each(emails)('agree with emailSchema on %j', (typed) => {
    const parsed = emailSchema.safeParse(typed);
    expect(emailProblem(typed)).toBe(parsed.success ? null : parsed.error.issues[0]!.message);
    if (parsed.success) expect(normalizeEmail(typed)).toBe(parsed.data);
  });

  it.each(['', 'x', ' '])('agree with loginSchema on the password %j', (password) => {
    const parsed = loginSchema.shape.password.safeParse(password);
    expect(loginPasswordProblem(password)).toBe(parsed.success ? null : parsed.error.issues[0]!.message);
  });
});

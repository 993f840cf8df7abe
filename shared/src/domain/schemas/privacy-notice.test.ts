import { profileCompletionSchema, registrationSchema } from './account';
import { PRIVACY_NOTICE_MESSAGES, privacyNoticeDue } from '../ids/privacy-notice';
import { privacyNoticeAcceptanceSchema } from './privacy-notice';

const registration = { email: 'eve@example.com', password: 'hunter22x', firstName: 'Eve', lastName: 'Tester' };
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? null : result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the privacy notice in the account payloads', () => {
  it('is required at sign-up and at profile completion, naming the field and saying what to do', () => {
    expect(issues(registrationSchema.safeParse(registration))).toEqual([
      ['privacyNoticeVersion', PRIVACY_NOTICE_MESSAGES.required],
    ]);
    expect(issues(profileCompletionSchema.safeParse({ firstName: 'Eve', lastName: 'Tester' }))).toEqual([
      ['privacyNoticeVersion', PRIVACY_NOTICE_MESSAGES.required],
    ]);
    expect(registrationSchema.safeParse({ ...registration, privacyNoticeVersion: '2026-09' }).success).toBe(true);
  });

  it.each(['', ' 1', '1\n', '<script>', 'v'.repeat(65), '.hidden', 'é', '👩🏽‍💻'])('refuses the version %j', (version) => {
    expect(issues(privacyNoticeAcceptanceSchema.safeParse({ version }))).toEqual([
      ['version', PRIVACY_NOTICE_MESSAGES.version],
    ]);
  });

  it.each(['1', '2026-09', 'v2.1', 'chapter_notice-3'])('takes the version %j', (version) => {
    expect(privacyNoticeAcceptanceSchema.safeParse({ version }).success).toBe(true);
  });
});

describe('privacyNoticeDue', () => {
  const accepted = { version: '1', acceptedAt: '2026-03-01T12:00:00.000Z' };

  it('asks whoever accepted another version, or none, and nobody when no version is in force', () => {
    expect(privacyNoticeDue(accepted, '1')).toBe(false);
    expect(privacyNoticeDue(accepted, '2')).toBe(true);
    expect(privacyNoticeDue(undefined, '1')).toBe(true);
    expect(privacyNoticeDue(undefined, undefined)).toBe(false);
  });
});

/**
 * The email and password rules of the account forms, without zod: the schemas layer builds
 * `emailSchema` and `loginSchema` from them, and the log-in page (the first form of every visit)
 * checks with them directly, so it downloads no zod.
 */
export const EMAIL_MAX_LENGTH = 254;

export const ACCOUNT_FIELD_MESSAGES = {
  emailRequired: 'Email is required',
  emailTooLong: 'Email is too long',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
} as const;

/** zod's own email pattern (`z.regexes.email`); `schemas/account.test.ts` checks it stays the same. */
export const EMAIL_PATTERN = new RegExp(
  String.raw`^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$`,
);

/** An email as the schema reads it: trimmed and lower-cased. */
export function normalizeEmail(typed: string): string {
  return typed.trim().toLowerCase();
}

/** What is wrong with a typed email, in the schema's words and order, or null. */
export function emailProblem(typed: string): string | null {
  const email = normalizeEmail(typed);
  if (email.length === 0) return ACCOUNT_FIELD_MESSAGES.emailRequired;
  if (email.length > EMAIL_MAX_LENGTH) return ACCOUNT_FIELD_MESSAGES.emailTooLong;
  if (!EMAIL_PATTERN.test(email)) return ACCOUNT_FIELD_MESSAGES.emailInvalid;
  return null;
}

/** The log-in form's password rule: any password, but one. */
export function loginPasswordProblem(typed: string): string | null {
  return typed.length === 0 ? ACCOUNT_FIELD_MESSAGES.passwordRequired : null;
}

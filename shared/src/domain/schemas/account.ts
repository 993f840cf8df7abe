import './zod-config';
import { z } from 'zod/mini';
import { ACCOUNT_FIELD_MESSAGES, EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../ids/account-fields';
import { privacyNoticeVersionSchema } from './privacy-notice';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

export const emailSchema = z.pipe(
  z
    .string({ error: ACCOUNT_FIELD_MESSAGES.emailRequired })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, ACCOUNT_FIELD_MESSAGES.emailRequired),
      z.maxLength(EMAIL_MAX_LENGTH, ACCOUNT_FIELD_MESSAGES.emailTooLong),
    ),
  z.email({ pattern: EMAIL_PATTERN, error: ACCOUNT_FIELD_MESSAGES.emailInvalid }),
);

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    z.regex(/[A-Za-z]/, 'Password must contain a letter'),
    z.regex(/[0-9]/, 'Password must contain a digit'),
  );

/**
 * Control characters (line ends, tabs, NUL) and line or paragraph separators. A name goes into
 * email subjects, where a line break would start a header of its own ("Bcc: ..."), and into the
 * dashboards and the CSV, where it would break a line.
 */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

const nameSchema = (label: string) =>
  z.string({ error: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`),
    z.refine((name) => !CONTROL.test(name), `${label} cannot contain line breaks or control characters`),
  );

export const firstNameSchema = nameSchema('First name');
export const lastNameSchema = nameSchema('Last name');

/**
 * docs/product.md#sign-up-and-log-in: the registration payload, with the version of the privacy
 * notice the person accepted. Unknown fields (a role, say) are refused.
 */
export const registrationSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  privacyNoticeVersion: privacyNoticeVersionSchema,
});
export type Registration = z.infer<typeof registrationSchema>;

/** docs/product.md#profile: the profile update payload. Privileged fields (role, ...) are refused. */
export const profileUpdateSchema = z.strictObject({
  email: emailSchema,
  firstName: firstNameSchema,
  lastName: lastNameSchema,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * Completing the profile of a verified identity that has no user record yet (one created outside
 * the API): the email is the identity's own, proven; the names are given, and the privacy notice
 * accepted as at sign-up.
 */
export const profileCompletionSchema = z.strictObject({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  privacyNoticeVersion: privacyNoticeVersionSchema,
});
export type ProfileCompletion = z.infer<typeof profileCompletionSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, ACCOUNT_FIELD_MESSAGES.passwordRequired)),
});
export type Login = z.infer<typeof loginSchema>;

export const AUTH_MESSAGES = {
  profileUnauthenticated: 'User must be authenticated to update profile',
  emailTaken: 'An account with this email already exists',
  profileExists: 'This account already has a profile',
} as const;

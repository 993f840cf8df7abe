import type { Linter } from 'eslint';

/**
 * Client code tells the API's refusals apart by their `reason` (API_ERROR_REASONS in
 * shared/src/domain/ids/error-reasons.ts), never by the words of their message, which are for people
 * and may be reworded: so no client module compares a `.message`, searches one, tests one with a
 * regular expression or switches on one, and none compares a value with an entry of a `*_MESSAGES`
 * table. Any `.message` counts, not only an error's: in client code a message is text to show,
 * and the few texts that are not an API error's (a form field's issue) are shown, not compared.
 */
const CLIENT_DIRS = [
  'applicant-app/src',
  'admin-app/src',
  'shell/src',
  'shared/src/client',
  'shared/src/ui',
  'shared/src/router',
  'shared/src/query',
];

const HINT =
  'match the refusal by its reason (error.reason, isApiRefusal; the table is API_ERROR_REASONS in shared/src/domain/ids/error-reasons.ts), never by its message text';

const EQUALITY = 'BinaryExpression[operator=/^[!=]==?$/]';
/** `x.message`, also as `x?.message`. */
const MESSAGE =
  ":matches(MemberExpression[property.name='message'], ChainExpression[expression.property.name='message'])";
const TEXT_SEARCH = /^(includes|startsWith|endsWith|match|matchAll|search|indexOf)$/.source;

const restrictions = [
  { selector: `${EQUALITY} > ${MESSAGE}`, message: `Do not compare a message: ${HINT}.` },
  {
    selector: `${EQUALITY} > :matches(MemberExpression[object.name=/_MESSAGES$/], CallExpression[callee.object.name=/_MESSAGES$/])`,
    message: `Do not compare with a message table: ${HINT}.`,
  },
  {
    selector: `CallExpression[callee.property.name=/${TEXT_SEARCH}/][callee.object.property.name='message']`,
    message: `Do not search a message's text: ${HINT}.`,
  },
  {
    selector: `CallExpression[callee.property.name='test'] > ${MESSAGE}.arguments`,
    message: `Do not test a message with a regular expression: ${HINT}.`,
  },
  { selector: `SwitchStatement > ${MESSAGE}.discriminant`, message: `Do not switch on a message: ${HINT}.` },
];

export const errorReasonRules: Linter.Config[] = [
  {
    files: CLIENT_DIRS.map((dir) => `${dir}/**/*.{ts,tsx}`),
    rules: { 'no-restricted-syntax': ['error', ...restrictions] },
  },
];

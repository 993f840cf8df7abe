import type { QuestionType } from '../ids/constants';
import type { User } from '../schemas/forms';
import type { Answer } from '../schemas/responses';

/** Search and display of people: what the dashboards and the users list match and sort by. */

const MAX_TOKEN_LENGTH = 24;
/**
 * The most tokens a person's name and email give (a long name of several parts gives about 100):
 * every token is an index entry of the document, and each search reads its matches whole
 * (docs/performance.md#index-budget). Past it, the latest sources' longest prefixes are left out.
 */
export const MAX_SEARCH_TOKENS = 128;

/** NFKC, then lower case: how a search folds text before matching it. */
export const foldSearch = (text: string): string => text.normalize('NFKC').toLowerCase();

/** Folded (`foldSearch`), trimmed, inner whitespace collapsed: what a search matches against. */
export function normalizeSearch(text: string): string {
  return foldSearch(text).trim().replace(/\s+/g, ' ');
}

/**
 * Every prefix (1 to 24 characters) of each name part, of the full name and of the email:
 * a search for "ada l", "lovel" or "ada@ex" is one array-contains equality on the server.
 * At most MAX_SEARCH_TOKENS: the first name's, the last name's, the full name's and the email's
 * prefixes come first (at most 96), then the parts of names of several words.
 */
export function searchTokens(person: { firstName: string; lastName: string; email: string }): string[] {
  const first = normalizeSearch(person.firstName);
  const last = normalizeSearch(person.lastName);
  const sources = [
    first,
    last,
    `${first} ${last}`,
    normalizeSearch(person.email),
    ...first.split(' '),
    ...last.split(' '),
  ];
  const tokens = new Set<string>();
  for (const source of sources) {
    for (let length = 1; length <= Math.min(source.length, MAX_TOKEN_LENGTH); length++) {
      tokens.add(source.slice(0, length));
    }
  }
  return [...tokens].slice(0, MAX_SEARCH_TOKENS);
}

/**
 * The most tokens a row stores: its name's and email's (at most MAX_SEARCH_TOKENS) and then the
 * words of its answers. Every token is two index entries (the composite index of the form's search
 * and the field's own) and about 10 bytes of the document, which each search reading it reads whole
 * (docs/decisions/answer-search.md): 1,000 stays far from Firestore's 40,000 index entries and
 * 1 MiB per document. Past it, the last questions' words are left out.
 */
export const MAX_ROW_SEARCH_TOKENS = 1000;

/** The longest search text a dashboard looks up (its words past it are left out). */
export const MAX_SEARCH_TEXT = 200;

/**
 * Words too common to find anything by: not stored from answers (a name or email still matches by
 * its prefixes).
 */
const STOP_WORDS = new Set(
  (
    'an and are as at be but by did do for from had has have he her his i if in into is it its me my ' +
    'no not of on or our she so than that the their them then there they this to too us was we were ' +
    'what when which who will with you your'
  ).split(' '),
);

/** A word of a text as search sees it: without the punctuation around it ("(robots)," → "robots"; "c++" stays). */
const trimWord = (word: string) => word.replace(/^[^\p{L}\p{N}]+/u, '').replace(/[^\p{L}\p{N}+#]+$/u, '');

/** The distinct words of a text, lower-cased, each at most 24 characters: what an answer is found by. */
export function textWords(text: string): string[] {
  const words = new Set<string>();
  for (const part of normalizeSearch(text).split(' ')) {
    const word = trimWord(part).slice(0, MAX_TOKEN_LENGTH);
    if (word.length >= 2 && !STOP_WORDS.has(word)) words.add(word);
  }
  return [...words];
}

/** The answer types whose words are searched: text and chosen options (not a file's id, not the roles). */
const SEARCHED_TYPES: ReadonlySet<QuestionType> = new Set([
  'short-answer',
  'long-answer',
  'multiple-choice',
  'multiple-select',
]);

/** The distinct words of these answers (in the order of the form's questions as answered). */
export function answerWords(
  answers: readonly { questions: readonly { questionType: QuestionType; response: Answer }[] }[],
): string[] {
  const words = new Set<string>();
  for (const section of answers) {
    for (const question of section.questions) {
      if (!SEARCHED_TYPES.has(question.questionType)) continue;
      const texts = Array.isArray(question.response) ? question.response : [question.response];
      for (const text of texts) for (const word of textWords(text)) words.add(word);
    }
  }
  return [...words];
}

/**
 * A row's search tokens: its applicant's name and email tokens (`searchTokens`), then the words of
 * every answer (a super-reviewer's search matches all of them: the rows are theirs alone), at most
 * MAX_ROW_SEARCH_TOKENS in all.
 */
export function rowSearchTokens(nameTokens: readonly string[], words: readonly string[]): string[] {
  return [...new Set([...nameTokens, ...words])].slice(0, MAX_ROW_SEARCH_TOKENS);
}

/** A search's text as the server takes it: normalized, at most MAX_SEARCH_TEXT characters; empty: no search. */
export const searchText = (text: string): string => normalizeSearch(text).slice(0, MAX_SEARCH_TEXT);

/**
 * The tokens a row must all hold to match a search: each of its words without the punctuation
 * around it (a name's or an email's prefix, an answer's word: "ada@ex", "lovel", "robotics.",
 * "ada lovelace", "machine learning", "grace robotics": a name and an answer), but for stop words
 * among others.
 */
export function searchTerms(text: string): string[] {
  const normalized = searchText(text);
  if (!normalized) return [];
  const parts = normalized.split(' ');
  const terms = parts.map((part) => trimWord(part).slice(0, MAX_TOKEN_LENGTH)).filter(Boolean);
  // A stop word among others asks nothing of a row: answers do not store it.
  const asked = terms.filter((term) => !STOP_WORDS.has(term));
  const kept = asked.length > 0 ? asked : terms;
  return kept.length > 0 ? [...new Set(kept)] : [normalized.slice(0, MAX_TOKEN_LENGTH)];
}

/** The one term the store is asked for (an array-contains): the longest, the likeliest to be rare. */
export const lookupTerm = (terms: readonly string[]): string =>
  terms.reduce((longest, term) => (term.length > longest.length ? term : longest), '');

/** Whether tokens hold every term of a search. */
export const matchesSearch = (tokens: readonly string[], terms: readonly string[]): boolean =>
  terms.every((term) => tokens.includes(term));

/**
 * The name and email tokens of a row's applicant (from its `applicantName` and `applicantEmail`),
 * without their answers' words: what an assessment's search starts from (a reviewer may not read
 * every answer: docs/decisions/answer-search.md).
 */
export function applicantSearchTokens(row: { applicantName: string; applicantEmail: string }): string[] {
  const [first = '', ...rest] = normalizeSearch(row.applicantName).split(' ');
  return searchTokens({ firstName: first, lastName: rest.join(' '), email: row.applicantEmail });
}

/** The token a search text is looked up by (searches longer than a token match on their first 24 characters). */
export const searchToken = (text: string): string => normalizeSearch(text).slice(0, MAX_TOKEN_LENGTH);

export const displayName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim();

/** What a stored user record carries besides the `User` fields: the admin users list's search and sort keys. */
export type UserSearchFields = {
  searchTokens: string[];
  sortName: string;
};
export type UserRecord = User & UserSearchFields;

export const userSearchFields = (person: { firstName: string; lastName: string; email: string }): UserSearchFields => ({
  searchTokens: searchTokens(person),
  sortName: normalizeSearch(displayName(person)),
});

/**
 * A user record as the API answers it: without the search and sort keys, and without what the
 * server keeps of the account's revocation (`disabled`, `sessionsValidAfter`: docs/security.md).
 */
export function userView(
  record: User & Partial<UserSearchFields> & { disabled?: unknown; sessionsValidAfter?: unknown },
): User {
  const {
    searchTokens: _tokens,
    sortName: _sortName,
    disabled: _disabled,
    sessionsValidAfter: _after,
    ...user
  } = record;
  return user;
}

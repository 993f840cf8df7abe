import type { User } from '../schemas/forms';

/** Search and display of people: what the dashboards and the users list match and sort by. */

const MAX_TOKEN_LENGTH = 24;
/**
 * The most tokens a person's name and email give (a long name of several parts gives about 100):
 * every token is an index entry of the document, and each search reads its matches whole
 * (docs/performance.md#index-budget). Past it, the latest sources' longest prefixes are left out.
 */
export const MAX_SEARCH_TOKENS = 128;

/** Lower-cased, trimmed, inner whitespace collapsed: what a search matches against. */
export function normalizeSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
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

import type { User } from '../schemas/forms';

/** Search and display of people: what the dashboards and the users list match and sort by. */

const MAX_TOKEN_LENGTH = 24;

/** Lower-cased, trimmed, inner whitespace collapsed: what a search matches against. */
export function normalizeSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/**
 * Every prefix (1 to 24 characters) of each name part, of the full name and of the email:
 * a search for "ada l", "lovel" or "ada@ex" is one array-contains equality on the server.
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
  return [...tokens];
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

/** A user record as the API answers it: without the search and sort keys. */
export function userView(record: User & Partial<UserSearchFields>): User {
  const { searchTokens: _tokens, sortName: _sortName, ...user } = record;
  return user;
}

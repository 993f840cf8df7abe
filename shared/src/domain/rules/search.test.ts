import { MAX_SEARCH_TOKENS, searchTokens } from './search';

/** Every prefix (up to a token's length) of each text (lower-cased already). */
const prefixes = (...texts: string[]) =>
  texts.flatMap((text) => Array.from({ length: Math.min(text.length, 24) }, (_, at) => text.slice(0, at + 1)));

describe('searchTokens', () => {
  it('keeps every prefix of a long name of several parts, its parts and its email', () => {
    const person = {
      firstName: 'María José',
      lastName: 'García de la Fuente Rodríguez',
      email: 'mariajose.garciadelafuente@university.example.edu',
    };
    const tokens = searchTokens(person);
    expect(tokens.length).toBeLessThanOrEqual(MAX_SEARCH_TOKENS);
    expect(new Set(tokens)).toEqual(
      new Set(
        prefixes(
          'maría josé',
          'garcía de la fuente rodríguez',
          'maría josé garcía de la fuente rodríguez',
          person.email,
          'maría',
          'josé',
          'garcía',
          'de',
          'la',
          'fuente',
          'rodríguez',
        ),
      ),
    );
  });

  it('stores at most MAX_SEARCH_TOKENS, keeping the prefixes of the first, last and full name and the email', () => {
    const words = (letters: string) => letters.split('').map((letter) => letter.repeat(24));
    const person = {
      firstName: words('abcd').join(' '),
      lastName: words('efgh').join(' '),
      email: `${'x'.repeat(60)}@example.com`,
    };
    const tokens = searchTokens(person);
    expect(tokens).toHaveLength(MAX_SEARCH_TOKENS);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens).toEqual(
      expect.arrayContaining(
        prefixes(person.firstName, person.lastName, `${person.firstName} ${person.lastName}`, person.email),
      ),
    );
  });
});

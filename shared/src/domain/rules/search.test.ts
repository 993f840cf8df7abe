import {
  answerWords,
  applicantSearchTokens,
  lookupTerm,
  matchesSearch,
  MAX_ROW_SEARCH_TOKENS,
  MAX_SEARCH_TOKENS,
  rowSearchTokens,
  searchTerms,
  searchTokens,
  textWords,
} from './search';

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

describe('answer search', () => {
  it("keeps an answer's distinct words, lower-cased, without the punctuation around them or stop words", () => {
    expect(textWords('I build (Robotics) kits, C++ and Node.js for the Hospital; robotics!')).toEqual([
      'build',
      'robotics',
      'kits',
      'c++',
      'node.js',
      'hospital',
    ]);
  });

  it('takes the words of text answers and chosen options, not of a file id or the roles', () => {
    const answers = [
      {
        questions: [
          { questionType: 'short-answer' as const, response: 'Nova' },
          { questionType: 'multiple-select' as const, response: ['Education', 'Health'] },
          { questionType: 'file-upload' as const, response: 'file-7f3k' },
          { questionType: 'role-select' as const, response: ['engineer'] },
        ],
      },
    ];
    expect(answerWords(answers)).toEqual(['nova', 'education', 'health']);
  });

  it('stores the name and email tokens first, then the words, at most MAX_ROW_SEARCH_TOKENS', () => {
    const names = searchTokens({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    const words = Array.from({ length: 2 * MAX_ROW_SEARCH_TOKENS }, (_, n) => `word${n}`);
    const tokens = rowSearchTokens(names, words);
    expect(tokens).toHaveLength(MAX_ROW_SEARCH_TOKENS);
    expect(tokens.slice(0, names.length)).toEqual(names);
    expect(tokens[names.length]).toBe('word0');
  });

  it('asks for every word of a search, without punctuation or stop words among others; the store for the longest', () => {
    expect(searchTerms('  Ada   Lovelace ')).toEqual(['ada', 'lovelace']);
    expect(searchTerms('ada@ex')).toEqual(['ada@ex']);
    expect(searchTerms('robotics.')).toEqual(['robotics']);
    expect(searchTerms('the robots of the hospital')).toEqual(['robots', 'hospital']);
    expect(searchTerms('the')).toEqual(['the']);
    expect(searchTerms('  ')).toEqual([]);
    expect(lookupTerm(searchTerms('ada robotics'))).toBe('robotics');
    expect(matchesSearch(['ada', 'robotics', 'kits'], searchTerms('Ada, robotics'))).toBe(true);
    expect(matchesSearch(['ada', 'robotics'], searchTerms('ada robot'))).toBe(false);
  });

  it("takes an assessment's name and email tokens from the row", () => {
    expect(applicantSearchTokens({ applicantName: 'Ada Lovelace', applicantEmail: 'ada@example.com' })).toEqual(
      searchTokens({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }),
    );
  });
});

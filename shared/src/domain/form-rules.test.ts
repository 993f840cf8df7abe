import { wordLimitIssue, withExclusiveOptions } from './form-rules';
import type { Question } from './schemas';

const causes: Question = {
  questionId: 'causes',
  questionType: 'multiple-select',
  questionText: 'Which causes matter most to you?',
  options: ['Education', 'Health', 'None of the above'],
  exclusiveOptions: ['None of the above'],
};

describe('exclusive options', () => {
  test('ticking an exclusive option leaves only it', () => {
    expect(withExclusiveOptions(causes, ['Education', 'Health'], ['Education', 'Health', 'None of the above'])).toEqual(
      ['None of the above'],
    );
  });

  test('ticking another option clears the exclusive one', () => {
    expect(withExclusiveOptions(causes, ['None of the above'], ['None of the above', 'Health'])).toEqual(['Health']);
  });

  test('clearing an option changes nothing else; questions without exclusive options are left alone', () => {
    expect(withExclusiveOptions(causes, ['Education', 'Health'], ['Health'])).toEqual(['Health']);
    const plain = { ...causes, exclusiveOptions: undefined };
    expect(withExclusiveOptions(plain, ['Health'], ['Health', 'None of the above'])).toEqual([
      'Health',
      'None of the above',
    ]);
  });
});

describe('word limits', () => {
  const essay: Question = {
    questionId: 'essay',
    questionType: 'long-answer',
    questionText: 'Why?',
    minWords: 3,
    maxWords: 5,
  };

  test('below the minimum, above the maximum, within', () => {
    expect(wordLimitIssue(essay, 'one two')).toBe('Write at least 3 words (now 2)');
    expect(wordLimitIssue(essay, 'one two three four five six')).toBe('Write at most 5 words (now 6)');
    expect(wordLimitIssue(essay, 'one two three')).toBeNull();
    expect(wordLimitIssue(causes, 'anything')).toBeNull();
  });
});

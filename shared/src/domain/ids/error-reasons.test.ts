import { API_ERROR_REASON_MEANINGS, API_ERROR_REASONS, isApiErrorReason } from './error-reasons';
import { API_ERROR_STATUS } from './error-codes';

describe('the API error reasons', () => {
  it('each carry a known code, a 4xx, and say what they mean', () => {
    expect(Object.keys(API_ERROR_REASON_MEANINGS).sort()).toEqual(Object.keys(API_ERROR_REASONS).sort());
    for (const [reason, code] of Object.entries(API_ERROR_REASONS)) {
      const meaning = API_ERROR_REASON_MEANINGS[reason as keyof typeof API_ERROR_REASONS];
      expect({ reason, status: API_ERROR_STATUS[code] >= 400 && API_ERROR_STATUS[code] < 500 }).toEqual({
        reason,
        status: true,
      });
      expect(meaning.trim()).not.toBe('');
    }
  });

  it('are named apart from the codes, in kebab case', () => {
    for (const reason of Object.keys(API_ERROR_REASONS)) {
      expect(reason).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(Object.keys(API_ERROR_STATUS)).not.toContain(reason);
    }
  });

  it('recognises a reason, and nothing else', () => {
    expect(isApiErrorReason('past-due')).toBe(true);
    expect(isApiErrorReason('forbidden')).toBe(false);
    expect(isApiErrorReason('toString')).toBe(false);
    expect(isApiErrorReason(undefined)).toBe(false);
  });
});

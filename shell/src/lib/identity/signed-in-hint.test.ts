import { hasSignedInHint, setSignedInHint } from './signed-in-hint';

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

test('there is no hint in a fresh browser', () => {
  expect(hasSignedInHint()).toBe(false);
});

test('setting the hint stores it and clearing it removes it', () => {
  setSignedInHint(true);
  expect(localStorage.getItem('portal:signed-in')).toBe('1');
  expect(hasSignedInHint()).toBe(true);

  setSignedInHint(false);
  expect(localStorage.getItem('portal:signed-in')).toBeNull();
  expect(hasSignedInHint()).toBe(false);
});

test('disabled storage reads as no hint and writing does not throw', () => {
  jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new Error('storage disabled');
  });
  jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new Error('storage disabled');
  });

  expect(hasSignedInHint()).toBe(false);
  expect(() => setSignedInHint(true)).not.toThrow();
});

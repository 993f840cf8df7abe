import { formatDate, formatDateTime, formatTime } from './dates';

const AT = '2025-03-02T04:59:00.000Z';

it('writes a time with its zone, in the zone given', () => {
  expect(formatDateTime(AT, 'America/New_York')).toBe('Mar 1, 2025, 11:59 PM EST');
  expect(formatDateTime(AT, 'UTC')).toBe('Mar 2, 2025, 4:59 AM UTC');
});

it('writes a time of day with seconds and its zone', () => {
  expect(formatTime(AT, 'America/New_York')).toBe('11:59:00 PM EST');
});

it('writes a day alone without a time, on the day of the zone given', () => {
  expect(formatDate(AT, 'America/New_York')).toBe('Mar 1, 2025');
  expect(formatDate(AT, 'UTC')).toBe('Mar 2, 2025');
});

import { formatDueDate } from './due-date';

test('a due date is shown in the given time zone, its name in words', () => {
  const due = '2025-03-01T04:59:00.000Z';

  expect(formatDueDate(due, 'America/New_York', 'America/New_York')).toBe('Feb 28, 2025, 11:59 PM Eastern Time');
  expect(formatDueDate(due, 'UTC', 'UTC')).toBe('Mar 1, 2025, 4:59 AM Coordinated Universal Time');
});

test("with the reader's own time beside it when they are in another zone, the date too when it is another day", () => {
  const due = '2025-03-01T04:59:00.000Z';

  expect(formatDueDate(due, 'America/New_York', 'America/Los_Angeles')).toBe(
    'Feb 28, 2025, 11:59 PM Eastern Time (your time: 8:59 PM Pacific Time)',
  );
  expect(formatDueDate(due, 'America/New_York', 'Europe/Berlin')).toBe(
    'Feb 28, 2025, 11:59 PM Eastern Time (your time: Mar 1, 2025, 5:59 AM Central European Time)',
  );
});

import { formatDueDate } from './due-date';

test('a due date is shown in the given time zone with its short name', () => {
  const due = '2025-03-01T04:59:00.000Z';

  expect(formatDueDate(due, 'America/New_York')).toBe('Feb 28, 2025, 11:59 PM EST');
  expect(formatDueDate(due, 'UTC')).toBe('Mar 1, 2025, 4:59 AM UTC');
});

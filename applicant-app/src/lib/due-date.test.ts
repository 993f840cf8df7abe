import { formatDueDate } from './due-date';

test('a due date is shown in the given time zone with its short name', () => {
  const due = '2025-03-01T04:59:00.000Z';

  expect(formatDueDate(due, 'America/New_York')).toMatch(/February 28, 2025.*11:59.*EST$/);
  expect(formatDueDate(due, 'UTC')).toMatch(/March 1, 2025.*4:59.*UTC$/);
});

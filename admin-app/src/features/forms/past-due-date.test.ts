import { pastDueDate } from './past-due-date';

const DUE = '2026-04-01T00:00:00.000Z';
const dueAt = Date.parse(DUE);

test('warns from the due instant on, as the API refuses applications from it', () => {
  expect(pastDueDate({ dueDate: DUE }, dueAt - 1)).toBeNull();
  expect(pastDueDate({ dueDate: DUE }, dueAt)).toBe(DUE);
  expect(pastDueDate({ dueDate: DUE }, dueAt + 1)).toBe(DUE);
});

test('says nothing of a definition without a due date, or with one that is not a date', () => {
  expect(pastDueDate(null, dueAt)).toBeNull();
  expect(pastDueDate({ dueDate: 42 }, dueAt)).toBeNull();
  expect(pastDueDate({ dueDate: 'yesterday' }, dueAt)).toBeNull();
});

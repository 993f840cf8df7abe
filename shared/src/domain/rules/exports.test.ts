import { exportFileName, exportPath } from './exports';

const AT = new Date('2026-03-01T23:30:00Z');

test('an export is named after the form, what it holds and the day', () => {
  expect(exportFileName('Fall Recruitment', 'applications', AT)).toBe('Fall Recruitment applications 2026-03-01.csv');
  expect(exportFileName('Fall Recruitment', 'files', AT)).toBe('Fall Recruitment files 2026-03-01.zip');
});

test('a form name keeps no character a file system refuses, and an empty one becomes "form"', () => {
  expect(exportFileName('../Fall/Spring: "2026"\u202E?', 'applications', AT)).toBe(
    'Fall Spring 2026 applications 2026-03-01.csv',
  );
  expect(exportFileName('  ', 'files', AT)).toBe('form files 2026-03-01.zip');
  expect(exportFileName('Été 2026 — équipe', 'files', AT)).toBe('Été 2026 — équipe files 2026-03-01.zip');
});

test('the path encodes the form id', () => {
  expect(exportPath('a b', 'files')).toBe('/admin/forms/a%20b/export/files.zip');
});

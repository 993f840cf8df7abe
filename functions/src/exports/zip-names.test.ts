import { MAX_FILE_NAME_LENGTH } from '@portal/shared/domain';
import { safeSegment, uniqueNames } from './zip-names';

test.each([
  ['../../etc/passwd', 'etc_passwd'],
  ['..\\..\\win.ini', 'win.ini'],
  ['C:\\Windows\\win.ini', 'C__Windows_win.ini'],
  ['.htaccess', 'htaccess'],
  ['resume.pdf\u0000.exe', 'resume.pdf_.exe'],
  ['\u202Efdp.exe', 'fdp.exe'],
  ['..', 'file'],
  ['', 'file'],
  ['Ada Lovelace (ada@example.com)', 'Ada Lovelace (ada@example.com)'],
])('%j is the one segment %j', (name, expected) => {
  expect(safeSegment(name, 'file')).toBe(expected);
});

test('a long name keeps its end (the extension) and at most the longest file name', () => {
  const name = safeSegment(`${'x'.repeat(5000)}.pdf`, 'file');
  expect([...name]).toHaveLength(MAX_FILE_NAME_LENGTH);
  expect(name.endsWith('.pdf')).toBe(true);
});

test('repeated names are told apart even where case is ignored', () => {
  const take = uniqueNames();
  expect(['cv.pdf', 'CV.pdf', 'cv.pdf', 'notes', 'notes'].map(take)).toEqual([
    'cv.pdf',
    'CV (2).pdf',
    'cv (3).pdf',
    'notes',
    'notes (2)',
  ]);
});

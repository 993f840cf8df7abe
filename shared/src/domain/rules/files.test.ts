import { FILE_MESSAGES, fileTypeList } from './files';

const WORD = ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'];

test('accepted types are listed once per kind, in one message', () => {
  expect(fileTypeList(['application/pdf'])).toBe('PDF');
  expect(fileTypeList(['application/pdf', ...WORD])).toBe('PDF or Word');
  expect(fileTypeList(['application/pdf', ...WORD, 'image/png'])).toBe('PDF, Word or PNG');
  expect(FILE_MESSAGES.wrongType(['application/pdf', ...WORD])).toBe('Upload a PDF or Word file');
});

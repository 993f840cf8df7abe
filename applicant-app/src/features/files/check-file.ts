import { FILE_MESSAGES, mediaTypeEssence, type Question } from '@portal/shared/domain';

export type FileQuestion = Extract<Question, { questionType: 'file-upload' }>;

/** The server's own rules, checked before sending: the message, or null when the file may be uploaded. */
export function checkFile(question: FileQuestion, file: File): string | null {
  if (file.size === 0) return FILE_MESSAGES.empty;
  if (!question.acceptedTypes.map(mediaTypeEssence).includes(mediaTypeEssence(file.type))) {
    return FILE_MESSAGES.wrongType(question.acceptedTypes);
  }
  if (file.size > question.maxSizeBytes) return FILE_MESSAGES.tooLarge(question.maxSizeBytes);
  return null;
}

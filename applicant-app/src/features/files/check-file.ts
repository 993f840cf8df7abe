import { FILE_MESSAGES, mediaTypeEssence } from '@portal/shared/domain/rules/files';
import type { Question } from '@portal/shared/domain/schemas/forms';

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

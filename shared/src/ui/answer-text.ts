import type { Answer, Question } from '@portal/shared/domain';
import { roleLabel } from './role-badge';

export const NO_ANSWER = 'No answer';

/** An answer as plain text: lists joined, team roles by their label. File answers are shown by FileAnswer. */
export function answerText(question: Question, answer: Answer | undefined): string {
  if (Array.isArray(answer)) {
    if (answer.length === 0) return NO_ANSWER;
    return (question.questionType === 'role-select' ? answer.map(roleLabel) : answer).join(', ');
  }
  return answer && answer.trim() ? answer : NO_ANSWER;
}

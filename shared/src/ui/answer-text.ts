import { DEFAULT_TEAM_ROLE_DEFINITIONS, type TeamRoleDefinition } from '@portal/shared/domain/ids/team-role-defaults';
import type { Question } from '@portal/shared/domain/schemas/forms';
import type { Answer } from '@portal/shared/domain/schemas/responses';
import { roleLabel } from './role-badge';

export const NO_ANSWER = 'No answer';

/** An answer as plain text: lists joined, team roles by their label (among the form's `roles`). File answers are shown by FileAnswer. */
export function answerText(
  question: Question,
  answer: Answer | undefined,
  roles: readonly TeamRoleDefinition[] = DEFAULT_TEAM_ROLE_DEFINITIONS,
): string {
  if (Array.isArray(answer)) {
    if (answer.length === 0) return NO_ANSWER;
    return (question.questionType === 'role-select' ? answer.map((role) => roleLabel(role, roles)) : answer).join(', ');
  }
  return answer && answer.trim() ? answer : NO_ANSWER;
}

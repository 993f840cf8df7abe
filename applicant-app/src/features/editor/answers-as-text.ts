import { formTeamRoles } from '@portal/shared/domain/ids/team-role-defaults';
import { formatDateTime } from '@portal/shared/domain/rules/dates';
import { answerOf, asksQuestions, visibleSections } from '@portal/shared/domain/rules/form-rules';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import { answerText } from '@portal/shared/ui';

/** The applicant's answers as a plain text document, to keep when the form can no longer be saved. */
export function answersAsText(form: ApplicationForm, response: ApplicationResponse, now = new Date()): string {
  const lines = [`${form.semester} application`, `Your answers as of ${formatDateTime(now)}`, ''];
  for (const section of visibleSections(form, response.rolesApplied).filter(asksQuestions)) {
    lines.push(`== ${section.sectionName} ==`, '');
    for (const question of section.questions) {
      const answer = answerOf(response, section.sectionId, question.questionId);
      const shown =
        question.questionType === 'file-upload' && typeof answer === 'string' && answer
          ? '(a file you uploaded)'
          : answerText(question, answer, formTeamRoles(form));
      lines.push(question.questionText, shown, '');
    }
  }
  return lines.join('\n');
}

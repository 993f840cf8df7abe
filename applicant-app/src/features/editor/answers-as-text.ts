import {
  answerOf,
  asksQuestions,
  formTeamRoles,
  formatDateTime,
  visibleSections,
  type ApplicationForm,
  type ApplicationResponse,
} from '@portal/shared/domain';
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

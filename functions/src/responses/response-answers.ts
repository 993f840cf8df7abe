import {
  uploadedFileSchema,
  type AnswerIssue,
  type ApplicationForm,
  type SectionResponse,
  type UploadedFile,
} from '@portal/shared/domain';

export const ANSWER_MESSAGES = {
  fileNotFound: 'Upload this file again: it was not found',
} as const;

/** Section names come from the form, not from the client. */
export function withFormSectionNames(form: ApplicationForm, sections: SectionResponse[]): SectionResponse[] {
  const names = new Map(form.sections.map((section) => [section.sectionId, section.sectionName]));
  return sections.map((section) => ({ ...section, sectionName: names.get(section.sectionId) ?? section.sectionName }));
}

/**
 * A non-empty answer to a file-upload question must name a file the caller uploaded for this
 * response and this question. Run it on answers that already passed `checkAnswers`.
 */
export async function fileAnswerIssues(
  form: ApplicationForm,
  sections: readonly SectionResponse[],
  owner: { userId: string; responseId: string },
  getFile: (id: string) => Promise<UploadedFile | null>,
): Promise<AnswerIssue[]> {
  const fileQuestions = new Set(
    form.sections.flatMap((section) =>
      section.questions
        .filter((question) => question.questionType === 'file-upload')
        .map((question) => `${section.sectionId}.${question.questionId}`),
    ),
  );
  const issues: AnswerIssue[] = [];
  for (const section of sections) {
    for (const answer of section.questions) {
      const path = `${section.sectionId}.${answer.questionId}`;
      if (!fileQuestions.has(path) || typeof answer.response !== 'string' || answer.response === '') continue;
      const fileId = uploadedFileSchema.shape.id.safeParse(answer.response);
      const file = fileId.success ? await getFile(fileId.data) : null;
      const owned =
        file !== null &&
        file.ownerId === owner.userId &&
        file.responseId === owner.responseId &&
        file.questionId === answer.questionId;
      if (!owned) issues.push({ path, questionId: answer.questionId, message: ANSWER_MESSAGES.fileNotFound });
    }
  }
  return issues;
}

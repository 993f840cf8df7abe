import { Card, Descriptions, Typography } from 'antd';
import { asksQuestions } from '@portal/shared/domain/rules/form-rules';
import type { FormSection } from '@portal/shared/domain/schemas/forms';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import { answerText } from './answer-text';
import { FileAnswer } from './file-answer';
import { useTeamRoles } from './role-badge';

/**
 * An application's answers, read-only, one card per section given that asks questions (the caller
 * decides which: the applicant's visible sections, or those a reviewer may see). Text is rendered as text.
 */
export function ApplicationAnswers({
  sections,
  response,
}: {
  sections: readonly FormSection[];
  response: Pick<ApplicationResponse, 'sectionResponses'>;
}) {
  const roles = useTeamRoles();
  return sections.filter(asksQuestions).map((section) => {
    const answers = response.sectionResponses.find((s) => s.sectionId === section.sectionId);
    return (
      <Card key={section.sectionId} title={section.sectionName} role="region" aria-label={section.sectionName}>
        {/* A question carries its own punctuation ("…?", "…."): no colon after it. */}
        <Descriptions column={1} layout="vertical" size="small" colon={false}>
          {section.questions.map((question) => {
            const answer = answers?.questions.find((q) => q.questionId === question.questionId)?.response;
            return (
              <Descriptions.Item key={question.questionId} label={question.questionText}>
                {question.questionType === 'file-upload' && typeof answer === 'string' && answer ? (
                  <FileAnswer fileId={answer} />
                ) : (
                  <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>
                    {answerText(question, answer, roles)}
                  </Typography.Text>
                )}
              </Descriptions.Item>
            );
          })}
        </Descriptions>
      </Card>
    );
  });
}

import { useEffect } from 'react';
import { Empty, Flex, Segmented } from 'antd';
import { asksQuestions, isSectionVisible, sectionsForReviewers } from '@portal/shared/domain/rules/form-rules';
import type { AssessmentScreen } from '@portal/shared/domain/rules/staff';
import { useNavigate } from '@portal/shared/router';
import { ApplicationAnswers } from '@portal/shared/ui';

/**
 * The application as the staff member may read it: the sections of the roles applied for, less
 * those hidden from reviewers. A review shows one section at a time, the
 * one in the URL; an interview shows them all.
 */
export function AnswersPanel({ screen, sectionId }: { screen: AssessmentScreen; sectionId?: string }) {
  const navigate = useNavigate();
  const { assessment, response } = screen;
  const sections = sectionsForReviewers(screen.form).filter(
    (section) =>
      asksQuestions(section) &&
      isSectionVisible(section, response.rolesApplied) &&
      response.sectionResponses.some((answers) => answers.sectionId === section.sectionId),
  );
  const isReview = assessment.kind === 'review';
  const current = sections.find((section) => section.sectionId === sectionId) ?? sections[0];

  const pathFor = (id: string) =>
    `/admin/review/f/${[assessment.applicationFormId, assessment.responseId, id, assessment.id]
      .map(encodeURIComponent)
      .join('/')}`;

  // A link made before the form was known (or to a section no longer shown) lands on the first one.
  const stray = isReview && current !== undefined && current.sectionId !== sectionId;
  useEffect(() => {
    if (stray && current) navigate(pathFor(current.sectionId), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pathFor follows the screen
  }, [stray, current?.sectionId]);

  if (sections.length === 0 || !current) return <Empty description="This application has no answers to show." />;
  if (!isReview)
    return (
      <Flex vertical gap={16}>
        <ApplicationAnswers sections={sections} response={response} />
      </Flex>
    );

  return (
    <Flex vertical gap={8}>
      <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Segmented
          aria-label="Sections"
          value={current.sectionId}
          options={sections.map((section) => ({ value: section.sectionId, label: section.sectionName }))}
          onChange={(key) => navigate(pathFor(key))}
        />
      </div>
      <ApplicationAnswers sections={[current]} response={response} />
    </Flex>
  );
}

import { Tag } from 'antd';
import {
  ASSESSMENT_STATE_LABELS,
  type AssessmentKind,
  type AssessmentState,
  type TeamRole,
} from '@portal/shared/domain/ids/constants';
import { asksQuestions, isSectionVisible, sectionsForReviewers } from '@portal/shared/domain/rules/form-rules';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';

const STATE_COLORS: Record<AssessmentState, string> = { 'not-started': 'default', draft: 'gold', submitted: 'green' };

/** A review or interview's state: Not started, Draft or Submitted. */
export function AssessmentStateTag({ state }: { state: AssessmentState }) {
  return <Tag color={STATE_COLORS[state]}>{ASSESSMENT_STATE_LABELS[state]}</Tag>;
}

/** Used until the form is known; the review screen moves on to the first section it shows. */
const ANY_SECTION = 'first';

/** Where a review opens: the first section a reviewer may see for that role that asks questions. */
export function firstReviewSectionId(form: Pick<ApplicationForm, 'sections'> | undefined, role: TeamRole): string {
  const shown = form ? sectionsForReviewers(form).filter((candidate) => isSectionVisible(candidate, [role])) : [];
  return (shown.find(asksQuestions) ?? shown[0])?.sectionId ?? ANY_SECTION;
}

const ids = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

/** The review or interview screen of one assessment (docs/product.md#screens-and-routes). */
export function assessmentScreenPath(
  assessment: { kind: AssessmentKind; responseId: string; id: string; role: TeamRole },
  formId: string,
  form: Pick<ApplicationForm, 'sections'> | undefined,
): string {
  const { kind, responseId, id, role } = assessment;
  return kind === 'review'
    ? `/admin/review/f/${ids(formId, responseId, firstReviewSectionId(form, role), id)}`
    : `/admin/interview/f/${ids(formId, responseId, id)}`;
}

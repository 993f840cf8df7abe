import type { ApplicationForm, AssessmentKind, TeamRole } from '@portal/shared/domain';

const ids = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

export const dorPaths = {
  dashboard: (formId: string, tab = 'all') => `/admin/dor/dashboard/${ids(formId)}/${tab}`,
  application: (formId: string, responseId: string) => `/admin/dor/application/${ids(formId, responseId)}`,
  assignments: (kind: AssessmentKind, responseId: string) =>
    `/admin/dor/${kind === 'review' ? 'reviews' : 'interviews'}/${ids(responseId)}`,
  staffMember: (kind: AssessmentKind, formId: string, staffId: string) =>
    `/admin/dor/${kind === 'review' ? 'reviewer' : 'interviewer'}/${ids(formId, staffId)}`,
  response: (responseId: string) => `/admin/dor/response/${ids(responseId)}`,
};

/** Used when the form has no section a reviewer may see; the review screen moves on to the first it shows. */
const ANY_SECTION = 'first';

/** The first section not hidden from reviewers: where a review opens. */
export function firstReviewerSectionId(form: Pick<ApplicationForm, 'sections'> | undefined): string {
  return form?.sections.find((section) => !section.hiddenFromReviewers)?.sectionId ?? ANY_SECTION;
}

/** The review or interview screen of one assessment. */
export function assessmentPath(
  kind: AssessmentKind,
  formId: string,
  responseId: string,
  assessmentId: string,
  form: Pick<ApplicationForm, 'sections'> | undefined,
): string {
  return kind === 'review'
    ? `/admin/review/f/${ids(formId, responseId, firstReviewerSectionId(form), assessmentId)}`
    : `/admin/interview/f/${ids(formId, responseId, assessmentId)}`;
}

export type RowKey = { responseId: string; role: TeamRole };

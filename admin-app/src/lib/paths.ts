import type { AssessmentKind, TeamRole } from '@portal/shared/domain/ids/constants';

const ids = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

export const dorPaths = {
  dashboard: (formId: string, tab = 'all') => `/admin/dor/dashboard/${ids(formId)}/${tab}`,
  application: (formId: string, responseId: string) => `/admin/dor/application/${ids(formId, responseId)}`,
  assignments: (kind: AssessmentKind, responseId: string) =>
    `/admin/dor/${kind === 'review' ? 'reviews' : 'interviews'}/${ids(responseId)}`,
  staffMember: (kind: AssessmentKind, formId: string, staffId: string) =>
    `/admin/dor/${kind === 'review' ? 'reviewer' : 'interviewer'}/${ids(formId, staffId)}`,
  response: (responseId: string) => `/admin/dor/response/${ids(responseId)}`,
  progress: (formId: string) => `/admin/dor/progress/${ids(formId)}`,
  interviewSlots: (formId: string) => `/admin/dor/interview-slots/${ids(formId)}`,
  forms: '/admin/dor/forms',
  newForm: '/admin/dor/forms/new',
  editForm: (formId: string) => `/admin/dor/forms/${ids(formId)}/edit`,
  duplicateForm: (formId: string) => `/admin/dor/forms/new?from=${encodeURIComponent(formId)}`,
};

/** A reviewer's settings: the team roles they review. */
export const SETTINGS_PATH = '/admin/settings';

export type RowKey = { responseId: string; role: TeamRole };

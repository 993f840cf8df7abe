import type { AssessmentKind } from '@portal/shared/domain/ids/constants';
import type { AuditQuery } from '@portal/shared/domain/schemas/audit';
import type { AssessmentsQuery, RowsQuery, StaffQuery, UsersQuery } from '@portal/shared/domain/schemas/staff-api';

/**
 * Query keys of the staff side, general to specific: invalidating `staffKeys.all` (what every
 * staff mutation does) refreshes every staff query. Each key is made here, nowhere else.
 */
export const staffKeys = {
  all: ['staff'] as const,
  forms: () => [...staffKeys.all, 'forms'] as const,
  offers: (formId: string) => [...staffKeys.all, 'offers', formId] as const,
  undecided: (formId: string) => [...staffKeys.all, 'undecided', formId] as const,
  denialCandidates: (formId: string) => [...staffKeys.all, 'undecided', formId, 'unqualified'] as const,
  activation: (formId: string) => [...staffKeys.all, 'forms', formId, 'activation'] as const,
  retention: (formId: string) => [...staffKeys.all, 'forms', formId, 'retention'] as const,
  releaseSchedule: (formId: string) => [...staffKeys.all, 'release-schedule', formId] as const,
  releaseDryRun: (formId: string) => [...staffKeys.all, 'release-dry-run', formId] as const,
  releaseProgress: (formId: string) => [...staffKeys.all, 'release-progress', formId] as const,
  autoAssignProgress: (formId: string) => [...staffKeys.all, 'auto-assign-progress', formId] as const,
  filesExport: (formId: string) => [...staffKeys.all, 'files-export', formId] as const,
  rows: (formId: string, query?: RowsQuery) => [...staffKeys.all, 'rows', formId, ...(query ? [query] : [])] as const,
  staff: (formId: string, query?: StaffQuery) =>
    [...staffKeys.all, 'staff-members', formId, ...(query ? [query] : [])] as const,
  assessments: (formId: string, query?: AssessmentsQuery) =>
    [...staffKeys.all, 'assessments', formId, ...(query ? [query] : [])] as const,
  assessment: (kind: AssessmentKind, id: string) => [...staffKeys.all, 'assessment', kind, id] as const,
  application: (responseId: string) => [...staffKeys.all, 'application', responseId] as const,
  notes: (responseId: string) => [...staffKeys.all, 'notes', responseId] as const,
  tags: (formId: string) => [...staffKeys.all, 'tags', formId] as const,
  views: (formId: string) => [...staffKeys.all, 'views', formId] as const,
  letter: (responseId: string, role: string) => [...staffKeys.all, 'letter', responseId, role] as const,
  users: (query?: UsersQuery) => [...staffKeys.all, 'users', ...(query ? [query] : [])] as const,
  usersImpact: (userIds: string[]) => [...staffKeys.all, 'users-impact', userIds] as const,
  audit: (query?: AuditQuery) => [...staffKeys.all, 'audit', ...(query ? [query] : [])] as const,
  conflicts: () => [...staffKeys.all, 'conflicts'] as const,
  progress: (formId: string) => [...staffKeys.all, 'progress', formId] as const,
  interviewSlots: (formId: string) => [...staffKeys.all, 'interview-slots', formId] as const,
  myInterviews: () => [...staffKeys.all, 'interviews', 'mine'] as const,
};

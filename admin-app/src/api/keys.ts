/** Query keys of the staff side, general to specific: invalidating `staffKeys.all` refreshes every staff query. */
export const staffKeys = {
  all: ['staff'] as const,
  forms: () => [...staffKeys.all, 'forms'] as const,
  rows: (formId: string, query?: object) => [...staffKeys.all, 'rows', formId, ...(query ? [query] : [])] as const,
  staff: (formId: string, kind?: string) =>
    [...staffKeys.all, 'staff-members', formId, ...(kind ? [kind] : [])] as const,
  assessments: (formId: string, query?: object) =>
    [...staffKeys.all, 'assessments', formId, ...(query ? [query] : [])] as const,
  assessment: (kind: string, id: string) => [...staffKeys.all, 'assessment', kind, id] as const,
  application: (responseId: string) => [...staffKeys.all, 'application', responseId] as const,
  users: (query?: object) => [...staffKeys.all, 'users', ...(query ? [query] : [])] as const,
};

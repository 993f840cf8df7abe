import { useQuery } from '@portal/shared/query';
import { usePortal, type ApiClient } from '@portal/shared/client';
import type { AssessmentKind } from '@portal/shared/domain/ids/constants';
import type { ConflictBody, ConflictView } from '@portal/shared/domain/schemas/conflicts';
import { staffKeys } from './keys';

const id = encodeURIComponent;

/** GET /admin/conflicts: the caller's own declarations (a super-reviewer: everyone's). */
export function useConflicts() {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.conflicts(),
    queryFn: () => api.request<{ items: ConflictView[] }>('GET', '/admin/conflicts'),
  });
}

/** On an open review or interview of the caller's own: it is set aside at once. */
export const declareConflictOn = (api: ApiClient, kind: AssessmentKind, assessmentId: string, reason: string) =>
  api.request<ConflictView>('POST', `/admin/assessments/${id(kind)}/${id(assessmentId)}/conflict`, {
    body: reason.trim() ? { reason } : {},
  });

/** Ahead of time, by the applicant's email. */
export const declareConflict = (api: ApiClient, body: ConflictBody) =>
  api.request<ConflictView>('POST', '/admin/conflicts', { body });

export const withdrawConflict = (api: ApiClient, conflictId: string) =>
  api.request<null>('DELETE', `/admin/conflicts/${id(conflictId)}`);

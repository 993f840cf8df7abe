import { useQuery } from '@portal/shared/query';
import { usePortal, type ApiClient } from '@portal/shared/client';
import type { ReviewerProgressPage } from '@portal/shared/domain/rules/reviewer-progress';
import type { ReviewerDigestSent, SendDigestBody } from '@portal/shared/domain/schemas/reviewer-digest';
import { staffKeys } from './keys';

const id = encodeURIComponent;

/** GET /admin/forms/{formId}/progress: every reviewer's review work on the form. */
export function useReviewerProgress(formId: string) {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.progress(formId),
    queryFn: () => api.request<ReviewerProgressPage>('GET', `/admin/forms/${id(formId)}/progress`),
  });
}

/** POST …/progress/{staffId}/remind: a reminder email queued in the outbox (one a day). */
export const remindReviewer = (api: ApiClient, formId: string, staffId: string) =>
  api.request<{ queued: true; open: number }>('POST', `/admin/forms/${id(formId)}/progress/${id(staffId)}/remind`, {
    body: {},
  });

/** POST …/reviewer-digest: the digest now, to one reviewer of the form or (no staffId) each with open work. */
export const sendReviewerDigest = (api: ApiClient, formId: string, body: SendDigestBody) =>
  api.request<ReviewerDigestSent>('POST', `/admin/forms/${id(formId)}/reviewer-digest`, { body });

import { queryOptions, useMutation, useQuery, useQueryClient } from '@portal/shared/query';
import { notify, usePortal, useTimeZone, type ApiClient } from '@portal/shared/client';
import { formatDateTime, type ApplicantInterviews } from '@portal/shared/domain';

const id = encodeURIComponent;
const interviewKey = (formId: string) => ['interviews', formId] as const;

export const interviewsQueryOptions = (api: ApiClient, formId: string) =>
  queryOptions({
    queryKey: interviewKey(formId),
    queryFn: () => api.request<ApplicantInterviews>('GET', `/interviews/${id(formId)}`),
  });

/** GET /interviews/{formId}: the caller's invitation, booking and the slots they may book. */
export function useInterviews(formId: string, enabled = true) {
  const { api } = usePortal();
  return useQuery({ ...interviewsQueryOptions(api, formId), enabled });
}

/** The chapter's zone for slot times: the form's, else the build's, else the reader's. */
export function useSlotTime(formTimeZone?: string) {
  const zone = useTimeZone(formTimeZone);
  return (iso: string) => formatDateTime(iso, zone);
}

/** Books (or moves to) a slot, or cancels the booking; the answer is the new state, the server's message on a refusal. */
export function useBooking(formId: string) {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slotId: string | null) =>
      slotId === null
        ? api.request<ApplicantInterviews>('DELETE', `/interviews/${id(formId)}/booking`)
        : api.request<ApplicantInterviews>('PUT', `/interviews/${id(formId)}/booking`, { body: { slotId } }),
    onSuccess: (state, slotId) => {
      queryClient.setQueryData(interviewKey(formId), state);
      notify.success(slotId === null ? 'Your interview is cancelled.' : 'Your interview is booked.');
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: interviewKey(formId) }),
  });
}

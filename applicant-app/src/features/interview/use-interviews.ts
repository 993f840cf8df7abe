import { useMutation, useQuery, useQueryClient } from '@portal/shared/query';
import { notify, usePortal } from '@portal/shared/client';
import type { ApplicantInterviews } from '@portal/shared/domain/schemas/interview-slots';
import { useReaderTime } from '@portal/shared/ui';
import { interviewKey, interviewsQueryOptions } from './interview-queries';

const id = encodeURIComponent;

/** GET /interviews/{formId}: the caller's invitation, booking and the slots they may book. */
export function useInterviews(formId: string, enabled = true) {
  const { api } = usePortal();
  return useQuery({ ...interviewsQueryOptions(api, formId), enabled });
}

/**
 * Slot times in the chapter's zone (the form's, else the build's, else the reader's), named in
 * words, with the reader's own time beside them when they are elsewhere.
 */
export function useSlotTime(formTimeZone?: string) {
  return useReaderTime(formTimeZone).format;
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

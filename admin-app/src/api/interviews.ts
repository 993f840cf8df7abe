import { useQuery } from '@portal/shared/query';
import { usePortal, type ApiClient } from '@portal/shared/client';
import type {
  InterviewSlot,
  InterviewSlotBody,
  InterviewSlotSeriesBody,
} from '@portal/shared/domain/schemas/interview-slots';
import { staffKeys } from './keys';

const id = encodeURIComponent;
const slotsPath = (formId: string) => `/admin/forms/${id(formId)}/interview-slots`;

/** GET /admin/forms/{formId}/interview-slots (super-reviewer): every slot of the form, in time order. */
export function useInterviewSlots(formId: string) {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.interviewSlots(formId),
    queryFn: async () => (await api.request<{ items: InterviewSlot[] }>('GET', slotsPath(formId))).items,
  });
}

export const publishSlot = (api: ApiClient, formId: string, body: InterviewSlotBody) =>
  api.request<InterviewSlot>('POST', slotsPath(formId), { body });

/** POST …/interview-slots/series: slots of a length, a gap apart, over one day. */
export const publishSlotSeries = (api: ApiClient, formId: string, body: InterviewSlotSeriesBody) =>
  api.request<{ items: InterviewSlot[] }>('POST', `${slotsPath(formId)}/series`, { body });

/** PUT …/interview-slots/{slotId}: the slot changed, its bookings kept (and told). */
export const updateSlot = (api: ApiClient, formId: string, slotId: string, body: InterviewSlotBody) =>
  api.request<InterviewSlot>('PUT', `${slotsPath(formId)}/${id(slotId)}`, { body });

export const deleteSlot = (api: ApiClient, formId: string, slotId: string) =>
  api.request<null>('DELETE', `${slotsPath(formId)}/${id(slotId)}`);

/** GET /admin/interviews/mine: the caller's booked interviews (every form), in time order. */
export function useMyInterviews() {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.myInterviews(),
    queryFn: async () => (await api.request<{ items: InterviewSlot[] }>('GET', '/admin/interviews/mine')).items,
  });
}

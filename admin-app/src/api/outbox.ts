import { useQuery } from '@portal/shared/query';
import { usePortal, type ApiClient } from '@portal/shared/client';
import type { FailedMessages } from '@portal/shared/domain/messages/messages';
import { staffKeys } from './keys';

/** GET /admin/outbox/failed (super-reviewer): the emails the sender gave up on. */
export function useFailedMessages() {
  const { api } = usePortal();
  return useQuery({
    queryKey: [...staffKeys.all, 'outbox', 'failed'],
    queryFn: () => api.request<FailedMessages>('GET', '/admin/outbox/failed'),
    refetchInterval: 60_000,
  });
}

/** POST /admin/outbox/{messageId}/resend (super-reviewer): a failed email queued again, audited. */
export const resendMessage = (api: ApiClient, messageId: string) =>
  api.request<{ id: string; state: 'queued' }>('POST', `/admin/outbox/${encodeURIComponent(messageId)}/resend`, {
    body: {},
  });

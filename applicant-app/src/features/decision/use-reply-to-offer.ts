import { useMutation, useQueryClient } from '@portal/shared/query';
import { applicationKeys, notify, replyToOffer, usePortal } from '@portal/shared/client';
import type { OfferReply } from '@portal/shared/domain/schemas/responses';
import { useRoleLabel } from '@portal/shared/ui';

const REPLIED = {
  accept: (label: string) => `You accepted the ${label} offer. Welcome to the team.`,
  decline: (label: string) => `You declined the ${label} offer.`,
} as const;

export function useReplyToOffer(responseId: string, role: string) {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const roleLabel = useRoleLabel();
  return useMutation({
    mutationFn: (reply: OfferReply) => replyToOffer(api, responseId, role, reply),
    onSuccess: async (decision, reply) => {
      queryClient.setQueryData(applicationKeys.decision(responseId, role), decision);
      notify.success(REPLIED[reply](roleLabel(role)));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationKeys.decision(responseId, role) }),
        queryClient.invalidateQueries({ queryKey: applicationKeys.mine() }),
      ]);
    },
    onError: async (error) => {
      notify.error(`Your reply could not be sent: ${error.message}`);
      await queryClient.invalidateQueries({ queryKey: applicationKeys.decision(responseId, role) });
    },
  });
}

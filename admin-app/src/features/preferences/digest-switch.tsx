import { Card, Flex, Switch, Typography } from 'antd';
import { notify, sessionKeys, usePortal, type SessionAnswer } from '@portal/shared/client';
import { useQueryClient } from '@portal/shared/query';
import { REVIEWER_DIGEST_TEXTS } from '@portal/shared/domain/schemas/reviewer-digest';
import type { User } from '@portal/shared/domain/schemas/forms';
import { saveDigestPreference } from '../../api/preferences';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/**
 * The staff member's daily digest on or off (docs/product.md#reviewer-digest), stored on their user
 * record; on unless they turned it off.
 */
export function DigestSwitch({ user, sessionUid }: { user: User; sessionUid: string }) {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const save = useStaffMutation((enabled: boolean) => saveDigestPreference(api, user.id, enabled), {
    success: ({ enabled }) => (enabled ? REVIEWER_DIGEST_TEXTS.switchOn : REVIEWER_DIGEST_TEXTS.switchOff),
    onSuccess: async ({ enabled }) => {
      queryClient.setQueryData<SessionAnswer>(sessionKeys.user(sessionUid), (old) =>
        old?.user ? { ...old, user: { ...old.user, reviewerDigest: enabled } } : old,
      );
      await queryClient.invalidateQueries({ queryKey: sessionKeys.user(sessionUid) });
    },
    onError: () => {
      notify.error(REVIEWER_DIGEST_TEXTS.switchFailed);
      return true;
    },
  });
  const enabled = save.isPending ? save.variables : user.reviewerDigest !== false;
  return (
    <Card title="Emails" style={{ maxWidth: 560 }}>
      <Flex vertical gap={8} align="flex-start">
        <Flex gap={12} align="center">
          <Switch
            id="reviewer-digest"
            checked={enabled}
            loading={save.isPending}
            onChange={(checked) => save.mutate(checked)}
          />
          <label htmlFor="reviewer-digest">
            <Typography.Text strong>{REVIEWER_DIGEST_TEXTS.switchLabel}</Typography.Text>
          </label>
        </Flex>
        <Typography.Text type="secondary">{REVIEWER_DIGEST_TEXTS.switchHelp}</Typography.Text>
      </Flex>
    </Card>
  );
}

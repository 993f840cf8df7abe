import { Alert, Button, Flex, Popconfirm, Typography } from 'antd';
import type { RoleDecision } from '@portal/shared/domain/schemas/responses';
import { DateTime, useRoleLabel } from '@portal/shared/ui';
import { useReplyToOffer } from './use-reply-to-offer';

/**
 * An accepted applicant answers the offer once, confirming either answer first; afterwards the
 * answer is shown instead of the buttons (and an email confirms it). An offer with a deadline says
 * it; one not answered by then has expired and takes no answer.
 */
export function OfferReply({ responseId, decision }: { responseId: string; decision: RoleDecision }) {
  const reply = useReplyToOffer(responseId, decision.role);
  const label = useRoleLabel()(decision.role);

  const offer = decision.offer ?? (reply.isSuccess ? (reply.variables === 'accept' ? 'accepted' : 'declined') : null);
  if (offer === 'accepted') {
    return <Alert type="success" showIcon title={`You accepted the ${label} offer. Welcome to the team!`} />;
  }
  if (offer === 'declined') {
    return <Alert type="info" showIcon title={`You declined the ${label} offer.`} />;
  }
  if (offer === 'expired') {
    return (
      <Alert
        type="warning"
        showIcon
        title={`The ${label} offer has expired: it was not answered by its deadline.`}
        description={
          decision.offerDeadline && (
            <>
              The deadline was <DateTime value={decision.offerDeadline} />.
            </>
          )
        }
      />
    );
  }
  return (
    <Flex vertical gap={12} align="center">
      {decision.offerDeadline && (
        <Typography.Text>
          Please reply by <DateTime value={decision.offerDeadline} />.
        </Typography.Text>
      )}
      <OfferButtons label={label} reply={reply} />
    </Flex>
  );
}

function OfferButtons({ label, reply }: { label: string; reply: ReturnType<typeof useReplyToOffer> }) {
  return (
    <Flex gap={12} justify="center" wrap>
      {/* Either reply is final, so each asks first. */}
      <Popconfirm
        title="Accept this offer?"
        description={`You will join the ${label} team. You will not be able to decline the offer afterwards.`}
        okText="Yes, accept"
        cancelText="Cancel"
        onConfirm={() => reply.mutate('accept')}
        disabled={reply.isPending}
      >
        <Button
          type="primary"
          size="large"
          disabled={reply.isPending}
          loading={reply.isPending && reply.variables === 'accept'}
        >
          Accept offer
        </Button>
      </Popconfirm>
      <Popconfirm
        title="Decline this offer?"
        description={`You will not be able to accept the ${label} offer afterwards.`}
        okText="Yes, decline"
        cancelText="Cancel"
        okButtonProps={{ danger: true }}
        onConfirm={() => reply.mutate('decline')}
        disabled={reply.isPending}
      >
        <Button size="large" disabled={reply.isPending} loading={reply.isPending && reply.variables === 'decline'}>
          Decline offer
        </Button>
      </Popconfirm>
    </Flex>
  );
}

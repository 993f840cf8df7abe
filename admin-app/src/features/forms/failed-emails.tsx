import { Alert, Button, Flex, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import { MESSAGE_KIND_LABELS } from '@portal/shared/domain/ids/placeholders';
import type { FailedMessage } from '@portal/shared/domain/messages/messages';
import { DateTime } from '@portal/shared/ui';
import { resendMessage, useFailedMessages } from '../../api/outbox';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { countOf } from '@portal/shared/domain/ids/text';

/**
 * The emails that could not be delivered, for the super-reviewer: those the portal gave up on after
 * its last attempt and those the mail server refused after the portal handed them over. How many,
 * and the newest with their address, kind, attempts (or the mail server's refusal) and error, each
 * with "Send again". Nothing shows while there are none.
 */
export function FailedEmails() {
  const { api } = usePortal();
  const failed = useFailedMessages();
  const resend = useStaffMutation((item: FailedMessage) => resendMessage(api, item.id), {
    success: (_data, item) => `The email to ${item.to} is queued again`,
  });
  if (!failed.isSuccess || failed.data.count === 0) return null;
  const { count, items } = failed.data;
  return (
    <Alert
      type="warning"
      showIcon
      title={`${countOf(count, 'email')} could not be delivered`}
      description={
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            The portal tried each several times, or the mail server refused it. Check the address, or send the person
            the news another way.
          </Typography.Text>
          <ul aria-label="Emails not delivered" style={{ margin: 0, paddingLeft: 20 }}>
            {items.map((item) => (
              <li key={item.id} style={{ overflowWrap: 'anywhere' }}>
                <Typography.Text strong>{item.to}</Typography.Text> — {MESSAGE_KIND_LABELS[item.template]},{' '}
                {item.failedIn === 'delivery' ? (
                  <>
                    refused by the mail server <DateTime value={item.updatedAt} />
                  </>
                ) : (
                  <>
                    {countOf(item.attempts, 'attempt')}, last <DateTime value={item.updatedAt} />
                  </>
                )}
                {item.lastError && (
                  <>
                    : <Typography.Text type="danger">{item.lastError}</Typography.Text>
                  </>
                )}{' '}
                <Button
                  size="small"
                  loading={resend.isPending && resend.variables.id === item.id}
                  onClick={() => resend.mutate(item)}
                  aria-label={`Send the email to ${item.to} again`}
                >
                  Send again
                </Button>
              </li>
            ))}
          </ul>
          {count > items.length && (
            <Typography.Text type="secondary">The newest {items.length} are listed.</Typography.Text>
          )}
        </Flex>
      }
    />
  );
}

import { useState } from 'react';
import { Alert, Button, Empty, Form, Input, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '@portal/shared/router';
import { useSession } from '../../lib/identity/session-context';
import { AuthCard } from '../../lib/auth-card';
import { fetchMailbox, type MailboxMessage } from './fetch-mailbox';

const LABELS: Record<MailboxMessage['kind'], string> = {
  verify: 'Verify your email address',
  reset: 'Reset your password',
};

/**
 * Local mode only (the route does not exist in a production build): the Auth emulator's
 * pending verification and reset links for an address, so no mail server is needed.
 */
export default function MailboxPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const email = (params.get('email') ?? session.identity?.email ?? '').toLowerCase();
  // Until the visitor types, the field shows the address on display (which can arrive with the session).
  const [draft, setDraft] = useState<string | null>(null);
  const messages = useQuery({
    queryKey: ['local-mailbox', email],
    queryFn: () => fetchMailbox(email),
    enabled: email.length > 0,
    refetchInterval: 3000,
  });

  return (
    <AuthCard title="Local mailbox">
      <Typography.Paragraph type="secondary">
        Running locally, the portal sends no email. The links it would have sent appear here.
      </Typography.Paragraph>
      <Form layout="inline" onFinish={() => setParams({ email: (draft ?? email).trim() })} style={{ marginBottom: 16 }}>
        <Form.Item style={{ flex: 1 }}>
          <Input
            aria-label="Email address"
            placeholder="Email address"
            value={draft ?? email}
            onChange={(e) => setDraft(e.target.value)}
          />
        </Form.Item>
        <Button htmlType="submit">Show</Button>
      </Form>
      {messages.isError && (
        <Alert type="error" showIcon title={`The mailbox could not be read: ${messages.error.message}`} />
      )}
      {email && messages.isSuccess && messages.data.length === 0 && (
        <Empty description={`No messages for ${email} yet.`} />
      )}
      {messages.isSuccess && messages.data.length > 0 && (
        <ul aria-label={`Messages for ${email}`} style={{ paddingLeft: 20, margin: 0 }}>
          {messages.data.map((message) => (
            <li key={message.path} style={{ padding: '8px 0' }}>
              <Link to={message.path}>{LABELS[message.kind]}</Link>
            </li>
          ))}
        </ul>
      )}
    </AuthCard>
  );
}

import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { emailSchema } from '@portal/shared/domain/schemas/account';
import { Link } from '@portal/shared/router';
import { zodRule } from '@portal/shared/ui';
import { describeIdentityError } from '../../lib/identity/identity-errors';
import { loadIdentity } from '../../lib/identity/load-identity';
import { AuthCard } from '../../lib/auth-card';
import { LocalMailboxLink } from './local-mailbox-link';

type Sent = { email: string } | null;

/** Sends the password reset email; its link leads to /resetpassword. */
export default function ForgotPasswordPage() {
  const [sent, setSent] = useState<Sent>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ email }: { email: string }) => {
    setSubmitting(true);
    setError(null);
    const address = email.trim().toLowerCase();
    try {
      await (await loadIdentity()).sendPasswordReset(address);
      setSent({ email: address });
    } catch (caught) {
      // An unknown address gets the same answer as a known one: the page does not reveal who has an account.
      if ((caught as { code?: string }).code === 'auth/user-not-found') setSent({ email: address });
      else setError(describeIdentityError(caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Reset your password">
      {sent ? (
        <Alert type="success" showIcon title={`If an account exists for ${sent.email}, a reset link is on its way.`} />
      ) : (
        <Form layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Form.Item label="Email" name="email" rules={[zodRule(emailSchema)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Send the reset link
          </Button>
        </Form>
      )}
      <LocalMailboxLink email={sent?.email} />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        <Link to="/login">Back to log in</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}

import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { emailSchema, loginSchema, type Login } from '@portal/shared/domain';
import { Link } from '@portal/shared/router';
import { zodRule } from '@portal/shared/ui';
import { describeIdentityError } from '../../lib/identity/identity-errors';
import { loadIdentity } from '../../lib/identity/load-identity';
import { GuestOnly } from '../../lib/guards/guest-only';
import { AuthCard } from '../../lib/auth-card';
import { sendVerificationEmailOncePerMinute } from './verification-cooldown';

/** Signing in; GuestOnly then sends the user where they were going, or home by role. */
export default function LoginPage() {
  const [form] = Form.useForm<Login>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Login) => {
    setSubmitting(true);
    setError(null);
    try {
      const identity = await loadIdentity();
      const signedIn = await identity.signIn(values.email.trim(), values.password);
      // At most one a minute: signing in again right after does not send another (the /verify page resends).
      if (!signedIn.emailVerified) await sendVerificationEmailOncePerMinute(signedIn.email ?? values.email);
    } catch (caught) {
      setError(describeIdentityError(caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <GuestOnly>
      <AuthCard title="Log In">
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          <Form.Item label="Email" name="email" rules={[zodRule(emailSchema)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[zodRule(loginSchema.shape.password)]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Log In
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          <Link to="/forgotpassword">Forgot your password?</Link>
          <br />
          New here? <Link to="/signup">Create an account</Link>
        </Typography.Paragraph>
      </AuthCard>
    </GuestOnly>
  );
}

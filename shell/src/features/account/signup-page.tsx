import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { ApiRequestError, failureMessage, notify, usePortal } from '@portal/shared/client';
import { registerAccount } from '../../lib/account-api';
import { registrationSchema, type Registration } from '@portal/shared/domain/schemas/account';
import { Link } from '@portal/shared/router';
import { showServerFieldErrors, zodRule } from '@portal/shared/ui';
import { loadIdentity } from '../../lib/identity/load-identity';
import { GuestOnly } from '../../lib/guards/guest-only';
import { AuthCard } from '../../lib/auth-card';
import { NameFields } from '../../lib/name-fields';
import { sendVerificationEmailOncePerMinute } from './verification-cooldown';
import { PrivacyNoticeField, usePrivacyNoticeChanged } from '../privacy';

type SignupValues = Registration & { confirmPassword: string };

/** docs/product.md#error-catalogue: 'Failed to register: {message} ({response data})', without raw JSON. */
export function registrationFailure(error: unknown): string {
  return failureMessage('Failed to register', error);
}

/**
 * Registration: POST /auth/register with the app-attestation header only, then sign in with
 * the same email and password and send the verification email (docs/product.md#sign-up-and-log-in).
 * The chapter's privacy notice is shown above the button and must be accepted: the payload names
 * the version accepted (docs/product.md#privacy-notice).
 */
export default function SignupPage() {
  const { api } = usePortal();
  const [form] = Form.useForm<SignupValues>();
  const [submitting, setSubmitting] = useState(false);
  const noticeChanged = usePrivacyNoticeChanged(form);

  const submit = async ({ confirmPassword: _confirm, ...registration }: SignupValues) => {
    setSubmitting(true);
    try {
      try {
        await registerAccount(api, registration);
      } catch (error) {
        if (!(await noticeChanged(error)) && error instanceof ApiRequestError) {
          showServerFieldErrors(form, error.details);
        }
        notify.error(registrationFailure(error));
        return;
      }
      const identity = await loadIdentity();
      try {
        const signedIn = await identity.signIn(registration.email.trim(), registration.password);
        await sendVerificationEmailOncePerMinute(signedIn.email ?? registration.email);
      } catch (error) {
        notify.error(`Your account was created, but signing in failed: ${identity.describeIdentityError(error)}`);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <GuestOnly>
      <AuthCard title="Create Account">
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          <NameFields schema={registrationSchema} />
          <Form.Item label="Email" name="email" rules={[zodRule(registrationSchema.shape.email)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[zodRule(registrationSchema.shape.password)]}
            extra="At least 8 characters, with a letter and a digit."
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Confirm password"
            name="confirmPassword"
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string) => {
                  if (value !== getFieldValue('password')) throw new Error('The passwords do not match');
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <PrivacyNoticeField />
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Create Account
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          Already have an account? <Link to="/login">Log in</Link>
        </Typography.Paragraph>
      </AuthCard>
    </GuestOnly>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { passwordSchema } from '@portal/shared/domain/schemas/account';
import { Link, useSearchParams } from '@portal/shared/router';
import { LoadingScreen, zodRule } from '@portal/shared/ui';
import { describeIdentityError } from '../../lib/identity/identity-errors';
import { loadIdentity } from '../../lib/identity/load-identity';
import { AuthCard } from '../../lib/auth-card';

type CodeState =
  | { status: 'checking' }
  | { status: 'valid'; email: string }
  | { status: 'invalid'; message: string }
  | { status: 'done' };

/** Sets a new password from the reset link (mode=resetPassword&oobCode=...). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const oobCode = params.get('oobCode');
  const [state, setState] = useState<CodeState>(
    oobCode ? { status: 'checking' } : { status: 'invalid', message: 'This page needs the link from the reset email.' },
  );
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!oobCode) return;
    void loadIdentity().then((identity) =>
      identity.checkPasswordResetCode(oobCode).then(
        (email) => setState({ status: 'valid', email }),
        (caught: unknown) => setState({ status: 'invalid', message: describeIdentityError(caught) }),
      ),
    );
  }, [oobCode]);

  const submit = async ({ password }: { password: string }) => {
    if (!oobCode) return;
    setSubmitting(true);
    setError(null);
    try {
      await (await loadIdentity()).confirmPasswordReset(oobCode, password);
      setState({ status: 'done' });
    } catch (caught) {
      setError(describeIdentityError(caught));
    } finally {
      setSubmitting(false);
    }
  };

  if (state.status === 'checking') return <LoadingScreen />;
  return (
    <AuthCard title="Choose a new password">
      {state.status === 'invalid' && (
        <Result status="warning" title={state.message} extra={<Link to="/forgotpassword">Ask for a new link</Link>} />
      )}
      {state.status === 'done' && (
        <Result status="success" title="Your password has been changed" extra={<Link to="/login">Log in</Link>} />
      )}
      {state.status === 'valid' && (
        <Form layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <p>
            For <strong>{state.email}</strong>
          </p>
          <Form.Item
            label="New password"
            name="password"
            rules={[zodRule(passwordSchema)]}
            extra="At least 8 characters, with a letter and a digit."
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Set the new password
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}

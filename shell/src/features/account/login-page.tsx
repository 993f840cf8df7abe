import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Input, theme, Typography } from 'antd';
import { emailProblem, loginPasswordProblem, normalizeEmail } from '@portal/shared/domain/ids/account-fields';
import { Link } from '@portal/shared/router';
import { describeIdentityError } from '../../lib/identity/identity-errors';
import { loadIdentity } from '../../lib/identity/load-identity';
import { GuestOnly } from '../../lib/guards/guest-only';
import { AuthCard } from '../../lib/auth-card';
import { sendVerificationEmailOncePerMinute } from './verification-cooldown';

/**
 * Signing in; GuestOnly then sends the user where they were going, or home by role. The first form
 * of nearly every visit, so it is a plain form with the account rules' zod-free checks
 * (`account-fields.ts`): it downloads neither antd's Form nor zod.
 */
export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The fields' problems show once a submit was tried, and follow the typing from then on.
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailIssue = checked ? emailProblem(email) : null;
  const passwordIssue = checked ? loginPasswordProblem(password) : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (emailProblem(email) || loginPasswordProblem(password)) return;
    setSubmitting(true);
    setError(null);
    try {
      const identity = await loadIdentity();
      const signedIn = await identity.signIn(normalizeEmail(email), password);
      // At most one a minute: signing in again right after does not send another (the /verify page resends).
      if (!signedIn.emailVerified) await sendVerificationEmailOncePerMinute(signedIn.email ?? normalizeEmail(email));
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
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Field label="Email" issue={emailIssue}>
            {(props) => (
              <Input
                {...props}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <Field label="Password" issue={passwordIssue}>
            {(props) => (
              <Input.Password
                {...props}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </Field>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Log In
          </Button>
        </form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          <Link to="/forgotpassword">Forgot your password?</Link>
          <br />
          New here? <Link to="/signup">Create an account</Link>
        </Typography.Paragraph>
      </AuthCard>
    </GuestOnly>
  );
}

interface FieldInputProps {
  id: string;
  status?: 'error';
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A labelled field with its problem below it, spaced and coloured as antd's vertical form items. */
function Field({
  label,
  issue,
  children,
}: {
  label: string;
  issue: string | null;
  children: (props: FieldInputProps) => ReactNode;
}) {
  const id = useId();
  const { token } = theme.useToken();
  const issueId = `${id}-issue`;
  return (
    <div style={{ marginBottom: issue ? token.marginXS : token.marginLG }}>
      <label htmlFor={id} style={{ display: 'inline-block', paddingBottom: token.paddingXS }}>
        {label}
      </label>
      {children(issue ? { id, status: 'error', 'aria-invalid': true, 'aria-describedby': issueId } : { id })}
      {issue && (
        <div id={issueId} role="alert" style={{ color: token.colorError, minHeight: token.marginLG }}>
          {issue}
        </div>
      )}
    </div>
  );
}

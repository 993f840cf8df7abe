import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Result, Typography } from 'antd';
import { useCurrentUser } from '@portal/shared/client';
import { homePathForRole } from '@portal/shared/domain/rules/roles';
import { Link, Navigate, useSearchParams } from '@portal/shared/router';
import { loadIdentity } from '../../lib/identity/load-identity';
import { useSession } from '../../lib/identity/session-context';
import { LoadingScreen } from '@portal/shared/ui';
import { AuthCard } from '../../lib/auth-card';
import { LocalMailboxLink } from './local-mailbox-link';
import { sendVerificationEmailOncePerMinute, useVerificationCooldown } from './verification-cooldown';

const VERIFIED_ELSEWHERE_POLL_MS = 4000;

type Completion = { status: 'idle' | 'working' | 'done' } | { status: 'failed'; message: string };

/** Completes a verification link (mode=verifyEmail&oobCode=...); applies each code once. */
function useVerificationLink(oobCode: string | null): Completion {
  const [completion, setCompletion] = useState<Completion>({ status: oobCode ? 'working' : 'idle' });
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!oobCode || applied.current === oobCode) return;
    applied.current = oobCode;
    void loadIdentity().then((identity) =>
      identity.completeEmailVerification(oobCode).then(
        () => setCompletion({ status: 'done' }),
        (error: unknown) => setCompletion({ status: 'failed', message: identity.describeIdentityError(error) }),
      ),
    );
  }, [oobCode]);
  return completion;
}

/** docs/product.md#email-verification: /verify tells an unverified user what to do, resends, and completes the link. */
export default function VerifyPage() {
  const session = useSession();
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const oobCode = params.get('mode') === 'verifyEmail' ? params.get('oobCode') : null;
  const completion = useVerificationLink(oobCode);
  const [resending, setResending] = useState(false);
  const cooldown = useVerificationCooldown(session.identity?.email ?? '');
  const waiting = session.status === 'signed-in' && !session.identity.emailVerified;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      void loadIdentity().then((identity) => identity.checkEmailVerified());
    }, VERIFIED_ELSEWHERE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);

  if (completion.status === 'working' || !session.settled) return <LoadingScreen />;
  if (completion.status === 'failed') {
    return (
      <AuthCard title="Verify your email">
        <Alert type="error" showIcon title={completion.message} />
        <LocalMailboxLink email={session.identity?.email} />
      </AuthCard>
    );
  }
  if (session.status !== 'signed-in') {
    return (
      <AuthCard title="Verify your email">
        {completion.status === 'done' ? (
          <Result status="success" title="Your email is verified" extra={<Link to="/login">Log in</Link>} />
        ) : (
          <Typography.Paragraph>
            <Link to="/login">Log in</Link> to verify your email address.
          </Typography.Paragraph>
        )}
      </AuthCard>
    );
  }
  if (session.identity.emailVerified) {
    if (user.isPending) return <LoadingScreen />;
    return <Navigate to={user.data ? homePathForRole(user.data.role) : '/'} replace />;
  }
  const email = session.identity.email ?? '';
  const resend = async () => {
    setResending(true);
    try {
      await sendVerificationEmailOncePerMinute(email);
    } catch {
      // The error toast has told the user; they can press the button again.
    } finally {
      setResending(false);
      cooldown.refresh();
    }
  };
  const waitingOut = cooldown.secondsLeft > 0;
  return (
    <AuthCard title="Verify your email">
      <Typography.Paragraph>
        We sent a verification link to <strong>{email}</strong>. Open it to continue; this page moves on by itself once
        your address is verified.
      </Typography.Paragraph>
      {/* One email a minute: the button waits out the minute after each send, and says how long. */}
      <Flex align="center" gap={12} wrap>
        <Button onClick={() => void resend()} loading={resending} disabled={waitingOut}>
          Resend the verification email
        </Button>
        {waitingOut && (
          <Typography.Text type="secondary">{`You can send another in ${cooldown.secondsLeft} s.`}</Typography.Text>
        )}
      </Flex>
      <LocalMailboxLink email={email} />
    </AuthCard>
  );
}

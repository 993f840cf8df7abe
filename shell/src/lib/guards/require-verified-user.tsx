import { sessionQueryOptions, useCurrentUser, usePortal } from '@portal/shared/client';
import { privacyNoticeDue } from '@portal/shared/domain/ids/privacy-notice';
import { useQuery } from '@portal/shared/query';
import { Navigate, Outlet, useLocation } from '@portal/shared/router';
import { useSession } from '../identity/session-context';
import { lazyPart, LoadError, LoadingScreen } from '@portal/shared/ui';

/**
 * Rare (an identity made outside the portal), and the one signed-in part with a validated form:
 * its own chunk, so no other signed-in page downloads antd's Form and zod for it.
 */
const CompleteProfileCard = lazyPart(
  () => import('../../features/profile/complete-profile-card').then((module) => module.CompleteProfileCard),
  { loading: () => <LoadingScreen /> },
);

/**
 * Asked only when the chapter's privacy notice has a version the user has not accepted: its own
 * chunk, with the notice's form.
 */
const PrivacyNoticeAgainCard = lazyPart(
  () => import('../../features/privacy/privacy-notice-again-card').then((module) => module.default),
  { loading: () => <LoadingScreen /> },
);

/**
 * docs/product.md#route-guards: every route inside the shared layout needs a signed-in user with a verified
 * email. Signed-out visitors go to /login (remembering where they were going); unverified
 * users go to /verify; a verified sign-in without a user record completes its profile first;
 * one who has not accepted the privacy notice in force accepts it first (docs/product.md#privacy-notice).
 */
export default function RequireVerifiedUser() {
  const session = useSession();
  const location = useLocation();

  if (!session.settled) return <LoadingScreen />;
  if (session.status !== 'signed-in') {
    // Logging out leaves for the landing page; the guard may see the signed-out state before that
    // navigation has finished (it waits for the landing page's code), and must not send them to /login.
    if (session.signingOut) return <Navigate to="/" replace />;
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (!session.identity.emailVerified) return <Navigate to="/verify" replace />;
  return <WithUserRecord />;
}

/**
 * Mounted only while signed in: its user query never exists for a signed-out session, so nothing
 * puts an (empty) entry back into the cache that logging out has just cleared.
 */
function WithUserRecord() {
  const user = useCurrentUser();
  const { api, identity } = usePortal();
  // The same session answer as the user's: the version of the notice in force beside the record.
  const versionInForce = useQuery({
    ...sessionQueryOptions(api, identity?.uid ?? ''),
    enabled: Boolean(identity),
    select: (answer) => answer.privacyNoticeVersion,
  }).data;
  if (user.isPending) return <LoadingScreen />;
  if (user.isError) {
    return (
      <LoadError title="Your account could not be loaded" error={user.error} onRetry={() => void user.refetch()} />
    );
  }
  if (!user.data) return <CompleteProfileCard />;
  if (privacyNoticeDue(user.data.privacyNotice, versionInForce)) {
    return <PrivacyNoticeAgainCard acceptedBefore={Boolean(user.data.privacyNotice)} />;
  }
  return <Outlet />;
}

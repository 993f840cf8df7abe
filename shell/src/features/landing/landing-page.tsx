import { lazyPart, LoadingScreen, PortalLogo, PORTAL_TOKENS } from '@portal/shared/ui';
import { useSession } from '../../lib/identity/session-context';
import { LinkButton } from './link-button';

export const LANDING_TITLE = 'Application Portal';
export const SIGNED_OUT_SUBTITLE = 'Apply to be a member!';
export const SIGNED_IN_SUBTITLE = 'Welcome back!';

const SignedInLanding = lazyPart(() => import('./signed-in-landing').then((module) => module.default), {
  loading: () => <LoadingScreen />,
});

export function LandingPage() {
  const session = useSession();
  const token = PORTAL_TOKENS;
  // While logging out the page waits for the sign-out to be kept before it offers Log In: the
  // welcome (and its user query) never mounts between the move home and the end of the sign-out,
  // and a reload or a closed tab in that moment cannot find the session again.
  if (session.status === 'loading' || (session.status === 'signed-in' && session.signingOut)) return <LoadingScreen />;
  const signedIn = session.status === 'signed-in';
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 16,
        padding: '12vh 16px 48px',
        textAlign: 'center',
      }}
    >
      <PortalLogo size={96} />
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading1, color: token.colorTextHeading }}>{LANDING_TITLE}</h1>
      <h2 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 400, color: token.colorTextSecondary }}>
        {signedIn ? SIGNED_IN_SUBTITLE : SIGNED_OUT_SUBTITLE}
      </h2>
      {signedIn ? (
        <SignedInLanding />
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12, marginTop: 16 }}>
          <LinkButton to="/signup" primary>
            Create Account
          </LinkButton>
          <LinkButton to="/login">Log In</LinkButton>
        </div>
      )}
    </div>
  );
}

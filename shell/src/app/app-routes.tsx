import type { ClientConfig } from '@portal/shared/domain/schemas/client-config';
import { Route, Routes } from '@portal/shared/router';
import { LandingPage } from '../features/landing/landing-page';
import { AppLayout } from '../features/layout/app-layout';
import { lazyPage } from '@portal/shared/ui';
import { loadIdentity } from '../lib/identity/load-identity';

const LoginPage = lazyPage(() => import('../features/account/login-page'));
const SignupPage = lazyPage(() => import('../features/account/signup-page'));
const VerifyPage = lazyPage(() => import('../features/account/verify-page'));
const ForgotPasswordPage = lazyPage(() => import('../features/account/forgot-password-page'));
const ResetPasswordPage = lazyPage(() => import('../features/account/reset-password-page'));
const ProfilePage = lazyPage(() => import('../features/profile/profile-page'));
const RequireVerifiedUser = lazyPage(() => import('../lib/guards/require-verified-user'));
const RemoteOutlet = lazyPage(() => import('../features/remotes/remote-outlet'));
const PageNotFound = lazyPage(() => import('../features/not-found/not-found-page'));
// Local mode only: the build replaces the flag with a constant, so production bundles hold no mailbox.
const MailboxPage = __PORTAL_LOCAL_MODE__ ? lazyPage(() => import('../features/mailbox/mailbox-page')) : null;

/** The account pages, each of which signs in or out with the identity provider's SDK. */
const ACCOUNT_PAGES: Record<string, { preload(): Promise<void> }> = {
  '/login': LoginPage,
  '/signup': SignupPage,
  '/verify': VerifyPage,
  '/forgotpassword': ForgotPasswordPage,
  '/resetpassword': ResetPasswordPage,
};

/**
 * Fetches an account page's code and the identity SDK beside the portal's providers (AppFrame), so
 * a click on "Log In" fetches them in parallel, not each once the one before it has arrived
 * (docs/performance.md). A failure is left to the page, which shows it with a retry.
 */
export function preloadAccountPage(pathname: string): void {
  const page = ACCOUNT_PAGES[pathname];
  if (!page) return;
  void page.preload();
  Promise.resolve()
    .then(loadIdentity)
    .catch(() => undefined);
}

/** docs/product.md#screens-and-routes: public pages, then the shared layout whose routes need a verified sign-in. */
export function AppRoutes({ chapter }: { chapter: ClientConfig['chapter'] }) {
  return (
    <Routes>
      <Route element={<AppLayout chapter={chapter} />}>
        <Route index element={<LandingPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="verify" element={<VerifyPage />} />
        <Route path="forgotpassword" element={<ForgotPasswordPage />} />
        <Route path="resetpassword" element={<ResetPasswordPage />} />
        {MailboxPage && <Route path="mailbox" element={<MailboxPage />} />}
        <Route element={<RequireVerifiedUser />}>
          <Route path="profile" element={<ProfilePage />} />
          <Route path="apply/*" element={<RemoteOutlet name="applicant" />} />
          <Route path="admin/*" element={<RemoteOutlet name="admin" />} />
        </Route>
        <Route path="*" element={<PageNotFound />} />
      </Route>
    </Routes>
  );
}

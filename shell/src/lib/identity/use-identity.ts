import { useQueryClient } from '@portal/shared/query';
import { notify } from '@portal/shared/client';
import { useNavigate } from '@portal/shared/router';
import { loadIdentity } from './load-identity';
import { useSession } from './session-context';

export const VERIFICATION_TOAST_MS = 2000;
export const SIGN_OUT_FAILED = 'Failed to log out! Try again.';

/** docs/product.md#email-verification: the verification email toast (2000 ms, green) or its error toast, rethrown. */
export async function sendVerificationEmail(email: string): Promise<void> {
  try {
    await (await loadIdentity()).sendVerificationEmail();
    notify.success(`A verification email has been sent to ${email}!`, { autoClose: VERIFICATION_TOAST_MS });
  } catch (error) {
    notify.error('Failed to send verification email!');
    throw error;
  }
}

/**
 * docs/product.md#log-out: log out signs out, then clears every cached query. It leaves the guarded page
 * first, so no route guard sees the signed-out state and sends the user to /login instead.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { beginSignOut } = useSession();
  return async () => {
    const endSignOut = beginSignOut();
    navigate('/', { replace: true });
    try {
      await (await loadIdentity()).signOut();
    } catch {
      // Still signed in: the landing page says so again (it waits for the sign-out), and says why.
      endSignOut();
      notify.error(SIGN_OUT_FAILED);
      return;
    }
    queryClient.clear();
  };
}

import { useQueryClient } from '@portal/shared/query';
import { notify } from '@portal/shared/client';
import { useNavigate } from '@portal/shared/router';
import { loadIdentity } from './load-identity';
import { useSession } from './session-context';

export const VERIFICATION_TOAST_MS = 2000;

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
    beginSignOut();
    navigate('/', { replace: true });
    await (await loadIdentity()).signOut();
    queryClient.clear();
  };
}

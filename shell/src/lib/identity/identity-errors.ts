/** A readable sentence for the SDK's error codes a person can act on. */
export function describeIdentityError(error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  const messages: Record<string, string> = {
    'auth/invalid-credential': 'Incorrect email or password.',
    'auth/wrong-password': 'Incorrect email or password.',
    'auth/user-not-found': 'Incorrect email or password.',
    'auth/invalid-email': 'Enter a valid email address.',
    'auth/user-disabled': 'This account has been disabled.',
    'auth/too-many-requests': 'Too many attempts. Wait a moment and try again.',
    'auth/network-request-failed': 'Could not reach the sign-in service. Check your connection.',
    'auth/invalid-action-code': 'This link is invalid or has already been used.',
    'auth/expired-action-code': 'This link has expired. Ask for a new one.',
    'auth/weak-password': 'Choose a stronger password.',
  };
  return messages[code] ?? (error instanceof Error ? error.message : String(error));
}

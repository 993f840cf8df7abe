/** What the API knows about a caller after checking their id token. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

/** A verified token: the identity, and when its session signed in. */
export interface VerifiedToken extends VerifiedIdentity {
  /**
   * The token's auth_time (seconds since the epoch), which the user record's revocation is checked
   * against (account-status.ts). Absent: counts as signed in at the epoch, before any revocation.
   */
  authTime?: number;
}

export interface IdentityVerifier {
  /**
   * Rejects when the token is malformed, expired or signed by someone else. Revocation is not its
   * to check: it never calls the identity provider.
   */
  verifyIdToken(token: string): Promise<VerifiedToken>;
}

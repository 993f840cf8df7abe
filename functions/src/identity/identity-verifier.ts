/** What the API knows about a caller after checking their id token. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

export interface IdentityVerifier {
  /** Rejects when the token is malformed, expired, revoked or signed by someone else. */
  verifyIdToken(token: string): Promise<VerifiedIdentity>;
}

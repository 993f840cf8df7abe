export interface AccountSpec {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  emailVerified: boolean;
}

/** Managing identity accounts (the server side of sign-up, demo accounts, deletion). */
export interface IdentityAdmin {
  /** Creates the account if no account has this uid; leaves an existing one as it is. */
  ensureAccount(spec: AccountSpec): Promise<'created' | 'existed'>;
}

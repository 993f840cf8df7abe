import type { Request, RequestHandler } from 'express';
import type { User } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { ApiError } from '../http/api-error';
import type { DocumentStore } from '../store/document-store';
import { wasUserDeleted } from '../users/deleted-users';
import { sessionRevoked, type AccountStatusFields } from './account-status';
import type { IdentityVerifier, VerifiedIdentity, VerifiedToken } from './identity-verifier';

/** What a session that cannot be trusted (a bad, revoked or outdated token) is told: nothing about why. */
export const sessionNotValid = () => new ApiError('unauthenticated', 'Your session is not valid; sign in again');

declare module 'express-serve-static-core' {
  interface Request {
    identity?: VerifiedIdentity;
    /** Why a bearer token that was sent did not yield an identity. */
    identityError?: ApiError;
    /**
     * The caller's user record as this request read it to check the session (null: none), so the
     * routes' role checks read it no second time (`requireUserRole`).
     */
    callerRecord?: User | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._-]+)$/;

/**
 * A token's verified flag holds for the address it was issued for. Once the user record carries
 * another address (changed through the API, which leaves the new one unverified), a token from
 * before the change (valid for up to an hour) no longer counts as verified.
 */
function withRecordedEmail(identity: VerifiedIdentity, user: User | null): VerifiedIdentity {
  if (!identity.emailVerified) return identity;
  const sameEmail = !user || user.email.toLowerCase() === (identity.email ?? '').toLowerCase();
  return sameEmail ? identity : { ...identity, emailVerified: false };
}

/**
 * Whether the session of a verified token still holds, from the store alone (no identity-provider
 * call): the user record must not revoke it (account-status.ts), and an identity without a record
 * must not be a deleted user's.
 */
async function sessionHolds(token: VerifiedToken, user: (User & AccountStatusFields) | null, store: DocumentStore) {
  if (user) return !sessionRevoked(user, token.authTime);
  return !(await wasUserDeleted(store, token.uid));
}

/**
 * Verifies the bearer id token when one is sent and records the identity on the request,
 * or why there is none. Routes decide what they need with `requireIdentity`.
 */
export function identityMiddleware(verifier: IdentityVerifier, store: DocumentStore): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header) {
      next();
      return;
    }
    const match = BEARER.exec(header);
    if (!match?.[1]) {
      req.identityError = new ApiError('unauthenticated', 'Authorization header must be "Bearer <id token>"');
      next();
      return;
    }
    let token: VerifiedToken;
    try {
      token = await verifier.verifyIdToken(match[1]);
    } catch {
      req.identityError = sessionNotValid();
      next();
      return;
    }
    const user = await store.get<User & AccountStatusFields>(COLLECTIONS.users, token.uid);
    if (!(await sessionHolds(token, user, store))) {
      req.identityError = sessionNotValid();
      next();
      return;
    }
    const { uid, email, emailVerified } = token;
    req.identity = withRecordedEmail({ uid, email, emailVerified }, user);
    req.callerRecord = user;
    next();
  };
}

/**
 * The caller's user record (null: none): as the identity middleware read it for this request, else
 * read now. One read a request, after `requireIdentity`.
 */
export async function callerRecord(req: Request, store: DocumentStore): Promise<User | null> {
  return req.callerRecord !== undefined ? req.callerRecord : store.get<User>(COLLECTIONS.users, req.identity!.uid);
}

export interface IdentityRequirement {
  verifiedEmail: boolean;
  /** Replaces the reason given to callers without a valid token (missing, malformed or rejected). */
  unauthenticatedMessage?: string;
}

export function requireIdentity(options: IdentityRequirement): RequestHandler {
  return (req, _res, next) => {
    if (!req.identity) {
      next(
        options.unauthenticatedMessage !== undefined
          ? new ApiError('unauthenticated', options.unauthenticatedMessage)
          : (req.identityError ?? new ApiError('unauthenticated', 'Sign in to continue')),
      );
    } else if (options.verifiedEmail && !req.identity.emailVerified) {
      next(new ApiError('email-not-verified', 'Verify your email address to continue'));
    } else {
      next();
    }
  };
}

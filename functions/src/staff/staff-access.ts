import type { RequestHandler } from 'express';
import { STAFF_MESSAGES, STAFF_ROLES, type User, type UserRole } from '@portal/shared/domain';
import { ApiError } from '../http/api-error';
import { callerRecord, requireIdentity } from '../identity/identity-middleware';
import type { DocumentStore } from '../store/document-store';

declare module 'express-serve-static-core' {
  interface Request {
    /** The caller's user record, loaded by `requireUserRole`. */
    user?: User;
  }
}

/**
 * A verified caller whose user record has one of `roles` (the role is read from the store on
 * every request, never from the token, so a role change applies at once: the record the identity
 * middleware read for this request, else read here). Others get a 403.
 */
export function requireUserRole(store: DocumentStore, roles: readonly UserRole[]): RequestHandler[] {
  const message = roles.every((role) => role === 'super-reviewer')
    ? STAFF_MESSAGES.superReviewerOnly
    : STAFF_MESSAGES.staffOnly;
  return [
    requireIdentity({ verifiedEmail: true }),
    async (req, _res, next) => {
      const user = await callerRecord(req, store);
      if (!user || !roles.includes(user.role)) throw new ApiError('forbidden', message);
      req.user = user;
      next();
    },
  ];
}

export const requireStaff = (store: DocumentStore) => requireUserRole(store, STAFF_ROLES);
export const requireSuperReviewer = (store: DocumentStore) => requireUserRole(store, ['super-reviewer']);

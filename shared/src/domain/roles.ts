import type { UserRole } from './constants';

/** Spec section 2: where each role lands after signing in. */
export function homePathForRole(role: UserRole): string {
  return role === 'applicant' ? '/apply' : '/admin';
}

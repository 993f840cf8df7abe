import type { UserRole } from './constants';

/** Where each role lands after signing in (docs/product.md#screens-and-routes). */
export function homePathForRole(role: UserRole): string {
  return role === 'applicant' ? '/apply' : '/admin';
}

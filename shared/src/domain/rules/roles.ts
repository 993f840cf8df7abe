import type { UserRole } from '../ids/constants';

/** Where each role lands after signing in (docs/product.md#screens-and-routes). */
export function homePathForRole(role: UserRole): string {
  return role === 'applicant' ? '/apply' : '/admin';
}

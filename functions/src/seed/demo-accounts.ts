import type { User } from '@portal/shared/domain';

export const DEMO_PASSWORD = 'demo-password-123';

/** Demo accounts, one per role; the addresses use the reserved example.com domain. */
export const DEMO_USERS: User[] = [
  {
    id: 'demo-applicant',
    email: 'applicant@example.com',
    firstName: 'Avery',
    lastName: 'Applicant',
    role: 'applicant',
    activeApplications: [],
  },
  {
    id: 'demo-reviewer',
    email: 'reviewer@example.com',
    firstName: 'Riley',
    lastName: 'Reviewer',
    role: 'reviewer',
    activeApplications: [],
  },
  {
    id: 'demo-director',
    email: 'director@example.com',
    firstName: 'Dana',
    lastName: 'Director',
    role: 'super-reviewer',
    activeApplications: [],
  },
];

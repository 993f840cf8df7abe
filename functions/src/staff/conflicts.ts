import { normalizeEmail, type ConflictOfInterest, type ConflictView, type User } from '@portal/shared/domain';

/** Whether `staffId` declared a conflict with the applicant (by user id or email). */
export function conflictsWith(conflicts: ConflictOfInterest[]) {
  const byUser = new Set(conflicts.flatMap((c) => (c.applicantUserId ? [`${c.staffId}|${c.applicantUserId}`] : [])));
  const byEmail = new Set(conflicts.map((c) => `${c.staffId}|${c.email}`));
  return (staffId: string, applicant: { userId: string; email: string }) =>
    byUser.has(`${staffId}|${applicant.userId}`) || byEmail.has(`${staffId}|${normalizeEmail(applicant.email)}`);
}

/** What a caller reads back: the email only for a super-reviewer or a declaration by email. */
export function toConflictView(conflict: ConflictOfInterest, caller: User): ConflictView {
  const typed = conflict.label === conflict.email;
  return { ...conflict, email: caller.role === 'super-reviewer' || typed ? conflict.email : null };
}

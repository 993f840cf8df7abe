import { normalizeEmail, type ConflictOfInterest, type ConflictView, type User } from '@portal/shared/domain';

/** Whether `staffId` declared a conflict with the applicant (by user id or email). */
export function conflictsWith(conflicts: ConflictOfInterest[]) {
  const byUser = new Set(conflicts.flatMap((c) => (c.applicantUserId ? [`${c.staffId}|${c.applicantUserId}`] : [])));
  const byEmail = new Set(conflicts.map((c) => `${c.staffId}|${c.email}`));
  return (staffId: string, applicant: { userId: string; email: string }) =>
    byUser.has(`${staffId}|${applicant.userId}`) || byEmail.has(`${staffId}|${normalizeEmail(applicant.email)}`);
}

/** What a caller reads back (`ConflictView`): a reviewer only what they told the API themselves. */
export function toConflictView(conflict: ConflictOfInterest, caller: User): ConflictView {
  const { publicId, staffId, staffName, label, reason, declaredAt, email, setAside, reassigned } = conflict;
  const view = { id: publicId, staffId, staffName, label, reason, declaredAt };
  if (caller.role === 'super-reviewer') return { ...view, email, setAside, reassigned };
  return { ...view, email: label === email ? email : null };
}

import { ASSESSMENT_STATE_LABELS } from '@portal/shared/domain/ids/constants';
import { countOf, plural } from '@portal/shared/domain/ids/text';
import { DELETED_REVIEWER, type UserImpact } from '@portal/shared/domain/rules/staff';

/** "1 application, 2 role applications, …": what deleting this user removes; '' when nothing but the account. */
export function deletedText(impact: UserImpact): string {
  const parts = [
    impact.applications > 0 && countOf(impact.applications, 'application'),
    impact.roleApplications > 0 && countOf(impact.roleApplications, 'role application'),
    impact.assessmentsAbout > 0 &&
      countOf(impact.assessmentsAbout, 'review or interview of them', 'reviews and interviews of them'),
    impact.files > 0 && countOf(impact.files, 'uploaded file'),
  ].filter((part): part is string => typeof part === 'string');
  return parts.join(', ');
}

/** What happens to the work they were given as a reviewer. */
export function workText(impact: UserImpact, deleting: boolean): string[] {
  const lines: string[] = [];
  if (deleting && impact.submittedAssessments > 0) {
    lines.push(
      `${countOf(impact.submittedAssessments, 'submitted review or interview', 'submitted reviews and interviews')} ${plural(impact.submittedAssessments, 'stays', 'stay')}, attributed to "${DELETED_REVIEWER}".`,
    );
  }
  if (deleting && impact.openAssignments.length > 0) {
    lines.push(`${countOf(impact.openAssignments.length, 'open assignment')} will be unassigned.`);
  }
  return lines;
}

export const openStateLabel = (state: UserImpact['openAssignments'][number]['state']) => ASSESSMENT_STATE_LABELS[state];

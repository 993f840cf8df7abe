import type { ApplicationForm, TeamRole } from '@portal/shared/domain';

/** The section a review opens at: the form's first section a reviewer may see for that role. */
export function firstReviewSectionId(form: Pick<ApplicationForm, 'sections'>, role: TeamRole): string | null {
  const section = form.sections.find(
    (candidate) => !candidate.hiddenFromReviewers && (!candidate.forRoles || candidate.forRoles.includes(role)),
  );
  return section?.sectionId ?? null;
}

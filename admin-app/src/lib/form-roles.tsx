import type { ReactNode } from 'react';
import { useQuery } from '@portal/shared/query';
import { activeFormQueryOptions, usePortal, useRetryUnlessAnswered } from '@portal/shared/client';
import { formTeamRoles } from '@portal/shared/domain/ids/team-role-defaults';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { TeamRolesProvider, useTeamRoles } from '@portal/shared/ui';

/** What the reviewer-preference rule reads of a form: its roles and its review-role rule. */
export type ReviewRoleForm = Pick<ApplicationForm, 'roles' | 'reviewRoleRule'>;

/**
 * The active form's roles and rule, which reviewers' preferences follow; `{}` (the default roles
 * and rule) when there is no active form; undefined while it loads.
 */
export function useActiveReviewRoleForm(enabled = true): ReviewRoleForm | undefined {
  const { api } = usePortal();
  const retry = useRetryUnlessAnswered();
  const form = useQuery({ ...activeFormQueryOptions(api), retry, enabled });
  if (form.data) return form.data;
  return form.isError ? {} : undefined;
}

/**
 * The team roles of the form on screen, for every chip and label below: the given form's, or
 * (while it loads, or without one) those already in scope.
 */
export function FormRoles({ form, children }: { form: ReviewRoleForm | undefined | null; children: ReactNode }) {
  const inherited = useTeamRoles();
  return <TeamRolesProvider roles={form ? formTeamRoles(form) : inherited}>{children}</TeamRolesProvider>;
}

import type { ReactNode } from 'react';
import { Route, Routes } from '@portal/shared/router';
import { PageNotFound } from '@portal/shared/ui';
import { ActiveFormRedirect } from '../features/dashboard/active-form-redirect';
import { ApplicationPage } from '../features/applications/application-page';
import { AssignmentsPage } from '../features/assignments/assignments-page';
import { AuditPage } from '../features/audit/audit-page';
import { DashboardLayout } from '../features/dashboard/dashboard-layout';
import { FormsPage } from '../features/forms/forms-page';
import { EditFormPage, NewFormPage } from '../features/forms/builder/form-builder-page';
import { ResponsePage } from '../features/applications/response-page';
import { StaffAssessmentsPage } from '../features/assignments/staff-assessments-page';
import { SuperOnly } from '../lib/super-only';
import { UsersPage } from '../features/users/users-page';

const guarded = (page: ReactNode) => <SuperOnly>{page}</SuperOnly>;

/**
 * Everything under /admin/dor/ (spec section 2): the dashboard shell needs only sign-in (its tabs
 * are guarded inside it); every other page is for super-reviewers.
 */
export default function DorRoutes() {
  return (
    <Routes>
      <Route index element={guarded(<ActiveFormRedirect />)} />
      <Route path="dashboard/:formId/*" element={<DashboardLayout />} />
      <Route path="application/:formId/:responseId" element={guarded(<ApplicationPage />)} />
      <Route path="reviews/:responseId" element={guarded(<AssignmentsPage kind="review" />)} />
      <Route path="interviews/:responseId" element={guarded(<AssignmentsPage kind="interview" />)} />
      <Route path="reviewer/:formId/:staffId" element={guarded(<StaffAssessmentsPage kind="review" />)} />
      <Route path="interviewer/:formId/:staffId" element={guarded(<StaffAssessmentsPage kind="interview" />)} />
      <Route path="users" element={guarded(<UsersPage />)} />
      <Route path="forms" element={guarded(<FormsPage />)} />
      <Route path="forms/new" element={guarded(<NewFormPage />)} />
      <Route path="forms/:formId/edit" element={guarded(<EditFormPage />)} />
      <Route path="audit" element={guarded(<AuditPage />)} />
      <Route path="response/:responseId" element={guarded(<ResponsePage />)} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}

import type { ReactNode } from 'react';
import { Route, Routes } from '@portal/shared/router';
import { PageNotFound } from '@portal/shared/ui';
import { ActiveFormRedirect } from './active-form-redirect';
import { ApplicationPage } from './application-page';
import { AssignmentsPage } from './assignments-page';
import { AuditPage } from './audit-page';
import { DashboardLayout } from './dashboard-layout';
import { FormsPage } from './forms-page';
import { ResponsePage } from './response-page';
import { StaffAssessmentsPage } from './staff-assessments-page';
import { SuperOnly } from './super-only';
import { UsersPage } from './users-page';

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
      <Route path="audit" element={guarded(<AuditPage />)} />
      <Route path="response/:responseId" element={guarded(<ResponsePage />)} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}

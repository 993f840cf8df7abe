import type { ReactNode } from 'react';
import { Route, Routes } from '@portal/shared/router';
import { lazyPage, PageNotFound, Prefetched } from '@portal/shared/ui';
import { SuperOnly } from '../lib/super-only';
import { dashboardData } from './dashboard-data';

/** Each page is its own chunk, loaded when its route is visited (with the portal's loading screen). */
const ActiveFormRedirect = lazyPage(() => import('../features/dashboard/active-form-redirect'), 'ActiveFormRedirect');
const ApplicationPage = lazyPage(() => import('../features/applications/application-page'), 'ApplicationPage');
const AssignmentsPage = lazyPage(() => import('../features/assignments/assignments-page'), 'AssignmentsPage');
const AuditPage = lazyPage(() => import('../features/audit/audit-page'), 'AuditPage');
const ConflictsPage = lazyPage(() => import('../features/conflicts/conflicts-page'), 'ConflictsPage');
const DashboardLayout = lazyPage(() => import('../features/dashboard/dashboard-layout'), 'DashboardLayout');
const FormsPage = lazyPage(() => import('../features/forms/forms-page'), 'FormsPage');
const NewFormPage = lazyPage(() => import('../features/forms/builder/form-builder-page'), 'NewFormPage');
const EditFormPage = lazyPage(() => import('../features/forms/builder/form-builder-page'), 'EditFormPage');
const ReviewerProgressPage = lazyPage(
  () => import('../features/progress/reviewer-progress-page'),
  'ReviewerProgressPage',
);
const InterviewSlotsPage = lazyPage(() => import('../features/interviews/interview-slots-page'), 'InterviewSlotsPage');
const ResponsePage = lazyPage(() => import('../features/applications/response-page'), 'ResponsePage');
const StaffAssessmentsPage = lazyPage(
  () => import('../features/assignments/staff-assessments-page'),
  'StaffAssessmentsPage',
);
const UsersPage = lazyPage(() => import('../features/users/users-page'), 'UsersPage');

const guarded = (page: ReactNode) => <SuperOnly>{page}</SuperOnly>;

/**
 * Everything under /admin/dor/ (docs/product.md#screens-and-routes): the dashboard shell needs only sign-in (its tabs
 * are guarded inside it); every other page is for super-reviewers.
 */
export default function DorRoutes() {
  return (
    <Routes>
      <Route index element={guarded(<ActiveFormRedirect />)} />
      <Route
        path="dashboard/:formId/*"
        element={
          <Prefetched page={DashboardLayout} data={dashboardData} roles={['super-reviewer']}>
            <DashboardLayout />
          </Prefetched>
        }
      />
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
      <Route path="conflicts" element={guarded(<ConflictsPage />)} />
      <Route path="response/:responseId" element={guarded(<ResponsePage />)} />
      <Route path="progress/:formId" element={guarded(<ReviewerProgressPage />)} />
      <Route path="interview-slots/:formId" element={guarded(<InterviewSlotsPage />)} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}

import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { RequireRole } from '@portal/shared/client';
import { USER_ROLES, type UserRole } from '@portal/shared/domain';
import { Route, Routes } from '@portal/shared/router';
import { lazyPage, PageNotFound, PortalTheme } from '@portal/shared/ui';

/** Each page is its own chunk, loaded when its route is visited (with the portal's loading screen). */
const DecisionPage = lazyPage(() => import('../features/decision/decision-page'));
const InterviewPage = lazyPage(() => import('../features/interview/interview-page'));
const EditorPage = lazyPage(() => import('../features/editor/editor-page'));
const OverviewPage = lazyPage(() => import('../features/overview/overview-page'));
const RevisitPage = lazyPage(() => import('../features/revisit/revisit-page'));
const StatusPage = lazyPage(() => import('../features/status/status-page'));
const SubmitPage = lazyPage(() => import('../features/submit/submit-page'));
const SuccessPage = lazyPage(() => import('../features/success/success-page'));

const APPLICANT: readonly UserRole[] = ['applicant'];

/**
 * Applying (the editor, submit, success) is for applicants. Reading one's own applications
 * (status, answers, decisions and offers) is for every signed-in role: an applicant promoted to
 * staff keeps access to their application; the API answers each caller's own applications only.
 */
function Guarded({ roles, children }: { roles: readonly UserRole[]; children: ReactNode }) {
  return (
    <RequireRole
      roles={roles}
      fallback={
        <Spin size="large" description="Checking your account..." style={{ display: 'block', margin: '64px auto' }} />
      }
    >
      {children}
    </RequireRole>
  );
}

const ApplicantOnly = ({ children }: { children: ReactNode }) => <Guarded roles={APPLICANT}>{children}</Guarded>;
const AnyRole = ({ children }: { children: ReactNode }) => <Guarded roles={USER_ROLES}>{children}</Guarded>;

/**
 * docs/product.md#screens-and-routes: everything under /apply, rendered by the shell inside its
 * router, QueryClient and session.
 */
function ApplicantRoutesTree() {
  return (
    <Routes>
      <Route index element={<OverviewPage />} />
      <Route
        path="f/:formId/:sectionId"
        element={
          <ApplicantOnly>
            <EditorPage />
          </ApplicantOnly>
        }
      />
      <Route
        path="status"
        element={
          <AnyRole>
            <StatusPage />
          </AnyRole>
        }
      />
      <Route
        path="revisit/:formId"
        element={
          <AnyRole>
            <RevisitPage />
          </AnyRole>
        }
      />
      <Route
        path="submit/:formId"
        element={
          <ApplicantOnly>
            <SubmitPage />
          </ApplicantOnly>
        }
      />
      <Route
        path="success"
        element={
          <ApplicantOnly>
            <SuccessPage />
          </ApplicantOnly>
        }
      />
      <Route
        path="interview/:formId"
        element={
          <AnyRole>
            <InterviewPage />
          </AnyRole>
        }
      />
      <Route
        path="decision/:responseId/:role"
        element={
          <AnyRole>
            <DecisionPage />
          </AnyRole>
        }
      />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}

/** The remote's route tree in the portal's theme (the remote's own antd reads it from its own provider). */
export default function ApplicantRoutes() {
  return (
    <PortalTheme>
      <ApplicantRoutesTree />
    </PortalTheme>
  );
}

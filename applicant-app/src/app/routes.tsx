import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { RequireRole } from '@portal/shared/client';
import type { UserRole } from '@portal/shared/domain';
import { Route, Routes } from '@portal/shared/router';
import { PageNotFound, PortalTheme } from '@portal/shared/ui';
import DecisionPage from '../features/decision/decision-page';
import EditorPage from '../features/editor/editor-page';
import OverviewPage from '../features/overview/overview-page';
import RevisitPage from '../features/revisit/revisit-page';
import StatusPage from '../features/status/status-page';
import SubmitPage from '../features/submit/submit-page';
import SuccessPage from '../features/success/success-page';

const APPLICANT: readonly UserRole[] = ['applicant'];

function ApplicantOnly({ children }: { children: ReactNode }) {
  return (
    <RequireRole
      roles={APPLICANT}
      fallback={
        <Spin size="large" description="Checking your account..." style={{ display: 'block', margin: '64px auto' }} />
      }
    >
      {children}
    </RequireRole>
  );
}

/** Spec section 2: everything under /apply, rendered by the shell inside its router, QueryClient and session. */
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
          <ApplicantOnly>
            <StatusPage />
          </ApplicantOnly>
        }
      />
      <Route
        path="revisit/:formId"
        element={
          <ApplicantOnly>
            <RevisitPage />
          </ApplicantOnly>
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
        path="decision/:responseId/:role"
        element={
          <ApplicantOnly>
            <DecisionPage />
          </ApplicantOnly>
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

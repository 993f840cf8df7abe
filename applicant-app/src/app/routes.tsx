import type { ReactNode } from 'react';
import { Spin } from 'antd';
import {
  activeFormQueryOptions,
  decisionQueryOptions,
  formQueryOptions,
  myApplicationsQueryOptions,
  RequireRole,
} from '@portal/shared/client';
import { isId, USER_ROLES, type UserRole } from '@portal/shared/domain/ids/constants';
import { Route, Routes } from '@portal/shared/router';
import { lazyPage, PageNotFound, PortalTheme, Prefetched, type LazyPart, type PageData } from '@portal/shared/ui';
import { interviewsQueryOptions } from '../features/interview/interview-queries';

/**
 * Each page is its own chunk, loaded when its route is visited (with the portal's loading screen).
 * The overview, where every visit comes in (/apply), is in this module's own chunk, so the antd
 * components it takes from the shell are asked for with it, not once it has arrived
 * (docs/performance.md#where-the-figures-stand).
 */
const DecisionPage = lazyPage(() => import('../features/decision/decision-page'));
const InterviewPage = lazyPage(() => import('../features/interview/interview-page'));
const EditorPage = lazyPage(() => import('../features/editor/editor-page'));
const OverviewPage = lazyPage(() => import(/* webpackMode: "eager" */ '../features/overview/overview-page'));
const RevisitPage = lazyPage(() => import('../features/revisit/revisit-page'));
const StatusPage = lazyPage(() => import('../features/status/status-page'));
const SubmitPage = lazyPage(() => import('../features/submit/submit-page'));
const SuccessPage = lazyPage(() => import('../features/success/success-page'));

const APPLICANT: readonly UserRole[] = ['applicant'];

/** What each page first asks for (see `Prefetched`). */
const DATA = {
  overview: (client, api) => [
    client.prefetchQuery(activeFormQueryOptions(api)),
    client.prefetchQuery(myApplicationsQueryOptions(api)),
  ],
  form: (client, api, { formId = '' }) => (formId ? [client.prefetchQuery(formQueryOptions(api, formId))] : []),
  mine: (client, api) => [client.prefetchQuery(myApplicationsQueryOptions(api))],
  revisit: (client, api, { formId = '' }) => [
    client.prefetchQuery(formQueryOptions(api, formId)),
    client.prefetchQuery(myApplicationsQueryOptions(api)),
  ],
  interview: (client, api, { formId = '' }) => [client.prefetchQuery(interviewsQueryOptions(api, formId))],
  // A role that cannot be a role id is not found, without asking (the decision page says so).
  decision: (client, api, { responseId = '', role = '' }) =>
    isId(role) ? [client.prefetchQuery(decisionQueryOptions(api, responseId, role))] : [],
} satisfies Record<string, PageData>;

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

/** A guarded page, with its code and first data asked for as its route is entered. */
function Page({ page: Lazy, roles, data }: { page: LazyPart<object>; roles: readonly UserRole[]; data: PageData }) {
  return (
    <Prefetched page={Lazy} roles={roles} data={data}>
      <Guarded roles={roles}>
        <Lazy />
      </Guarded>
    </Prefetched>
  );
}

/**
 * docs/product.md#screens-and-routes: everything under /apply, rendered by the shell inside its
 * router, QueryClient and session.
 */
function ApplicantRoutesTree() {
  return (
    <Routes>
      <Route
        index
        element={
          <Prefetched page={OverviewPage} roles={USER_ROLES} data={DATA.overview}>
            <OverviewPage />
          </Prefetched>
        }
      />
      <Route path="f/:formId/:sectionId" element={<Page page={EditorPage} roles={APPLICANT} data={DATA.form} />} />
      <Route path="status" element={<Page page={StatusPage} roles={USER_ROLES} data={DATA.mine} />} />
      <Route path="revisit/:formId" element={<Page page={RevisitPage} roles={USER_ROLES} data={DATA.revisit} />} />
      <Route path="submit/:formId" element={<Page page={SubmitPage} roles={APPLICANT} data={DATA.form} />} />
      <Route path="success" element={<Page page={SuccessPage} roles={APPLICANT} data={DATA.mine} />} />
      <Route
        path="interview/:formId"
        element={<Page page={InterviewPage} roles={USER_ROLES} data={DATA.interview} />}
      />
      <Route
        path="decision/:responseId/:role"
        element={<Page page={DecisionPage} roles={USER_ROLES} data={DATA.decision} />}
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

import { useState } from 'react';
import { Alert, Flex, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@portal/shared/query';
import { ApiRequestError, formQueryOptions, useCurrentUser, usePortal } from '@portal/shared/client';
import { Link, Navigate, Route, Routes, useParams } from '@portal/shared/router';
import { lazyPage, PageNotFound, StatusResult, useScreens } from '@portal/shared/ui';
import { DashboardHeader, searchFor, useDashboardTabs } from '../../lib/dashboard-header';
import { ReleasedNotice } from '../../lib/released-notice';
import { SuperOnly } from '../../lib/super-only';
import { ApplicationsTab } from './applications-tab';
import { ExportMenu, FilesExportNotice } from './export-menu';
import { OfferDeadlineCard } from './offer-deadline';
import { OffersCard } from './offers-card';
import { ReleaseButton } from './release-button';
import { ReleaseProgressNotice } from './release-progress';
import { ReleaseScheduleCard } from './release-schedule-card';
import { StaffTab } from './staff-tab';
import { SavedViews } from './saved-views';
import { FormRoles } from '../../lib/form-roles';

const TABS = [
  { key: 'all', label: 'All applications' },
  { key: 'qualified', label: 'Qualified' },
  { key: 'reviewers', label: 'Reviewers' },
  { key: 'interviewers', label: 'Interviewers' },
  { key: 'pipeline', label: 'Pipeline' },
];

/** Its own chunk with the chart library: only this tab downloads it (docs/performance.md#pipeline-at-a-glance). */
const PipelineTab = lazyPage(() => import('./pipeline-tab'), 'PipelineTab');

/** `/admin/dor/dashboard/{formId}/*`: the form's heading, one search box and the four tabs (the URL is the state). */
export function DashboardLayout() {
  const { formId = '' } = useParams();
  const { api } = usePortal();
  const user = useCurrentUser();
  const form = useQuery(formQueryOptions(api, formId));
  const released = form.data?.decisionsReleased ?? false;
  const [blocked, setBlocked] = useState<string | null>(null);
  const screens = useScreens();
  const base = `/admin/dor/dashboard/${encodeURIComponent(formId)}`;
  const { tab, open, q, text, setText } = useDashboardTabs(
    base,
    TABS.map((item) => item.key),
  );

  // An unknown form id is said at once (a 404 is not retried), without the dashboard's frame or its Release button.
  if (form.error instanceof ApiRequestError && form.error.status === 404) {
    return (
      <StatusResult
        status="404"
        title={form.error.message}
        subTitle={`There is no form with the id “${formId}”.`}
        extra={<Link to="/admin/dor/forms">Manage forms</Link>}
      />
    );
  }

  return (
    <FormRoles form={form.data}>
      <Flex vertical gap={16}>
        <DashboardHeader
          title="Super Reviewer Dashboard"
          subtitle={
            form.data && (
              <Flex align="center" gap={8}>
                <Typography.Text type="secondary">{form.data.semester}</Typography.Text>
                {form.data.decisionsReleased && <Tag color="green">Decisions released</Tag>}
              </Flex>
            )
          }
          action={
            user.data?.role === 'super-reviewer' && (
              <Flex gap={8} wrap>
                {form.data && <ExportMenu form={form.data} />}
                <ReleaseButton formId={formId} released={released} onBlocked={setBlocked} />
              </Flex>
            )
          }
          text={text}
          setText={setText}
        />
        {released && <ReleasedNotice />}
        {released && user.data?.role === 'super-reviewer' && <ReleaseProgressNotice formId={formId} />}
        {user.data?.role === 'super-reviewer' && form.data && <FilesExportNotice form={form.data} />}
        {blocked && !released && (
          <Alert
            type="warning"
            showIcon
            closable={{ onClose: () => setBlocked(null) }}
            title={blocked}
            description={<Link to={`${base}/all?filter=undecided`}>Show the undecided applications</Link>}
          />
        )}
        {user.data?.role === 'super-reviewer' && form.data && !released && (
          <ReleaseScheduleCard formId={formId} timeZone={form.data.timeZone} />
        )}
        {user.data?.role === 'super-reviewer' && <OffersCard formId={formId} released={released} />}
        {user.data?.role === 'super-reviewer' && form.data && (
          <OfferDeadlineCard key={form.data.offerReplyDays ?? 'none'} form={form.data} />
        )}
        {user.data?.role === 'super-reviewer' && <SavedViews formId={formId} base={base} tab={tab} />}
        {/* Five tabs do not fit a phone's width: there they stand one above the other, none hidden. */}
        <Tabs activeKey={tab} items={TABS} onChange={open} tabPlacement={screens.md === false ? 'start' : 'top'} />
        <Routes>
          <Route index element={<Navigate to={{ pathname: `${base}/all`, search: searchFor(q) }} replace />} />
          {(['all', 'qualified'] as const).map((rows) => (
            <Route
              key={rows}
              path={rows}
              element={
                <SuperOnly>
                  <ApplicationsTab formId={formId} tab={rows} search={q} readOnly={released} />
                </SuperOnly>
              }
            />
          ))}
          {(
            [
              ['reviewers', 'review'],
              ['interviewers', 'interview'],
            ] as const
          ).map(([path, kind]) => (
            <Route
              key={path}
              path={path}
              element={
                <SuperOnly>
                  <StaffTab formId={formId} kind={kind} search={q} />
                </SuperOnly>
              }
            />
          ))}
          <Route
            path="pipeline"
            element={
              <SuperOnly>
                <PipelineTab formId={formId} />
              </SuperOnly>
            }
          />
          <Route path="*" element={<PageNotFound />} />
        </Routes>
      </Flex>
    </FormRoles>
  );
}

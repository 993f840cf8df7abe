import { Flex, Segmented } from 'antd';
import { Navigate, Route, Routes, useParams } from '@portal/shared/router';
import { PageNotFound } from '@portal/shared/ui';
import { DashboardHeader, searchFor, useDashboardTabs } from '../../lib/dashboard-header';
import { AssessmentsTab } from './assessments-tab';

const TABS = [
  { value: 'apps', label: 'Applications' },
  { value: 'interviews', label: 'Interviews' },
] as const;

/** `/admin/reviewer/dashboard/{formId}/`: the caller's reviews and interviews, one search box over both tabs. */
export function ReviewerDashboard() {
  const { formId = '' } = useParams();
  const base = `/admin/reviewer/dashboard/${encodeURIComponent(formId)}`;
  const { tab, open, q, text, setText } = useDashboardTabs(
    base,
    TABS.map((item) => item.value),
  );

  return (
    <Flex vertical gap={16}>
      <DashboardHeader title="Reviewer dashboard" text={text} setText={setText} />
      <Segmented
        aria-label="Assigned to you"
        value={tab}
        options={[...TABS]}
        onChange={open}
        style={{ alignSelf: 'flex-start' }}
      />
      <Routes>
        <Route index element={<Navigate to={{ pathname: `${base}/apps`, search: searchFor(q) }} replace />} />
        <Route path="apps" element={<AssessmentsTab formId={formId} kind="review" search={q} />} />
        <Route path="interviews" element={<AssessmentsTab formId={formId} kind="interview" search={q} />} />
        <Route path="*" element={<PageNotFound />} />
      </Routes>
    </Flex>
  );
}

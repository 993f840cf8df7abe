import { Flex, Segmented } from 'antd';
import { useQuery } from '@portal/shared/query';
import { formQueryOptions, useCurrentUser, usePortal } from '@portal/shared/client';
import { BLIND_REVIEW_TEXTS, readsBlind } from '@portal/shared/domain/rules/blind-review';
import { Link, Navigate, Route, Routes, useParams } from '@portal/shared/router';
import { PageNotFound } from '@portal/shared/ui';
import { DashboardHeader, searchFor, useDashboardTabs } from '../../lib/dashboard-header';
import { SETTINGS_PATH } from '../../lib/paths';
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

  const { api } = usePortal();
  const user = useCurrentUser().data;
  const isReviewer = user?.role === 'reviewer';
  const form = useQuery(formQueryOptions(api, formId)).data;
  // As the server searches: in blind review a reviewer finds an applicant by pseudonym only.
  const blind = !!user && !!form && readsBlind(user, form, [tab === 'interviews' ? 'interview' : 'review']);

  return (
    <Flex vertical gap={16}>
      <DashboardHeader
        title="Reviewer dashboard"
        text={text}
        setText={setText}
        placeholder={blind ? BLIND_REVIEW_TEXTS.search : undefined}
      />
      <Flex gap={16} align="center" justify="space-between" wrap>
        <Segmented aria-label="Assigned to you" value={tab} options={[...TABS]} onChange={open} />
        {isReviewer && <Link to={SETTINGS_PATH}>Review preferences</Link>}
      </Flex>
      <Routes>
        <Route index element={<Navigate to={{ pathname: `${base}/apps`, search: searchFor(q) }} replace />} />
        <Route path="apps" element={<AssessmentsTab formId={formId} kind="review" search={q} />} />
        <Route path="interviews" element={<AssessmentsTab formId={formId} kind="interview" search={q} />} />
        <Route path="*" element={<PageNotFound />} />
      </Routes>
    </Flex>
  );
}

import { Flex, Input, Segmented, Typography } from 'antd';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from '@portal/shared/router';
import { PageNotFound } from '@portal/shared/ui';
import { useUrlSearch } from '../../lib/use-url-search';
import { AssessmentsTab } from './assessments-tab';

const TABS = [
  { value: 'apps', label: 'Applications' },
  { value: 'interviews', label: 'Interviews' },
];

const searchFor = (text: string) => {
  const trimmed = text.trim();
  return trimmed ? `?${new URLSearchParams({ q: trimmed }).toString()}` : '';
};

/** `/admin/reviewer/dashboard/{formId}/`: the caller's reviews and interviews, one search box over both tabs. */
export function ReviewerDashboard() {
  const { formId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { q, text, setText } = useUrlSearch();
  const base = `/admin/reviewer/dashboard/${encodeURIComponent(formId)}`;
  const tab = pathname.replace(/\/+$/, '').endsWith('/interviews') ? 'interviews' : 'apps';

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Reviewer dashboard
      </Typography.Title>
      <Input.Search
        allowClear
        aria-label="Search applicants"
        placeholder="Search by name or email"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        style={{ maxWidth: 420 }}
      />
      <Segmented
        aria-label="Assigned to you"
        value={tab}
        options={TABS}
        onChange={(key) => navigate({ pathname: `${base}/${key}`, search: searchFor(text) })}
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

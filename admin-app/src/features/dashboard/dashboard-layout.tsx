import { Flex, Input, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formQueryOptions, useCurrentUser, usePortal } from '@portal/shared/client';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from '@portal/shared/router';
import { PageNotFound } from '@portal/shared/ui';
import { AllTab } from './all-tab';
import { QualifiedTab } from './qualified-tab';
import { ReleaseButton } from './release-button';
import { StaffTab } from './staff-tab';
import { SuperOnly } from '../../lib/super-only';
import { useUrlSearch } from '../../lib/use-url-search';

const TABS = [
  { key: 'all', label: 'All applications' },
  { key: 'qualified', label: 'Qualified' },
  { key: 'reviewers', label: 'Reviewers' },
  { key: 'interviewers', label: 'Interviewers' },
];

const searchFor = (text: string) => {
  const trimmed = text.trim();
  return trimmed ? `?${new URLSearchParams({ q: trimmed }).toString()}` : '';
};

/** `/admin/dor/dashboard/{formId}/*`: the form's heading, one search box and the four tabs (the URL is the state). */
export function DashboardLayout() {
  const { formId = '' } = useParams();
  const { api } = usePortal();
  const user = useCurrentUser();
  const form = useQuery(formQueryOptions(api, formId));
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { q, text, setText } = useUrlSearch();
  const base = `/admin/dor/dashboard/${encodeURIComponent(formId)}`;
  const tab = TABS.find((item) => pathname.replace(/\/+$/, '').endsWith(`/${item.key}`))?.key ?? 'all';

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex vertical>
          <Typography.Title level={2} style={{ margin: 0 }}>
            Super Reviewer Dashboard
          </Typography.Title>
          {form.data && (
            <Flex align="center" gap={8}>
              <Typography.Text type="secondary">{form.data.semester}</Typography.Text>
              {form.data.decisionsReleased && <Tag color="green">Decisions released</Tag>}
            </Flex>
          )}
        </Flex>
        {user.data?.role === 'super-reviewer' && <ReleaseButton formId={formId} />}
      </Flex>
      <Input.Search
        allowClear
        aria-label="Search applicants"
        placeholder="Search by name or email"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        style={{ maxWidth: 420 }}
      />
      <Tabs
        activeKey={tab}
        items={TABS}
        onChange={(key) => navigate({ pathname: `${base}/${key}`, search: searchFor(text) })}
      />
      <Routes>
        <Route index element={<Navigate to={{ pathname: `${base}/all`, search: searchFor(q) }} replace />} />
        <Route
          path="all"
          element={
            <SuperOnly>
              <AllTab formId={formId} search={q} />
            </SuperOnly>
          }
        />
        <Route
          path="qualified"
          element={
            <SuperOnly>
              <QualifiedTab formId={formId} search={q} />
            </SuperOnly>
          }
        />
        <Route
          path="reviewers"
          element={
            <SuperOnly>
              <StaffTab formId={formId} kind="review" search={q} />
            </SuperOnly>
          }
        />
        <Route
          path="interviewers"
          element={
            <SuperOnly>
              <StaffTab formId={formId} kind="interview" search={q} />
            </SuperOnly>
          }
        />
        <Route path="*" element={<PageNotFound />} />
      </Routes>
    </Flex>
  );
}

import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useQuery } from '@portal/shared/query';
import {
  activeFormQueryOptions,
  isApiRefusal,
  useCurrentUser,
  usePortal,
  useRetryUnlessAnswered,
} from '@portal/shared/client';
import { USER_ROLE_LABELS } from '@portal/shared/domain/ids/constants';
import { RESPONSE_MESSAGES } from '@portal/shared/domain/messages/response-messages';
import { Link } from '@portal/shared/router';
import { SETTINGS_PATH } from '../../lib/paths';
import { PageSkeleton, PageTitle, LoadError, StatusResult } from '@portal/shared/ui';

/** The home page's links in columns of one width (as many as fit), each card as tall as its row. */
const CARD_GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 16 } as const;

function CardLink({ to, title, children }: { to: string; title: string; children: ReactNode }) {
  return (
    <Link to={to}>
      <Card hoverable title={title} style={{ height: '100%' }}>
        <Typography.Text type="secondary">{children}</Typography.Text>
      </Card>
    </Link>
  );
}

/** Where only a super-reviewer goes, whether or not a form is active. */
function SuperReviewerLinks() {
  return (
    <>
      <CardLink to="/admin/dor/users" title="Users">
        Change roles and remove accounts.
      </CardLink>
      <CardLink to="/admin/dor/forms" title="Forms">
        Validate, publish and release forms.
      </CardLink>
      <CardLink to="/admin/dor/audit" title="Audit log">
        Who changed roles, assignments and decisions, and when.
      </CardLink>
      <CardLink to="/admin/dor/conflicts" title="Conflicts of interest">
        Who declared a conflict with which applicant, and what it set aside.
      </CardLink>
    </>
  );
}

/** A reviewer's settings (a super-reviewer has no preferences to set). */
function SettingsLink() {
  return (
    <CardLink to={SETTINGS_PATH} title="Review preferences">
      The team roles you review.
    </CardLink>
  );
}

function StaffLinks({ isSuper }: { isSuper: boolean }) {
  const { api } = usePortal();
  const retry = useRetryUnlessAnswered();
  const activeForm = useQuery({ ...activeFormQueryOptions(api), retry });
  if (isApiRefusal(activeForm.error, 'no-active-form')) {
    return (
      <>
        <StatusResult status="info" title={RESPONSE_MESSAGES.noActiveForm} />
        <div style={CARD_GRID}>{isSuper ? <SuperReviewerLinks /> : <SettingsLink />}</div>
      </>
    );
  }
  if (activeForm.isError) {
    return (
      <LoadError
        title="The active form could not be loaded."
        error={activeForm.error}
        onRetry={() => void activeForm.refetch()}
      />
    );
  }
  if (activeForm.isPending) return <PageSkeleton label="Loading the active form" />;
  const formId = encodeURIComponent(activeForm.data.id);
  return (
    <div style={CARD_GRID}>
      {isSuper && (
        <>
          <CardLink to={`/admin/dor/dashboard/${formId}/all`} title="Super Reviewer dashboard">
            Every application under review for {activeForm.data.semester}.
          </CardLink>
          <SuperReviewerLinks />
        </>
      )}
      <CardLink to={`/admin/reviewer/dashboard/${formId}/apps`} title="Reviewer dashboard">
        The applications and interviews assigned to you for {activeForm.data.semester}.
      </CardLink>
      {!isSuper && <SettingsLink />}
    </div>
  );
}

/** `/admin`: where each role goes from here. */
export function AdminHome() {
  const user = useCurrentUser();

  const body = () => {
    if (user.isError) {
      return (
        <LoadError title="Your account could not be loaded." error={user.error} onRetry={() => void user.refetch()} />
      );
    }
    if (user.isPending) return <PageSkeleton label="Loading your account" />;
    const role = user.data?.role;
    if (role === 'reviewer' || role === 'super-reviewer') return <StaffLinks isSuper={role === 'super-reviewer'} />;
    return (
      <Typography.Paragraph>
        This area is for reviewers and super-reviewers. To apply, go to <Link to="/apply">your applications</Link>.
      </Typography.Paragraph>
    );
  };

  return (
    <Flex vertical gap={16}>
      <PageTitle>Admin Home</PageTitle>
      {user.data && <Typography.Text type="secondary">Signed in as {USER_ROLE_LABELS[user.data.role]}</Typography.Text>}
      {body()}
    </Flex>
  );
}

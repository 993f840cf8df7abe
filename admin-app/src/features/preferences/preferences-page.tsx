import { Button, Card, Flex, Typography } from 'antd';
import { useCurrentUser, usePortal } from '@portal/shared/client';
import { reviewRoleRuleText, rolePreferencesValid } from '@portal/shared/domain/rules/team-roles';
import type { User } from '@portal/shared/domain/schemas/forms';
import { useActiveReviewRoleForm, type ReviewRoleForm } from '../../lib/form-roles';
import { PageSkeleton, PageTitle } from '@portal/shared/ui';
import { ConflictsCard } from '../conflicts';
import { DigestSwitch } from './digest-switch';
import { RoleCheckboxes, useRolePreferences } from './role-preferences-fields';

function PreferencesForm({ user, sessionUid, form }: { user: User; sessionUid: string; form: ReviewRoleForm }) {
  const { roles, toggle, save } = useRolePreferences(user, sessionUid, form);
  const saved = user.applicantRolePreferences ?? [];
  const unchanged = saved.length === roles.length && roles.every((role) => saved.includes(role));
  return (
    <Card title="Roles you review" style={{ maxWidth: 560 }}>
      <Flex vertical gap={16} align="flex-start">
        <Typography.Text>{reviewRoleRuleText(form)}</Typography.Text>
        <Typography.Text type="secondary">
          Auto-assign gives you applications for these roles; reviews already assigned to you stay.
        </Typography.Text>
        <RoleCheckboxes roles={roles} toggle={toggle} form={form} />
        <Button
          type="primary"
          disabled={!rolePreferencesValid(roles, form) || unchanged}
          loading={save.isPending}
          onClick={() => save.mutate(undefined)}
        >
          Save preferences
        </Button>
      </Flex>
    </Card>
  );
}

/** `/admin/settings`: a reviewer changes the team roles they review, after the first dialog too. */
export function PreferencesPage() {
  const { identity } = usePortal();
  const user = useCurrentUser();
  const form = useActiveReviewRoleForm();
  // The page appears whole once the reviewer and the active form's roles are known.
  if (!user.data || !identity || !form) return <PageSkeleton label="Loading your preferences" />;
  return (
    <Flex vertical gap={16}>
      <PageTitle>Review preferences</PageTitle>
      <PreferencesForm
        key={user.data.applicantRolePreferences?.join() ?? ''}
        user={user.data}
        sessionUid={identity.uid}
        form={form}
      />
      <DigestSwitch user={user.data} sessionUid={identity.uid} />
      <ConflictsCard everyone={user.data.role === 'super-reviewer'} />
    </Flex>
  );
}

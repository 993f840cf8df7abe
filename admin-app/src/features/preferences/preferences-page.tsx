import { Button, Card, Flex, Typography } from 'antd';
import { useCurrentUser, usePortal } from '@portal/shared/client';
import { STAFF_MESSAGES, rolePreferencesValid, type User } from '@portal/shared/domain';
import { PageSkeleton } from '@portal/shared/ui';
import { RoleCheckboxes, useRolePreferences } from './role-preferences-fields';

function PreferencesForm({ user, sessionUid }: { user: User; sessionUid: string }) {
  const { roles, toggle, save } = useRolePreferences(user, sessionUid);
  const saved = user.applicantRolePreferences ?? [];
  const unchanged = saved.length === roles.length && roles.every((role) => saved.includes(role));
  return (
    <Card title="Roles you review" style={{ maxWidth: 560 }}>
      <Flex vertical gap={16} align="flex-start">
        <Typography.Text>{STAFF_MESSAGES.preferencesRule}</Typography.Text>
        <Typography.Text type="secondary">
          Auto-assign gives you applications for these roles; reviews already assigned to you stay.
        </Typography.Text>
        <RoleCheckboxes roles={roles} toggle={toggle} />
        <Button
          type="primary"
          disabled={!rolePreferencesValid(roles) || unchanged}
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
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Review preferences
      </Typography.Title>
      {user.data && identity ? (
        <PreferencesForm
          key={user.data.applicantRolePreferences?.join() ?? ''}
          user={user.data}
          sessionUid={identity.uid}
        />
      ) : (
        <PageSkeleton label="Loading your preferences" />
      )}
    </Flex>
  );
}

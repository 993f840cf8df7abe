import { useState } from 'react';
import { Button, Flex, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { usePortal } from '@portal/shared/client';
import { USER_ROLE_LABELS, USER_ROLES, type UserRole } from '@portal/shared/domain/ids/constants';
import { countOf } from '@portal/shared/domain/ids/text';
import { displayName } from '@portal/shared/domain/rules/search';
import type { StaffMember } from '@portal/shared/domain/rules/staff';
import type { OpenAssignmentAction } from '@portal/shared/domain/schemas/staff-api';
import { changeUsersRole, deleteUsers, useUsers } from '../../api/users';
import { PagedTable } from '../../lib/paged-table';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { useDebounced } from '../../lib/use-url-search';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { DeleteUsersDialog } from './delete-users-dialog';
import { LeftoversButton } from './leftovers-button';
import { RoleChangeDialog } from './role-change-dialog';
import { PageTitle } from '@portal/shared/ui';

const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: USER_ROLE_LABELS[role] }));
const ROLE_FILTER_OPTIONS = [{ value: '', label: 'All roles' }, ...ROLE_OPTIONS];

/** `/admin/dor/users`: find users, change the role of or delete those selected. */
export function UsersPage() {
  const { api } = usePortal();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const [role, setRole] = useState<UserRole | ''>('');
  const pages = useCursorPages(`${search}|${role}`);
  const users = useUsers({ search, role: role || undefined, cursor: pages.cursor ?? undefined });
  const [selected, setSelected] = useState<string[]>([]);
  const [newRole, setNewRole] = useState<UserRole | undefined>();
  const [dialog, setDialog] = useState<'role' | 'delete' | null>(null);
  const done = () => {
    setSelected([]);
    setDialog(null);
  };

  const changeRole = useStaffMutation(
    (input: { userIds: string[]; role: UserRole; openAssignments?: OpenAssignmentAction }) =>
      changeUsersRole(api, input),
    {
      success: (result, input) =>
        [
          `${countOf(result.updated, 'user')} now ${USER_ROLE_LABELS[input.role]}.`,
          result.reassigned > 0 ? `${countOf(result.reassigned, 'assignment')} reassigned.` : '',
          result.unassigned > 0 ? `${countOf(result.unassigned, 'assignment')} unassigned.` : '',
        ]
          .filter(Boolean)
          .join(' '),
      onSuccess: done,
    },
  );
  const remove = useStaffMutation((userIds: string[]) => deleteUsers(api, { userIds }), {
    success: (result) => `${countOf(result.deleted, 'user')} deleted.`,
    onSuccess: done,
  });

  const columns: ColumnsType<StaffMember> = [
    { title: 'Name', key: 'name', render: (_: unknown, user) => displayName(user) },
    { title: 'Email', dataIndex: 'email', key: 'email' },
    { title: 'Role', key: 'role', render: (_: unknown, user) => USER_ROLE_LABELS[user.role] },
  ];

  const count = selected.length;
  const busy = changeRole.isPending || remove.isPending;

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} justify="space-between" align="center" wrap>
        <PageTitle>Users</PageTitle>
        <LeftoversButton />
      </Flex>
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          aria-label="Search users"
          placeholder="Search by name or email"
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          style={{ maxWidth: 360 }}
        />
        <Select<UserRole | ''>
          aria-label="Role filter"
          style={{ minWidth: 160 }}
          options={ROLE_FILTER_OPTIONS}
          value={role}
          onChange={setRole}
        />
      </Flex>
      <Flex gap={8} align="center" wrap role="group" aria-label="Selected users">
        <Select<UserRole>
          aria-label="New role"
          placeholder="Choose a role"
          style={{ minWidth: 160 }}
          options={ROLE_OPTIONS}
          value={newRole}
          onChange={setNewRole}
        />
        <Button
          disabled={count === 0 || !newRole || busy}
          loading={changeRole.isPending}
          onClick={() => setDialog('role')}
        >
          {`Apply to ${count} selected`}
        </Button>
        <Button danger disabled={count === 0 || busy} loading={remove.isPending} onClick={() => setDialog('delete')}>
          Delete
        </Button>
      </Flex>
      {newRole && (
        <RoleChangeDialog
          userIds={selected}
          role={newRole}
          open={dialog === 'role'}
          pending={changeRole.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={(openAssignments) =>
            changeRole.mutate({ userIds: selected, role: newRole, ...(openAssignments ? { openAssignments } : {}) })
          }
        />
      )}
      <DeleteUsersDialog
        userIds={selected}
        open={dialog === 'delete'}
        pending={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => remove.mutate(selected)}
      />
      <PagedTable<StaffMember>
        rowKey="id"
        columns={columns}
        query={users}
        pages={pages}
        errorTitle="The users could not be loaded."
        loadingLabel="Loading users"
        countText={(total) => countOf(total, 'user')}
        emptyText={search || role ? 'Nothing matches your search.' : 'No users yet.'}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (user) => ({ 'aria-label': `Select ${displayName(user)}` }),
        }}
      />
    </Flex>
  );
}

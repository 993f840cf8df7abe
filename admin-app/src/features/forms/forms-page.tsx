import { Button, Flex, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { countOf } from '@portal/shared/domain/ids/text';
import type { FormSummary } from '@portal/shared/domain/rules/staff';
import { Link, useNavigate } from '@portal/shared/router';
import { PageSkeleton, PageTitle, LoadError } from '@portal/shared/ui';
import { useFormSummaries } from '../../api/forms';
import { ActivateFormButton } from './activate-form-button';
import { DueDateEditor } from './due-date-editor';
import { FailedEmails } from './failed-emails';
import { FormDefinitionCard } from './form-definition-card';
import { dorPaths } from '../../lib/paths';
import { wideTable } from '../../lib/wide-table';

/** `/admin/dor/forms`: every form (active, due date, decisions) and a way to add or replace one. */
export function FormsPage() {
  const navigate = useNavigate();
  const forms = useFormSummaries();

  const columns: ColumnsType<FormSummary> = [
    {
      title: 'Semester',
      key: 'semester',
      render: (_: unknown, form) => <Link to={dorPaths.dashboard(form.id)}>{form.semester}</Link>,
    },
    {
      title: 'Active',
      key: 'active',
      render: (_: unknown, form) => (form.isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
    },
    { title: 'Due date', key: 'dueDate', render: (_: unknown, form) => <DueDateEditor form={form} /> },
    {
      title: 'Decided',
      key: 'decided',
      render: (_: unknown, form) => `${form.decided} of ${countOf(form.rows, 'role application')}`,
    },
    {
      title: 'Decisions released',
      key: 'released',
      render: (_: unknown, form) => (form.decisionsReleased ? 'Yes' : 'No'),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, form) => (
        <Flex gap={8} align="center" wrap>
          <Link to={dorPaths.editForm(form.id)} aria-label={`Edit ${form.semester}`}>
            Edit
          </Link>
          <Link to={dorPaths.duplicateForm(form.id)} aria-label={`Duplicate ${form.semester}`}>
            Duplicate
          </Link>
          {!form.isActive && <ActivateFormButton form={form} />}
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle>Forms</PageTitle>
        <Button type="primary" onClick={() => navigate(dorPaths.newForm)}>
          Create a form
        </Button>
      </Flex>
      <FailedEmails />
      {forms.isError ? (
        <LoadError title="The forms could not be loaded." error={forms.error} onRetry={() => void forms.refetch()} />
      ) : forms.isPending ? (
        <PageSkeleton label="Loading forms" />
      ) : (
        <Table<FormSummary>
          rowKey="id"
          columns={columns}
          dataSource={forms.data}
          pagination={false}
          {...wideTable('max-content')}
          locale={{ emptyText: 'No forms yet: create one, or import one in the builder.' }}
        />
      )}
      <FormDefinitionCard />
    </Flex>
  );
}

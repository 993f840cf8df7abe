import { createContext, useContext, type ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Popconfirm, Select, Space, Tooltip } from 'antd';
import type { TeamRoleDefinition } from '@portal/shared/domain/ids/team-role-defaults';

/** The builder's problems by field path (`sections.0.questions.1.options`), shown next to each field. */
export const IssuesContext = createContext<Map<string, string[]>>(new Map());

export const fieldId = (path: string) => `builder-${path.replace(/\./g, '-')}`;

export function useIssue(path: string): string | undefined {
  return useContext(IssuesContext).get(path)?.join('; ');
}

/**
 * A labelled field with its problem under it (the input gets `id={fieldId(path)}`); `liveIssue`
 * is one shown as it is typed, before any save is tried.
 */
export function Field({
  path,
  label,
  extra,
  children,
  required,
  liveIssue,
}: {
  path: string;
  label: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  required?: boolean;
  liveIssue?: string | null;
}) {
  const issue = useIssue(path) ?? liveIssue ?? undefined;
  return (
    <Form.Item
      label={label}
      htmlFor={fieldId(path)}
      required={required}
      validateStatus={issue ? 'error' : undefined}
      help={issue}
      extra={extra}
      style={{ marginBottom: 12 }}
    >
      {children}
    </Form.Item>
  );
}

export function TextField({
  path,
  label,
  value,
  onChange,
  required,
  extra,
  placeholder,
}: {
  path: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  required?: boolean;
  extra?: ReactNode;
  placeholder?: string;
}) {
  const issue = useIssue(path);
  return (
    <Field path={path} label={label} required={required} extra={extra}>
      <Input
        id={fieldId(path)}
        value={value ?? ''}
        placeholder={placeholder}
        aria-invalid={issue ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

export const MARKDOWN_HINT =
  'Markdown: **bold**, *italic*, [link](https://…), "- " for a list, a blank line between paragraphs.';

export function MarkdownField({
  path,
  label,
  value,
  onChange,
  rows = 3,
  extra = MARKDOWN_HINT,
}: {
  path: string;
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  rows?: number;
  extra?: ReactNode;
}) {
  const issue = useIssue(path);
  return (
    <Field path={path} label={label} extra={extra}>
      <Input.TextArea
        id={fieldId(path)}
        value={value ?? ''}
        autoSize={{ minRows: rows, maxRows: 16 }}
        aria-invalid={issue ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

export function NumberField({
  path,
  label,
  value,
  onChange,
  min,
  step,
  extra,
  placeholder,
}: {
  path: string;
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min?: number;
  step?: number;
  extra?: ReactNode;
  placeholder?: string;
}) {
  return (
    <Field path={path} label={label} extra={extra}>
      <InputNumber
        id={fieldId(path)}
        value={value}
        min={min}
        step={step}
        placeholder={placeholder}
        style={{ width: '100%' }}
        onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
      />
    </Field>
  );
}

/** Several of the form's team roles; empty means none (the caller decides what that says). */
export function RolesField({
  path,
  label,
  roles,
  value,
  onChange,
  extra,
  placeholder,
}: {
  path: string;
  label: string;
  roles: readonly TeamRoleDefinition[];
  value: readonly string[] | undefined;
  onChange: (value: string[]) => void;
  extra?: ReactNode;
  placeholder?: string;
}) {
  return (
    <Field path={path} label={label} extra={extra}>
      <Select
        id={fieldId(path)}
        mode="multiple"
        allowClear
        placeholder={placeholder}
        value={[...(value ?? [])]}
        options={roles.map((role) => ({ value: role.id, label: `${role.emoji ?? ''} ${role.label}`.trim() }))}
        onChange={(next: string[]) => onChange(next)}
      />
    </Field>
  );
}

/**
 * Move up, move down and delete (after a confirmation) for the item `name` at `index` of `count`;
 * with `confirmDelete`, Delete calls it instead, and the caller asks (a dialog of its own).
 */
export function ItemActions({
  name,
  index,
  count,
  onMove,
  onDelete,
  confirmDelete,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
  confirmDelete?: () => void;
}) {
  const deleteButton = (
    <Button size="small" danger aria-label={`Delete ${name}`} onClick={confirmDelete}>
      Delete
    </Button>
  );
  return (
    <Space.Compact onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <Tooltip title="Move up">
        <Button size="small" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(-1)}>
          <span aria-hidden>↑</span>
        </Button>
      </Tooltip>
      <Tooltip title="Move down">
        <Button size="small" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
          <span aria-hidden>↓</span>
        </Button>
      </Tooltip>
      {confirmDelete ? (
        deleteButton
      ) : (
        <Popconfirm
          title={`Delete ${name}?`}
          okText="Delete"
          okButtonProps={{ danger: true }}
          cancelText="Keep"
          onConfirm={onDelete}
        >
          {deleteButton}
        </Popconfirm>
      )}
    </Space.Compact>
  );
}

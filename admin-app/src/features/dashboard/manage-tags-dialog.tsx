import { useState } from 'react';
import { Button, Flex, Form, Input, Modal, Popconfirm, Radio, Space, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import { countOf } from '@portal/shared/domain/ids/text';
import { MAX_TAG_NAME_CHARS, TAG_PALETTE, tagColorIssue, type RowTag } from '@portal/shared/domain/schemas/row-tags';
import { useRows } from '../../api/rows';
import { createTag, deleteTag, updateTag } from '../../api/tags';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { TagChip } from './tag-chip';

interface TagDraft {
  name: string;
  color: string;
}

/**
 * The dialog of "Tags…" (row-tags.tsx): the form's tags, and a form to make one or change one (name
 * and a colour that reads).
 */
export function ManageTagsDialog({
  formId,
  tags,
  onClose,
}: {
  formId: string;
  tags: readonly RowTag[];
  onClose: () => void;
}) {
  const { api } = usePortal();
  const [editing, setEditing] = useState<RowTag | null>(null);
  const [form] = Form.useForm<TagDraft>();
  const save = useStaffMutation(
    (draft: TagDraft) => (editing ? updateTag(api, formId, editing.id, draft) : createTag(api, formId, draft)),
    {
      success: (tag) => (editing ? `Tag “${tag.name}” saved.` : `Tag “${tag.name}” made.`),
      onSuccess: () => {
        setEditing(null);
        form.resetFields();
      },
    },
  );
  const edit = (tag: RowTag) => {
    setEditing(tag);
    form.setFieldsValue({ name: tag.name, color: tag.color });
  };

  return (
    <Modal open title="Tags of this form" footer={null} onCancel={onClose}>
      <Flex vertical gap={12}>
        {tags.length === 0 ? (
          <Typography.Text type="secondary">No tags yet.</Typography.Text>
        ) : (
          <ul aria-label="Tags" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {tags.map((tag) => (
              <li key={tag.id} style={{ marginBottom: 4 }}>
                <Flex justify="space-between" align="center" gap={8}>
                  <TagChip tag={tag} />
                  <Space size={4}>
                    <Button size="small" onClick={() => edit(tag)} aria-label={`Edit tag ${tag.name}`}>
                      Edit
                    </Button>
                    <DeleteTag
                      formId={formId}
                      tag={tag}
                      onDeleted={() => {
                        if (editing?.id !== tag.id) return;
                        setEditing(null);
                        form.resetFields();
                      }}
                    />
                  </Space>
                </Flex>
              </li>
            ))}
          </ul>
        )}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {editing ? `Edit “${editing.name}”` : 'New tag'}
        </Typography.Title>
        <Form<TagDraft>
          form={form}
          layout="vertical"
          initialValues={{ name: '', color: TAG_PALETTE[0] }}
          onFinish={(draft) => save.mutate({ name: draft.name.trim(), color: draft.color })}
        >
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: 'Name the tag' }, { max: MAX_TAG_NAME_CHARS }]}
          >
            <Input maxLength={MAX_TAG_NAME_CHARS} />
          </Form.Item>
          <Form.Item
            label="Colour (white text on it reads at 4.5:1)"
            name="color"
            rules={[
              { required: true, pattern: /^#[0-9a-fA-F]{6}$/, message: 'Use a colour such as #1f4d3f' },
              {
                validator: (_rule, value: string) => {
                  const issue = value ? tagColorIssue(value) : null;
                  return issue ? Promise.reject(new Error(issue)) : Promise.resolve();
                },
              },
            ]}
          >
            <ColourPicker />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {editing ? 'Save tag' : 'Make tag'}
            </Button>
            {editing && (
              <Button
                onClick={() => {
                  setEditing(null);
                  form.resetFields();
                }}
              >
                Cancel
              </Button>
            )}
          </Space>
        </Form>
      </Flex>
    </Modal>
  );
}

/** How many role applications carry the tag: the rows' count of its filter, read when the question opens. */
function TagUsage({ formId, tag }: { formId: string; tag: RowTag }) {
  const rows = useRows(formId, { tab: 'all', tag: tag.id, sort: 'submittedAt', dir: 'desc', limit: 1 });
  const carried = rows.data
    ? rows.data.total === 0
      ? 'No role application carries it.'
      : `It comes off the ${countOf(rows.data.total, 'role application')} carrying it.`
    : rows.isError
      ? 'It comes off every role application carrying it.'
      : 'Counting the role applications carrying it…';
  return (
    <Typography.Paragraph style={{ maxWidth: 320, margin: 0 }}>
      {carried} Saved views filtering by it keep their other choices.
    </Typography.Paragraph>
  );
}

/** A tag deleted, once asked (naming how many rows carry it): off every row, and out of the saved views. */
function DeleteTag({ formId, tag, onDeleted }: { formId: string; tag: RowTag; onDeleted: () => void }) {
  const { api } = usePortal();
  const remove = useStaffMutation(() => deleteTag(api, formId, tag.id), {
    success: (done) => `Tag “${tag.name}” deleted: it came off ${countOf(done.rows, 'role application')}.`,
    onSuccess: onDeleted,
  });
  return (
    <Popconfirm
      title={`Delete the tag “${tag.name}”?`}
      description={<TagUsage formId={formId} tag={tag} />}
      okText="Delete"
      okButtonProps={{ danger: true, loading: remove.isPending }}
      onConfirm={() => remove.mutate()}
    >
      <Button size="small" danger aria-label={`Delete tag ${tag.name}`} loading={remove.isPending}>
        Delete
      </Button>
    </Popconfirm>
  );
}

/** The palette (each passes) and a `#rrggbb` of one's own, checked as it is typed. */
function ColourPicker({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  return (
    <Flex vertical gap={8}>
      <Radio.Group
        aria-label="Palette"
        value={TAG_PALETTE.includes(value as (typeof TAG_PALETTE)[number]) ? value : undefined}
        onChange={(event) => onChange?.(event.target.value as string)}
      >
        <Flex wrap gap={4}>
          {TAG_PALETTE.map((color) => (
            <Radio.Button key={color} value={color} aria-label={color} style={{ padding: '0 6px' }}>
              <span
                aria-hidden
                style={{ display: 'inline-block', width: 18, height: 18, background: color, verticalAlign: 'middle' }}
              />
            </Radio.Button>
          ))}
        </Flex>
      </Radio.Group>
      <Input
        aria-label="Colour"
        value={value}
        maxLength={7}
        style={{ width: 120 }}
        onChange={(event) => onChange?.(event.target.value)}
      />
    </Flex>
  );
}

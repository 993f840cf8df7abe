import { Form, Input, Modal, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import { MAX_VIEW_NAME_CHARS, type ViewState } from '@portal/shared/domain/schemas/row-tags';
import { saveView } from '../../api/tags';
import { staffKeys } from '../../api/keys';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** "Save view…" (saved-views.tsx): the dashboard's state as it is now, kept under a name. */
export function SaveViewDialog({ formId, state, onClose }: { formId: string; state: ViewState; onClose: () => void }) {
  const { api } = usePortal();
  const [form] = Form.useForm<{ name: string }>();
  const save = useStaffMutation((name: string) => saveView(api, formId, { name, state }), {
    success: (view) => `View “${view.name}” saved for every super-reviewer.`,
    onSuccess: onClose,
    refresh: staffKeys.views(formId),
  });
  return (
    <Modal
      open
      title="Save this view"
      okText="Save view"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={({ name }) => save.mutate(name.trim())}>
        <Typography.Paragraph type="secondary">
          The tab, its filter, tag, search and sort, as they are now. Every super-reviewer of this form can open it.
        </Typography.Paragraph>
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: 'Name the view' }, { max: MAX_VIEW_NAME_CHARS }]}
        >
          <Input maxLength={MAX_VIEW_NAME_CHARS} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

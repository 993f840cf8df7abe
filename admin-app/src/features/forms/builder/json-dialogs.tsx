import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import type { FieldIssue } from '@portal/shared/domain/ids/errors';
import { exportDefinition, importDefinition, type FormDraft } from './draft';

/** Paste a definition or choose a .json file; problems name their field (the API's rules). */
export function ImportDialog({
  open,
  onClose,
  onImport,
}: {
  open: boolean;
  onClose: () => void;
  /** A draft that can be edited; `issues` are its problems, shown next to the fields. */
  onImport: (draft: FormDraft, issues: FieldIssue[]) => void;
}) {
  const [text, setText] = useState('');
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const submit = () => {
    const result = importDefinition(text);
    if (result.draft) {
      onImport(result.draft, result.issues);
      setText('');
      setIssues([]);
    } else {
      setIssues(result.issues);
    }
  };
  return (
    <Modal
      open={open}
      title="Import a form (JSON)"
      onCancel={onClose}
      okText="Import"
      okButtonProps={{ disabled: !text.trim() }}
      onOk={submit}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Choose a file exported from the portal, or paste its contents. It replaces what is in the builder (nothing is
          saved until you press Save).
        </Typography.Text>
        <input
          type="file"
          accept=".json,application/json"
          aria-label="Form file (JSON)"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void file.text().then(setText);
          }}
        />
        <Input.TextArea
          aria-label="Form definition (JSON) to import"
          rows={10}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setIssues([]);
          }}
          style={{ fontFamily: 'monospace' }}
        />
        {issues.length > 0 && (
          <Alert
            type="error"
            role="alert"
            title="This form cannot be imported:"
            description={
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {issues.map((issue) => (
                  <li key={`${issue.path}: ${issue.message}`}>{`${issue.path}: ${issue.message}`}</li>
                ))}
              </ul>
            }
          />
        )}
      </Flex>
    </Modal>
  );
}

/** The draft as the JSON the API takes: to download, or to copy. */
export function ExportDialog({ draft, open, onClose }: { draft: FormDraft; open: boolean; onClose: () => void }) {
  const json = exportDefinition(draft);
  const download = () => {
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${draft.id || 'form'}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Modal
      open={open}
      title="Export this form (JSON)"
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          Done
        </Button>,
        <Button key="download" type="primary" onClick={download}>
          Download
        </Button>,
      ]}
    >
      <Input.TextArea
        aria-label="Form definition (JSON) to export"
        readOnly
        rows={14}
        value={json}
        style={{ fontFamily: 'monospace' }}
      />
    </Modal>
  );
}

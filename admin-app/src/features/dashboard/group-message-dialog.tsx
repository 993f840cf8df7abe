import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Flex, Input, Modal, Select, Typography } from 'antd';
import { ApiRequestError, usePortal } from '@portal/shared/client';
import { useMutation } from '@portal/shared/query';
import { REVIEW_DECISION_LABELS } from '@portal/shared/domain/ids/constants';
import { countOf } from '@portal/shared/domain/ids/text';
import {
  GROUP_DECISIONS,
  GROUP_MESSAGE_MESSAGES,
  GROUP_MESSAGE_PLACEHOLDERS,
  type GroupDecision,
  type GroupRecipients,
  type GroupFilter,
  type GroupMessageBody,
  type GroupMessagePreview,
} from '@portal/shared/domain/schemas/group-messages';
import type { RowFilter, RowTab } from '@portal/shared/domain/schemas/staff-api';
import { Markdown, useTeamRoles } from '@portal/shared/ui';
import { previewGroupMessage, sendGroupMessage } from '../../api/group-messages';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** The view the group starts from: the dashboard tab, its filter and search. */
export interface GroupView {
  tab: RowTab;
  filter?: RowFilter;
  search: string;
  /** The filter's label as the dashboard shows it ("Offer pending"). */
  filterLabel?: string;
  /** Only the rows with this tag, and its name. */
  tag?: { id: string; name: string };
}

const TAB_LABELS: Record<RowTab, string> = { all: 'All applications', qualified: 'Qualified' };
const DECISION_LABELS: Record<GroupDecision, string> = {
  accepted: REVIEW_DECISION_LABELS.accepted,
  waitlist: 'Waitlisted',
  denied: REVIEW_DECISION_LABELS.denied,
  undecided: 'Undecided',
};
const RECIPIENT_LABELS: Record<GroupRecipients, string> = {
  rows: 'Applicants in this view',
  drafts: 'Applicants with a draft not submitted',
};
const PLACEHOLDER_TEXT = GROUP_MESSAGE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

/** The server's per-field problems, by field ("subject", "body", "group.role"). */
function fieldProblems(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiRequestError) || error.status !== 400 || !Array.isArray(error.details)) return [];
  return (error.details as { path?: unknown; message?: unknown }[]).map((detail) => ({
    path: String(detail.path ?? ''),
    message: String(detail.message ?? ''),
  }));
}

/** The dialog of "Message this group…" (group-message.tsx): the message, its group, its preview. */
export function GroupMessageDialog({
  formId,
  view,
  onClose,
}: {
  formId: string;
  view: GroupView;
  onClose: () => void;
}) {
  const { api } = usePortal();
  const roles = useTeamRoles();
  const [recipients, setRecipients] = useState<GroupRecipients>('rows');
  const [role, setRole] = useState<string | undefined>();
  const [decision, setDecision] = useState<GroupDecision | undefined>();
  const [notBooked, setNotBooked] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [shown, setShown] = useState<{ input: string; preview: GroupMessagePreview } | null>(null);

  // A draft has no row: the view's filter and search, the decision and the booking do not apply to it.
  const group: GroupFilter =
    recipients === 'drafts'
      ? { tab: 'all', recipients: 'drafts', ...(role ? { role } : {}) }
      : {
          tab: view.tab,
          ...(view.filter ? { filter: view.filter } : {}),
          ...(view.tag ? { tag: view.tag.id } : {}),
          ...(view.search.trim() ? { search: view.search.trim() } : {}),
          ...(role ? { role } : {}),
          ...(decision ? { decision } : {}),
          ...(notBooked ? { notBooked: true } : {}),
        };
  const input: GroupMessageBody = { group, subject, body };
  const key = JSON.stringify(input);
  const current = shown?.input === key ? shown.preview : null;

  // A preview changes nothing: no toast, nothing to refresh; its failure is said in the dialog.
  const preview = useMutation({
    mutationFn: () => previewGroupMessage(api, formId, input),
    onSuccess: (data) => setShown({ input: key, preview: data }),
  });
  const send = useStaffMutation(() => sendGroupMessage(api, formId, input), {
    success: (sent) =>
      `Message queued for ${countOf(sent.sent, 'applicant')}${sent.skipped ? ` (${countOf(sent.skipped, 'deleted applicant')} left out)` : ''}.`,
    onSuccess: onClose,
    // Said in the dialog, where the director can act on it.
    onError: () => true,
  });
  const problems = fieldProblems(preview.error ?? send.error);
  const problemOf = (path: string) => problems.find((problem) => problem.path === path)?.message;
  const otherError = [send.error, preview.error].find(
    (error) => error && !(error instanceof ApiRequestError && error.status === 400),
  );

  const viewText = [
    TAB_LABELS[view.tab],
    view.filterLabel,
    view.tag ? `tagged “${view.tag.name}”` : undefined,
    view.search.trim() ? `matching “${view.search.trim()}”` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Modal
      open
      title="Message this group"
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button onClick={onClose}>Cancel</Button>
          <Button loading={preview.isPending} onClick={() => preview.mutate()}>
            Preview
          </Button>
          <Button
            type="primary"
            disabled={!current || current.recipients === 0}
            loading={send.isPending}
            onClick={() => send.mutate()}
          >
            {current && current.recipients > 0 ? `Send to ${countOf(current.recipients, 'applicant')}` : 'Send'}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Select
          aria-label="Recipients"
          style={{ maxWidth: 360 }}
          value={recipients}
          onChange={(value) => setRecipients(value)}
          options={(['rows', 'drafts'] as const).map((each) => ({ value: each, label: RECIPIENT_LABELS[each] }))}
        />
        {recipients === 'drafts' ? (
          <Typography.Text>
            To the applicants who started an application to this form and have not submitted it, whatever the view. Each
            gets one message.
          </Typography.Text>
        ) : (
          <Typography.Text>
            To the applicants of this view: <Typography.Text strong>{viewText}</Typography.Text>. Each gets one message,
            however many of their roles are in the group.
          </Typography.Text>
        )}
        <Flex gap={8} wrap align="center">
          <Select
            aria-label="Role"
            style={{ minWidth: 180 }}
            value={role ?? ''}
            onChange={(value) => setRole(value || undefined)}
            options={[
              { value: '', label: 'Any role' },
              ...roles.map((each) => ({ value: each.id, label: each.label })),
            ]}
          />
          {recipients === 'rows' && (
            <Select
              aria-label="Decision"
              style={{ minWidth: 180 }}
              value={decision ?? ''}
              onChange={(value) => setDecision((value || undefined) as GroupDecision | undefined)}
              options={[
                { value: '', label: 'Any decision' },
                ...GROUP_DECISIONS.map((each) => ({ value: each, label: DECISION_LABELS[each] })),
              ]}
            />
          )}
          {recipients === 'rows' && view.tab === 'qualified' && (
            <Checkbox checked={notBooked} onChange={(event) => setNotBooked(event.target.checked)}>
              Only those who have not booked an interview
            </Checkbox>
          )}
        </Flex>
        <label>
          <Typography.Text strong>Subject</Typography.Text>
          <Input
            value={subject}
            maxLength={200}
            status={problemOf('subject') ? 'error' : undefined}
            onChange={(event) => setSubject(event.target.value)}
          />
        </label>
        {problemOf('subject') && <Typography.Text type="danger">{problemOf('subject')}</Typography.Text>}
        <label>
          <Typography.Text strong>Message</Typography.Text>
          <Input.TextArea
            value={body}
            autoSize={{ minRows: 5, maxRows: 12 }}
            status={problemOf('body') ? 'error' : undefined}
            onChange={(event) => setBody(event.target.value)}
          />
        </label>
        {problemOf('body') && <Typography.Text type="danger">{problemOf('body')}</Typography.Text>}
        <Typography.Text type="secondary">
          Markdown, with the placeholders {PLACEHOLDER_TEXT} ({'{role}'}: their roles in the group).
        </Typography.Text>
        {problems
          .filter((problem) => problem.path.startsWith('group'))
          .map((problem) => (
            <Alert key={problem.path} type="error" showIcon title={problem.message} />
          ))}
        {otherError && <Alert type="error" showIcon title={otherError.message} />}
        {current && <PreviewPanel preview={current} />}
        {shown && !current && (
          <Typography.Text type="secondary">
            The message or the group changed: preview it again to send.
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}

function PreviewPanel({ preview }: { preview: GroupMessagePreview }) {
  if (preview.recipients === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={GROUP_MESSAGE_MESSAGES.noRecipients} />;
  }
  return (
    <Flex vertical gap={8} aria-label="Preview">
      <Typography.Text strong>This message reaches {countOf(preview.recipients, 'applicant')}.</Typography.Text>
      {preview.samples.map((sample) => (
        <Card key={sample.name} size="small" title={`To ${sample.name}`}>
          <Typography.Paragraph>
            <Typography.Text type="secondary">Subject: </Typography.Text>
            {sample.subject}
          </Typography.Paragraph>
          <Markdown>{sample.body}</Markdown>
        </Card>
      ))}
    </Flex>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Form, Input, Radio, Tag, Typography } from 'antd';
import { MESSAGE_KIND_LABELS } from '@portal/shared/domain/ids/placeholders';
import type { EmailAttachment, LocalMailboxMessage } from '@portal/shared/domain/messages/messages';
import { formatDateTime } from '@portal/shared/domain/rules/dates';
import { useQuery } from '@portal/shared/query';
import { Link, useSearchParams } from '@portal/shared/router';
import { useSession } from '../../lib/identity/session-context';
import { clientConfig } from '../../lib/client-config';
import { fetchMailbox, fetchOutbox, type MailboxMessage } from './fetch-mailbox';
import { PageTitle } from '@portal/shared/ui';

const LABELS: Record<MailboxMessage['kind'], string> = {
  verify: 'Verify your email address',
  reset: 'Reset your password',
};

const STATE_COLORS: Record<LocalMailboxMessage['state'], string> = { queued: 'default', sent: 'green', failed: 'red' };

/** The body of an email's HTML document (the page shows it inline: the page policy frames nothing). */
const emailBody = (html: string) => /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;

/** A file attached to an email, to download (an object URL of its content, released when unmounted). */
function AttachmentLink({ file }: { file: EmailAttachment }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(new Blob([file.content], { type: file.contentType }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return <a href={url ?? undefined} download={file.filename}>{`Download ${file.filename}`}</a>;
}

/** One email of the outbox: subject, kind, time and state, its attachments; opened, its HTML and its plain text. */
function OutboxEmail({ message }: { message: LocalMailboxMessage }) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<'html' | 'text'>('html');
  return (
    <Card
      size="small"
      title={
        <Typography.Text strong style={{ whiteSpace: 'normal' }}>
          {message.subject}
        </Typography.Text>
      }
      styles={{ header: { paddingBlock: 8 } }}
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: open ? 12 : 0 }}>
        <Tag>{MESSAGE_KIND_LABELS[message.template]}</Tag>
        <Tag color={STATE_COLORS[message.state]}>{message.state}</Tag>
        <Typography.Text type="secondary">
          {formatDateTime(message.createdAt, clientConfig.chapter.timeZone)}
        </Typography.Text>
        <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Close' : 'Open'}
        </Button>
        {message.attachments?.map((file) => (
          <AttachmentLink key={file.filename} file={file} />
        ))}
      </Flex>
      {open && (
        <Flex vertical gap={8}>
          <Radio.Group
            aria-label="Show the email as"
            optionType="button"
            size="small"
            value={view}
            onChange={(event) => setView(event.target.value as 'html' | 'text')}
            options={[
              { value: 'html', label: 'HTML' },
              { value: 'text', label: 'Plain text' },
            ]}
          />
          {view === 'html' ? (
            <div
              role="document"
              aria-label={`${message.subject} (HTML)`}
              // The server's renderer wrote this HTML: every text escaped, no script, only http(s) and mailto links.
              dangerouslySetInnerHTML={{ __html: emailBody(message.html) }}
              style={{
                border: '1px solid #eee',
                background: '#fff',
                padding: 12,
                overflowWrap: 'anywhere',
                overflowX: 'auto',
              }}
            />
          ) : (
            <pre
              aria-label={`${message.subject} (plain text)`}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0, fontSize: 13 }}
            >
              {message.text}
            </pre>
          )}
        </Flex>
      )}
    </Card>
  );
}

/**
 * Local mode only (the route does not exist in a production build): the Auth emulator's
 * pending verification and reset links for an address, and the portal's emails to it from the
 * outbox (which the local sender marks sent), so no mail server is needed.
 */
export default function MailboxPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const email = (params.get('email') ?? session.identity?.email ?? '').toLowerCase();
  // Until the visitor types, the field shows the address on display (which can arrive with the session).
  const [draft, setDraft] = useState<string | null>(null);
  const messages = useQuery({
    queryKey: ['local-mailbox', email],
    queryFn: () => fetchMailbox(email),
    enabled: email.length > 0,
    refetchInterval: 3000,
  });
  const emails = useQuery({
    queryKey: ['local-outbox', email],
    queryFn: () => fetchOutbox(email),
    enabled: email.length > 0,
    refetchInterval: 3000,
  });
  const empty = messages.isSuccess && messages.data.length === 0 && emails.isSuccess && emails.data.length === 0;

  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '24px 0' }}>
      <Card style={{ width: '100%', maxWidth: 760 }}>
        <PageTitle style={{ margin: '0 0 0.5em' }}>Local mailbox</PageTitle>
        <Typography.Paragraph type="secondary">
          Running locally, the portal sends no email. The links and emails it would have sent appear here.
        </Typography.Paragraph>
        <Form
          layout="inline"
          onFinish={() => setParams({ email: (draft ?? email).trim() })}
          style={{ marginBottom: 16 }}
        >
          <Form.Item style={{ flex: 1 }}>
            <Input
              aria-label="Email address"
              placeholder="Email address"
              value={draft ?? email}
              onChange={(e) => setDraft(e.target.value)}
            />
          </Form.Item>
          <Button htmlType="submit">Show</Button>
        </Form>
        {messages.isError && (
          <Alert type="error" showIcon title={`The mailbox could not be read: ${messages.error.message}`} />
        )}
        {emails.isError && !messages.isError && (
          <Alert type="error" showIcon title={`The outbox could not be read: ${emails.error.message}`} />
        )}
        {email && empty && <Empty description={`No messages for ${email} yet.`} />}
        {messages.isSuccess && messages.data.length > 0 && (
          <ul aria-label={`Messages for ${email}`} style={{ paddingLeft: 20, margin: 0 }}>
            {messages.data.map((message) => (
              <li key={message.path} style={{ padding: '8px 0' }}>
                <Link to={message.path}>{LABELS[message.kind]}</Link>
              </li>
            ))}
          </ul>
        )}
        {emails.isSuccess && emails.data.length > 0 && (
          <section aria-label={`Emails to ${email}`}>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              Emails
            </Typography.Title>
            <Flex vertical gap={8}>
              {emails.data.map((message) => (
                <OutboxEmail key={message.id} message={message} />
              ))}
            </Flex>
          </section>
        )}
      </Card>
    </div>
  );
}

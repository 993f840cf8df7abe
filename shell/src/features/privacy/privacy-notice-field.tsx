import { Button, Checkbox, Form, Skeleton, theme, Typography, type FormInstance } from 'antd';
import { useQuery, useQueryClient } from '@portal/shared/query';
import { isApiRefusal, usePortal } from '@portal/shared/client';
import { PRIVACY_NOTICE_MESSAGES, type PrivacyNotice } from '@portal/shared/domain/ids/privacy-notice';
import { Markdown } from '@portal/shared/ui';
import { privacyNoticeKey, privacyNoticeQueryOptions } from './privacy-notice-api';

export const PRIVACY_NOTICE_FIELD = 'privacyNoticeVersion';
export const PRIVACY_NOTICE_TEXTS = {
  heading: 'Privacy notice',
  accept: 'I have read the privacy notice and accept it',
  fullNotice: 'Read the full privacy notice',
  loadFailed: 'The privacy notice could not be loaded.',
} as const;

/** The notice itself: its text in a box that scrolls on its own, and the chapter's full notice when it has one. */
export function PrivacyNoticeText({ notice }: { notice: PrivacyNotice }) {
  const { token } = theme.useToken();
  return (
    <>
      <section
        aria-label={PRIVACY_NOTICE_TEXTS.heading}
        // Scrolls inside the form: focusable, so a keyboard can scroll it too.
        tabIndex={0}
        style={{
          maxHeight: 200,
          overflowY: 'auto',
          padding: '8px 12px',
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadiusLG,
          fontSize: token.fontSizeSM,
        }}
      >
        <Markdown>{notice.text}</Markdown>
      </section>
      {notice.url && (
        <Typography.Paragraph style={{ margin: '4px 0 0' }}>
          <a href={notice.url} target="_blank" rel="noopener noreferrer">
            {PRIVACY_NOTICE_TEXTS.fullNotice}
          </a>
        </Typography.Paragraph>
      )}
    </>
  );
}

/**
 * docs/product.md#privacy-notice: the notice in force and the box that accepts it, inside an antd
 * Form. The field's value is the version read (undefined while unticked), so the form's values are
 * the API's payload, and the server's refusal of the field shows at the box.
 */
export function PrivacyNoticeField() {
  const { api } = usePortal();
  const notice = useQuery(privacyNoticeQueryOptions(api));

  return (
    <div style={{ marginBottom: 8 }}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        {PRIVACY_NOTICE_TEXTS.heading}
      </Typography.Text>
      {notice.isPending && (
        <div role="status" aria-label="Loading the privacy notice" aria-busy="true">
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      )}
      {notice.isError && (
        <div role="alert" style={{ marginBottom: 8 }}>
          <Typography.Text type="danger">{PRIVACY_NOTICE_TEXTS.loadFailed} </Typography.Text>
          <Button size="small" onClick={() => void notice.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {notice.data && <PrivacyNoticeText notice={notice.data} />}
      <Form.Item
        name={PRIVACY_NOTICE_FIELD}
        getValueFromEvent={(event: { target: { checked: boolean } }) =>
          event.target.checked ? notice.data?.version : undefined
        }
        getValueProps={(value: unknown) => ({ checked: value !== undefined && value === notice.data?.version })}
        rules={[{ required: true, message: PRIVACY_NOTICE_MESSAGES.required }]}
        style={{ marginTop: 8 }}
      >
        <Checkbox disabled={!notice.data}>{PRIVACY_NOTICE_TEXTS.accept}</Checkbox>
      </Form.Item>
    </div>
  );
}

/**
 * After a refusal of the form: if the notice changed since the page read it, reads it again, unticks
 * the box and says so there. Answers whether that was the refusal.
 */
export function usePrivacyNoticeChanged(form: FormInstance) {
  const queryClient = useQueryClient();
  return async (error: unknown): Promise<boolean> => {
    if (!isApiRefusal(error, 'privacy-notice-changed')) return false;
    await queryClient.invalidateQueries({ queryKey: privacyNoticeKey });
    form.setFields([{ name: PRIVACY_NOTICE_FIELD, value: undefined, errors: [PRIVACY_NOTICE_MESSAGES.changed] }]);
    return true;
  };
}

import { useState } from 'react';
import { Button, Flex, Form, Typography } from 'antd';
import { useQueryClient } from '@portal/shared/query';
import { ApiRequestError, failureMessage, notify, sessionKeys, usePortal } from '@portal/shared/client';
import { AuthCard } from '../../lib/auth-card';
import { LogOutButton } from '../../lib/log-out-button';
import { acceptPrivacyNotice } from './privacy-notice-api';
import { PRIVACY_NOTICE_FIELD, PrivacyNoticeField, usePrivacyNoticeChanged } from './privacy-notice-field';

export const PRIVACY_NOTICE_AGAIN_TEXTS = {
  changedTitle: 'Our privacy notice has changed',
  firstTitle: 'Our privacy notice',
  changed: 'Please read the new version and accept it to go on using the portal.',
  first: 'Please read it and accept it to go on using the portal.',
  accept: 'Accept and continue',
  accepted: 'Thank you: you accepted the privacy notice.',
} as const;

/**
 * docs/product.md#privacy-notice: what a signed-in user (any role) sees instead of any page while
 * the notice in force is not the one they accepted. Accepting records the new version
 * (POST /auth/privacy-notice) and lets them on; they may log out instead.
 */
export default function PrivacyNoticeAgainCard({ acceptedBefore }: { acceptedBefore: boolean }) {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ [PRIVACY_NOTICE_FIELD]: string }>();
  const [saving, setSaving] = useState(false);
  const noticeChanged = usePrivacyNoticeChanged(form);

  const accept = async (version: string) => {
    setSaving(true);
    try {
      await acceptPrivacyNotice(api, version);
      notify.success(PRIVACY_NOTICE_AGAIN_TEXTS.accepted);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    } catch (error) {
      if (await noticeChanged(error)) return;
      notify.error(
        error instanceof ApiRequestError
          ? failureMessage('Failed to accept the privacy notice', error)
          : (error as Error).message,
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthCard title={acceptedBefore ? PRIVACY_NOTICE_AGAIN_TEXTS.changedTitle : PRIVACY_NOTICE_AGAIN_TEXTS.firstTitle}>
      <Typography.Paragraph>
        {acceptedBefore ? PRIVACY_NOTICE_AGAIN_TEXTS.changed : PRIVACY_NOTICE_AGAIN_TEXTS.first}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void accept(values[PRIVACY_NOTICE_FIELD])}
      >
        <PrivacyNoticeField />
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            {PRIVACY_NOTICE_AGAIN_TEXTS.accept}
          </Button>
          <LogOutButton />
        </Flex>
      </Form>
    </AuthCard>
  );
}

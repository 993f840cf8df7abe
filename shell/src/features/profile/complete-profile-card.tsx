import { useState } from 'react';
import { Button, Form, Typography } from 'antd';
import { useQueryClient } from '@portal/shared/query';
import { ApiRequestError, notify, sessionKeys, usePortal } from '@portal/shared/client';
import { profileCompletionSchema, type ProfileCompletion } from '@portal/shared/domain/schemas/account';
import { showServerFieldErrors } from '@portal/shared/ui';
import { completeProfile, profileUpdateFailure } from '../../lib/account-api';
import { AuthCard } from '../../lib/auth-card';
import { NameFields } from '../../lib/name-fields';
import { PrivacyNoticeField, usePrivacyNoticeChanged } from '../privacy';

/**
 * A verified sign-in without a user record (an account created outside the portal's sign-up,
 * then proven by its owner through a password reset or verification) gives its name once, and
 * accepts the privacy notice as a sign-up does: POST /auth/complete creates the record with the
 * signed-in address.
 */
export function CompleteProfileCard() {
  const { api, identity } = usePortal();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileCompletion>();
  const [saving, setSaving] = useState(false);
  const noticeChanged = usePrivacyNoticeChanged(form);

  const submit = async (values: ProfileCompletion) => {
    setSaving(true);
    try {
      await completeProfile(api, values);
      notify.success('Your profile is complete.');
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    } catch (error) {
      if (!(await noticeChanged(error)) && error instanceof ApiRequestError) {
        showServerFieldErrors(form, error.details);
      }
      notify.error(error instanceof ApiRequestError ? profileUpdateFailure(error) : (error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthCard title="Complete your profile">
      <Typography.Paragraph>
        You are signed in as {identity?.email}. Give your name to finish setting up your account.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
        <NameFields schema={profileCompletionSchema} />
        <PrivacyNoticeField />
        <Button type="primary" htmlType="submit" loading={saving}>
          Save profile
        </Button>
      </Form>
    </AuthCard>
  );
}

import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useQueryClient } from '@portal/shared/query';
import { ApiRequestError, notify, sessionKeys, useCurrentUser, usePortal } from '@portal/shared/client';
import { profileUpdateFailure, updateProfile } from '../../lib/account-api';
import { AUTH_MESSAGES, profileUpdateSchema, type ProfileUpdate } from '@portal/shared/domain/schemas/account';
import { showServerFieldErrors, zodRule } from '@portal/shared/ui';
import { AuthCard } from '../../lib/auth-card';
import { NameFields } from '../../lib/name-fields';
import { sendVerificationEmail } from '../../lib/identity/use-identity';
import { loadIdentity } from '../../lib/identity/load-identity';
import { YourDataSection } from './your-data-section';
import { DeleteAccountSection } from './delete-account-section';

/** Shows and updates email, first and last name through POST /auth/update. */
export default function ProfilePage() {
  const { api, identity } = usePortal();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileUpdate>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: ProfileUpdate) => {
    setSaving(true);
    try {
      if (!(await (await loadIdentity()).getIdToken())) throw new Error(AUTH_MESSAGES.profileUnauthenticated);
      const updated = await updateProfile(api, values);
      notify.success('Your profile has been updated.');
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      if (updated.email !== identity?.email) {
        // The server marked the new address unverified: refresh the session, then verify it.
        await (await loadIdentity()).refreshIdentity();
        // A failed send has shown its own error toast; the verify page offers to resend.
        await sendVerificationEmail(updated.email).catch(() => undefined);
      }
    } catch (error) {
      if (error instanceof ApiRequestError) showServerFieldErrors(form, error.details);
      notify.error(error instanceof ApiRequestError ? profileUpdateFailure(error) : (error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  if (!user.data) return null;
  return (
    <AuthCard title="Your profile">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: user.data.email, firstName: user.data.firstName, lastName: user.data.lastName }}
        onFinish={(values) => void submit(values)}
      >
        <NameFields schema={profileUpdateSchema} />
        <Form.Item
          label="Email"
          name="email"
          rules={[zodRule(profileUpdateSchema.shape.email)]}
          extra="Changing it asks you to verify the new address."
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save profile
        </Button>
      </Form>
      <YourDataSection />
      <DeleteAccountSection />
    </AuthCard>
  );
}

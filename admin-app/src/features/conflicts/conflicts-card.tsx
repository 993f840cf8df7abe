import { useState } from 'react';
import { Button, Card, Empty, Flex, Form, Input, Spin, Typography } from 'antd';
import { ApiRequestError, usePortal } from '@portal/shared/client';
import { MAX_CONFLICT_REASON_CHARS, type ConflictView } from '@portal/shared/domain/schemas/conflicts';
import { declareConflict, useConflicts, withdrawConflict } from '../../api/conflicts';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { LoadError, useReaderTime } from '@portal/shared/ui';

/** What a declaration did to open work: "1 set aside, 1 given to someone else" (the super-reviewer alone reads it). */
function outcome(conflict: ConflictView): string | null {
  if (!conflict.setAside) return null;
  return `${conflict.setAside} set aside, ${conflict.reassigned ?? 0} given to someone else`;
}

/**
 * The caller's conflicts of interest (a super-reviewer: everyone's), declared ahead of time by
 * email, and withdrawn. Declaring on an assigned application happens on its review screen.
 */
export function ConflictsCard({ everyone }: { everyone: boolean }) {
  const { api } = usePortal();
  const list = useConflicts();
  // The chapter's zone, named in words, as every other date of the portal.
  const time = useReaderTime();
  const [form] = Form.useForm<{ email: string; reason?: string }>();
  const [emailError, setEmailError] = useState<string | undefined>();
  const declare = useStaffMutation((body: { email: string; reason?: string }) => declareConflict(api, body), {
    success: () => 'Conflict of interest declared.',
    onSuccess: () => form.resetFields(),
    onError: (error) => {
      const details = error instanceof ApiRequestError ? error.details : undefined;
      const field = Array.isArray(details) ? details.find((each) => each?.path === 'email') : undefined;
      if (!field) return false;
      setEmailError(field.message);
      return true;
    },
  });
  const withdraw = useStaffMutation((id: string) => withdrawConflict(api, id), {
    success: () => 'Conflict of interest withdrawn.',
  });

  return (
    <Card title="Conflicts of interest" style={{ maxWidth: 720 }}>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          Name an applicant you should not review (a friend, a flatmate, family) by their email. You are never assigned
          to them, and work of yours on them is taken off your list.
        </Typography.Text>
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => {
            setEmailError(undefined);
            declare.mutate({ email: values.email.trim(), ...(values.reason?.trim() && { reason: values.reason }) });
          }}
        >
          <Form.Item
            name="email"
            label="Applicant's email"
            rules={[{ required: true, message: 'Enter the applicant’s email address' }]}
            validateStatus={emailError ? 'error' : undefined}
            help={emailError}
          >
            <Input type="email" autoComplete="off" onChange={() => setEmailError(undefined)} />
          </Form.Item>
          <Form.Item name="reason" label="Reason (optional)">
            <Input maxLength={MAX_CONFLICT_REASON_CHARS} />
          </Form.Item>
          <Button htmlType="submit" loading={declare.isPending}>
            Declare conflict
          </Button>
        </Form>
        {list.isError ? (
          <LoadError title="Conflicts could not be loaded." error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Spin spinning={list.isPending}>
            {(list.data?.items ?? []).length === 0 && !list.isPending ? (
              <Empty description="No conflicts of interest declared." />
            ) : (
              <ul aria-label="Declared conflicts" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {(list.data?.items ?? []).map((conflict) => (
                  <li key={conflict.id} style={{ padding: '8px 0', borderTop: '1px solid rgba(5, 5, 5, 0.06)' }}>
                    <Flex justify="space-between" align="flex-start" gap={8} wrap>
                      <Flex vertical style={{ minWidth: 0, flex: '1 1 240px' }}>
                        <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                          {everyone ? `${conflict.staffName}: ${conflict.label}` : conflict.label}
                        </Typography.Text>
                        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                          {[
                            `Declared ${time.format(conflict.declaredAt)}`,
                            everyone && conflict.email !== conflict.label ? conflict.email : null,
                            conflict.reason || null,
                            outcome(conflict),
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Typography.Text>
                      </Flex>
                      <Button
                        type="link"
                        aria-label={`Withdraw the conflict with ${conflict.label}`}
                        loading={withdraw.isPending && withdraw.variables === conflict.id}
                        onClick={() => withdraw.mutate(conflict.id)}
                      >
                        Withdraw
                      </Button>
                    </Flex>
                  </li>
                ))}
              </ul>
            )}
          </Spin>
        )}
      </Flex>
    </Card>
  );
}

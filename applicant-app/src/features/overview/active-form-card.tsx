import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { RESPONSE_MESSAGES, isPastDue, type ApplicationForm, type MyApplication } from '@portal/shared/domain';
import { useNavigate } from '@portal/shared/router';
import { Markdown } from '@portal/shared/ui';
import { useDueDate } from '../../lib/due-date';
import { useStartApplication } from './use-start-application';

interface ActiveFormCardProps {
  form: ApplicationForm;
  /** The applicant's application for this form: undefined while it loads, null when there is none. */
  existing: MyApplication | null | undefined;
  canApply: boolean;
}

function ApplyAction({ form, existing }: { form: ApplicationForm; existing: MyApplication | null | undefined }) {
  const navigate = useNavigate();
  const start = useStartApplication(form);
  if (existing === undefined) return <Skeleton.Button active />;
  if (existing && existing.response.status !== 'in-progress') {
    return (
      <Button type="primary" size="large" onClick={() => navigate('/apply/status')}>
        View status
      </Button>
    );
  }
  if (isPastDue(form, new Date())) return <Alert type="warning" showIcon title={RESPONSE_MESSAGES.pastDue} />;
  return (
    <Button type="primary" size="large" loading={start.isPending} onClick={() => start.mutate()}>
      {existing ? 'Continue application' : 'Start application'}
    </Button>
  );
}

export function ActiveFormCard({ form, existing, canApply }: ActiveFormCardProps) {
  const due = useDueDate(form);
  return (
    <Card title={`${form.semester} application`}>
      <Flex vertical gap={12} align="flex-start">
        {form.description && <Markdown>{form.description}</Markdown>}
        <Typography.Text>
          <Typography.Text strong>Due:</Typography.Text> {due}
        </Typography.Text>
        {canApply ? (
          <ApplyAction form={form} existing={existing} />
        ) : (
          <Alert
            type="info"
            showIcon
            title="Applying is for applicants."
            description="You are signed in with a staff account, so you can read about this cycle but not apply."
          />
        )}
      </Flex>
    </Card>
  );
}

import { Alert, Button, Card, Flex, Skeleton, theme, Typography } from 'antd';
import { RESPONSE_MESSAGES } from '@portal/shared/domain/messages/response-messages';
import { isPastDue } from '@portal/shared/domain/rules/form-rules';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type { MyApplication } from '@portal/shared/domain/schemas/responses';
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
  // Released decisions close the form to everyone, a draft as much as a new application.
  if (form.decisionsReleased) return <Alert type="warning" showIcon title={RESPONSE_MESSAGES.decisionsReleased} />;
  if (isPastDue(form, new Date())) return <Alert type="warning" showIcon title={RESPONSE_MESSAGES.pastDue} />;
  return (
    <Button type="primary" size="large" loading={start.isPending} onClick={() => start.mutate()}>
      {existing ? 'Continue application' : 'Start application'}
    </Button>
  );
}

export function ActiveFormCard({ form, existing, canApply }: ActiveFormCardProps) {
  const { token } = theme.useToken();
  const due = useDueDate(form);
  return (
    <Card title={`${form.semester} application`}>
      {/* The action first: a long description (some run to pages) follows it, never hides it. */}
      <Flex vertical gap={12} align="flex-start">
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
        {form.description && (
          // A rule above the description (antd's Divider would be one more script on this page).
          <div style={{ width: '100%', marginTop: 4, paddingTop: 12, borderTop: `1px solid ${token.colorSplit}` }}>
            <Markdown>{form.description}</Markdown>
          </div>
        )}
      </Flex>
    </Card>
  );
}

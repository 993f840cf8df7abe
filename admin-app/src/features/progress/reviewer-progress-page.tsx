import { Button, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { usePortal } from '@portal/shared/client';
import { REVIEWER_PROGRESS_TEXTS, type ReviewerProgress } from '@portal/shared/domain/rules/reviewer-progress';
import { Link, useParams } from '@portal/shared/router';
import { PageSkeleton, PageTitle, LoadError, useReaderTime } from '@portal/shared/ui';
import { remindReviewer, useReviewerProgress } from '../../api/progress';
import { HelpTitle } from '../../lib/help-title';
import { dorPaths } from '../../lib/paths';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { DigestSendButton } from './digest-send';
import { wideTable } from '../../lib/wide-table';

const hoursText = (hours: number | null) =>
  hours === null ? '—' : hours < 48 ? `${Math.round(hours)} h` : `${(hours / 24).toFixed(1)} days`;
const leniencyText = (value: number | null) =>
  value === null ? '—' : `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)}`;

/** `/admin/dor/progress/{formId}`: each reviewer's reviews of the form, and a reminder for those behind. */
export function ReviewerProgressPage() {
  const { formId = '' } = useParams();
  const { api } = usePortal();
  const progress = useReviewerProgress(formId);
  // The form's zone (else the chapter's), named in words, as every other date of the portal.
  const time = useReaderTime(progress.data?.timeZone);
  const remind = useStaffMutation((item: ReviewerProgress) => remindReviewer(api, formId, item.staffId), {
    success: (_, item) => REVIEWER_PROGRESS_TEXTS.remindSent(item.staffName),
  });

  if (progress.isError) {
    return (
      <LoadError
        title="Reviewer progress could not be loaded."
        error={progress.error}
        onRetry={() => void progress.refetch()}
      />
    );
  }
  if (progress.isPending) return <PageSkeleton label="Loading reviewer progress" />;

  const columns: ColumnsType<ReviewerProgress> = [
    {
      title: 'Reviewer',
      key: 'name',
      render: (_: unknown, item) => (
        <Link to={dorPaths.staffMember('review', formId, item.staffId)}>{item.staffName}</Link>
      ),
    },
    { title: 'Assigned', dataIndex: 'assigned', key: 'assigned' },
    { title: 'Not started', dataIndex: 'notStarted', key: 'notStarted' },
    { title: 'Drafted', dataIndex: 'drafted', key: 'drafted' },
    { title: 'Submitted', dataIndex: 'submitted', key: 'submitted' },
    {
      title: 'Overdue',
      key: 'overdue',
      render: (_: unknown, item) =>
        item.overdue > 0 ? <Typography.Text type="danger">{item.overdue}</Typography.Text> : 0,
    },
    {
      title: 'Average time to review',
      key: 'time',
      render: (_: unknown, item) => hoursText(item.averageHoursToReview),
    },
    {
      title: <HelpTitle title="Leniency" help={REVIEWER_PROGRESS_TEXTS.leniency} label="What leniency means" />,
      key: 'leniency',
      render: (_: unknown, item) => leniencyText(item.leniency),
    },
    {
      title: '',
      key: 'remind',
      // Not after the release: the review work is closed (the API refuses it too).
      render: (_: unknown, item) =>
        !progress.data.decisionsReleased &&
        item.assigned > item.submitted && (
          <Button
            size="small"
            aria-label={`Remind ${item.staffName}`}
            loading={remind.isPending && remind.variables?.staffId === item.staffId}
            onClick={() => remind.mutate(item)}
          >
            Remind
          </Button>
        ),
    },
    {
      title: '',
      key: 'digest',
      // Their digest now (docs/product.md#reviewer-digest); the server says when there is nothing to send.
      render: (_: unknown, item) =>
        !progress.data.decisionsReleased && (
          <DigestSendButton formId={formId} target={{ staffId: item.staffId, name: item.staffName }} />
        ),
    },
  ];

  const { reviewDueDate, items } = progress.data;
  return (
    <Flex vertical gap={12}>
      <PageTitle>Reviewer progress</PageTitle>
      <Typography.Text type="secondary">
        {reviewDueDate
          ? `Reviews are due ${time.format(reviewDueDate)}.`
          : 'This form sets no review due date: nothing counts as overdue (set one in the form builder).'}
      </Typography.Text>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Link to={dorPaths.dashboard(formId, 'reviewers')}>Back to the dashboard</Link>
        {!progress.data.decisionsReleased && items.length > 0 && <DigestSendButton formId={formId} target="all" />}
      </Flex>
      <Table<ReviewerProgress>
        rowKey="staffId"
        columns={columns}
        dataSource={items}
        pagination={false}
        {...wideTable('max-content')}
        locale={{ emptyText: 'No reviews are assigned on this form yet.' }}
      />
    </Flex>
  );
}

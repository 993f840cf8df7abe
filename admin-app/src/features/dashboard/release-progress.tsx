import { Alert, Progress, Typography } from 'antd';
import { plural } from '@portal/shared/domain/ids/text';
import { useReleaseProgress } from '../../api/release-schedule';

/**
 * While a released form's decision emails are still being written (a large release answers
 * before they all are): how many applicants' emails are written, followed each second until done.
 */
export function ReleaseProgressNotice({ formId }: { formId: string }) {
  const progress = useReleaseProgress(formId, true);
  const job = progress.data;
  if (!job || job.state === 'done') return null;
  const percent = job.total === 0 ? 100 : Math.floor((100 * job.processed) / job.total);
  const count = (value: number) => value.toLocaleString('en-US');
  const said = `${count(job.processed)} of ${count(job.total)} ${plural(job.total, "applicant's", "applicants'")} emails written`;
  return (
    <Alert
      type="info"
      showIcon
      title="Decisions are released; their emails are being written"
      description={
        <>
          <Progress percent={percent} aria-label="Decision emails written" />
          <Typography.Text type="secondary">{said}. You can leave this page: the writing goes on.</Typography.Text>
        </>
      }
    />
  );
}

import { Alert } from 'antd';
import { plural } from '@portal/shared/domain/ids/text';
import { useReleaseProgress } from '../../api/release-schedule';
import { countOfJob, JobProgressBar } from '../../lib/job-progress';

/**
 * While a released form's decision emails are still being written (a large release answers
 * before they all are): how many applicants' emails are written, followed each second until done.
 */
export function ReleaseProgressNotice({ formId }: { formId: string }) {
  const progress = useReleaseProgress(formId, true);
  const job = progress.data;
  if (!job || job.state === 'done') return null;
  const said = `${countOfJob(job.processed)} of ${countOfJob(job.total)} ${plural(job.total, "applicant's", "applicants'")} emails written`;
  return (
    <Alert
      type="info"
      showIcon
      title="Decisions are released; their emails are being written"
      description={
        <JobProgressBar
          job={job}
          label="Decision emails written"
          said={`${said}. You can leave this page: the writing goes on.`}
        />
      }
    />
  );
}

import { Flex, Progress, Typography } from 'antd';
import type { JobProgress } from '@portal/shared/domain/rules/jobs';

export interface JobProgressBarProps {
  job: Pick<JobProgress, 'processed' | 'total'>;
  label: string;
  said: string;
}

/** The bar itself (job-progress.tsx): antd's Progress, loaded with the first job a page follows. */
export function JobProgressBar({ job, label, said }: JobProgressBarProps) {
  const percent = job.total === 0 ? 100 : Math.min(100, Math.floor((100 * job.processed) / job.total));
  return (
    <Flex vertical gap={4}>
      <Progress percent={percent} aria-label={label} />
      <Typography.Text type="secondary">{said}</Typography.Text>
    </Flex>
  );
}

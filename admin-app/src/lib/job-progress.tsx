import { Flex, Progress, Typography } from 'antd';
import type { JobProgress } from '@portal/shared/domain/rules/jobs';

/** A count as the progress says it: 1,200. */
export const countOfJob = (value: number): string => value.toLocaleString('en-US');

/**
 * How far a job has gone (docs/architecture.md#long-work-as-jobs): a bar named `label`, and under it
 * `said` (the counts in words: "1,200 of 5,000 applicants' emails written. You can leave this page…").
 */
export function JobProgressBar({
  job,
  label,
  said,
}: {
  job: Pick<JobProgress, 'processed' | 'total'>;
  label: string;
  said: string;
}) {
  const percent = job.total === 0 ? 100 : Math.min(100, Math.floor((100 * job.processed) / job.total));
  return (
    <Flex vertical gap={4}>
      <Progress percent={percent} aria-label={label} />
      <Typography.Text type="secondary">{said}</Typography.Text>
    </Flex>
  );
}

import { Typography } from 'antd';
import { lazyDialog } from '@portal/shared/ui';
import type { JobProgressBarProps } from './job-progress-bar';

/** A count as the progress says it: 1,200. */
export const countOfJob = (value: number): string => value.toLocaleString('en-US');

/**
 * How far a job has gone (docs/architecture.md#long-work-as-jobs): a bar named `label`, and under it
 * `said` (the counts in words: "1,200 of 5,000 applicants' emails written. You can leave this page…").
 * The bar's code (antd's Progress) is loaded when a job first shows, not with every page that could
 * start one; the words show meanwhile.
 */
export const JobProgressBar = lazyDialog(
  () => import('./job-progress-bar'),
  'JobProgressBar',
  ({ said }: JobProgressBarProps) => <Typography.Text type="secondary">{said}</Typography.Text>,
);

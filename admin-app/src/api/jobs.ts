import type { JobProgress } from '@portal/shared/domain/rules/jobs';

/** While a job is writing, its progress is asked again each second. */
export const JOB_POLL_MS = 1_000;

/** `refetchInterval` of a job's progress (docs/architecture.md#long-work-as-jobs): each second while it is writing. */
export const pollWhileWriting = (query: { state: { data?: Pick<JobProgress, 'state'> } }): number | false =>
  query.state.data?.state === 'writing' ? JOB_POLL_MS : false;

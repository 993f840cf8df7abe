import type { TeamRole } from '../ids/constants';
import { PIPELINE_STAGES, type PipelineStage } from '../ids/pipeline-stages';

/**
 * The form's "Pipeline at a glance" (docs/product.md#pipeline-at-a-glance): per role a funnel of
 * how far its applications got, the role applications submitted per day against the due date, and
 * each reviewer's submitted reviews over the same days. The server computes every number from
 * counts and stored daily buckets (never from every row); the browser only draws them.
 */

export { PIPELINE_STAGES, type PipelineStage } from '../ids/pipeline-stages';

export const PIPELINE_STAGE_LABELS: Record<PipelineStage, string> = {
  started: 'Started',
  submitted: 'Submitted',
  reviewed: 'Reviewed',
  qualified: 'Qualified',
  interviewed: 'Interviewed',
  decided: 'Decided',
  'offer-accepted': 'Offer accepted',
};

/** What each stage counts, for the page's explanation and the screen readers' table caption. */
export const PIPELINE_STAGE_MEANINGS: Record<PipelineStage, string> = {
  started: 'applications begun that choose the role, drafts included',
  submitted: 'submitted role applications',
  reviewed: 'with at least one submitted review',
  qualified: 'marked qualified',
  interviewed: 'with at least one submitted interview',
  decided: 'with a final decision',
  'offer-accepted': 'offers the applicant accepted',
};

/** The most days the time series span (the last ones, up to the due date or the last review). */
export const MAX_PIPELINE_DAYS = 120;

export interface FunnelStep {
  stage: PipelineStage;
  count: number;
  /** This count over the stage before's (0 to 1); null for the first stage or after a stage of 0. */
  shareOfPrevious: number | null;
}

export interface RoleFunnel {
  role: TeamRole;
  steps: FunnelStep[];
}

export interface ReviewerSeries {
  staffId: string;
  staffName: string;
  /** Reviews submitted by the end of each of `days` (cumulative). */
  submitted: number[];
}

/** GET /admin/forms/{formId}/pipeline */
export interface PipelinePage {
  dueDate: string;
  /** UTC days (YYYY-MM-DD), oldest first: the axis of both time series. */
  days: string[];
  /** Role applications submitted on each of `days`. */
  submittedPerDay: number[];
  funnels: RoleFunnel[];
  reviewers: ReviewerSeries[];
}

/** The counts the server reads for one role (`notReviewed`: no submitted review; `notInterviewed` likewise). */
export interface RoleCounts {
  started: number;
  submitted: number;
  notReviewed: number;
  qualified: number;
  notInterviewed: number;
  decided: number;
  offerAccepted: number;
}

/**
 * The funnel of one role from its counts: each stage with its share of the one before. A stage's
 * rows need not all have passed the one before (a row can be decided unreviewed), so a share can
 * pass 1; `started` is at least `submitted` (an erased applicant's row outlives their response).
 */
export function funnelOf(role: TeamRole, counts: RoleCounts): RoleFunnel {
  const values: Record<PipelineStage, number> = {
    started: Math.max(counts.started, counts.submitted),
    submitted: counts.submitted,
    reviewed: counts.submitted - counts.notReviewed,
    qualified: counts.qualified,
    interviewed: counts.submitted - counts.notInterviewed,
    decided: counts.decided,
    'offer-accepted': counts.offerAccepted,
  };
  let previous: number | null = null;
  const steps = PIPELINE_STAGES.map((stage) => {
    const count = values[stage];
    const shareOfPrevious = previous === null || previous === 0 ? null : count / previous;
    previous = count;
    return { stage, count, shareOfPrevious };
  });
  return { role, steps };
}

/** The UTC day of an instant. */
export const utcDay = (at: string | Date): string => new Date(at).toISOString().slice(0, 10);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every UTC day from `first` to `last` inclusive, at most the last `max`. */
export function daysFrom(first: string, last: string, max = MAX_PIPELINE_DAYS): string[] {
  const end = Date.parse(`${last}T00:00:00.000Z`);
  const start = Math.max(Date.parse(`${first}T00:00:00.000Z`), end - (max - 1) * DAY_MS);
  const days: string[] = [];
  for (let at = start; at <= end; at += DAY_MS) days.push(utcDay(new Date(at)));
  return days;
}

/** The instant a UTC day starts and the next one's (a range filter's bounds). */
export const dayBounds = (day: string): { from: string; to: string } => {
  const from = Date.parse(`${day}T00:00:00.000Z`);
  return { from: new Date(from).toISOString(), to: new Date(from + DAY_MS).toISOString() };
};

/**
 * A reviewer's cumulative submitted reviews on each of `days` from their daily buckets; `total`
 * (their load's count) counts reviews submitted before the buckets were kept on the first day.
 */
export function cumulativeSubmitted(byDay: Record<string, number>, days: readonly string[], total: number): number[] {
  const bucketed = Object.values(byDay).reduce((sum, count) => sum + count, 0);
  let running = Math.max(0, total - bucketed);
  const first = days[0];
  for (const [day, count] of Object.entries(byDay)) if (first !== undefined && day < first) running += count;
  return days.map((day) => (running += byDay[day] ?? 0));
}

/** The buckets with `delta` reviews on `day` (a bucket at 0 is dropped). */
export function bucketsWith(byDay: Record<string, number> | undefined, day: string, delta: number) {
  const next = { ...byDay };
  const count = Math.max(0, (next[day] ?? 0) + delta);
  if (count === 0) delete next[day];
  else next[day] = count;
  return next;
}

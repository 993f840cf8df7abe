import {
  cumulativeSubmitted,
  dayBounds,
  dayCounterKey,
  roleCounterKey,
  type RoleCounter,
  daysFrom,
  displayName,
  formRoleIds,
  funnelOf,
  utcDay,
  toRowView,
  type ApplicationForm,
  type ApplicationRow,
  type ApplicationRowView,
  type Page,
  type PipelinePage,
  type PipelineRowsQuery,
  type ReviewerSeries,
  type RoleCounts,
  type User,
} from '@portal/shared/domain';
import { noFormError } from '../../forms/forms.service';
import { COLLECTIONS } from '../../store/collections';
import type { DocumentStore, EqualityFilter } from '../../store/document-store';
import { countOf, readFormCounts, type FormCounts } from '../../store/form-counters';
import { pageInMemory } from '../../store/memory-pages';
import { queryAll, queryPage } from '../../store/query-pages';
import type { StaffLoad } from '../staff-load';

/**
 * The reads of the pipeline: the form's stored counters (store/form-counters.ts: a few documents, no
 * row or response read or counted) and the staff loads with their daily buckets.
 */
export interface PipelineRepository {
  getForm(formId: string): Promise<ApplicationForm | null>;
  /** The form's counters (recounted from its rows first when it has none yet or they drifted). */
  counts(formId: string): Promise<FormCounts>;
  loadsOf(formId: string): Promise<StaffLoad[]>;
  /** Users by id, in one batched read (null for one that is gone). */
  getUsers(ids: readonly string[]): Promise<(User | null)[]>;
  /** Every row of the form matching the filters (equality: no composite index). */
  rowsWhere(formId: string, where: EqualityFilter[]): Promise<ApplicationRow[]>;
  /** A page of the rows submitted from `from` to before `to`, in submission order. */
  rowsSubmittedPage(
    formId: string,
    range: { from: string; to: string },
    page: { cursor?: string; limit: number },
  ): Promise<Page<ApplicationRow>>;
}

export function createPipelineRepository(store: DocumentStore): PipelineRepository {
  const byForm = (formId: string): EqualityFilter => ({ field: 'applicationFormId', value: formId });
  return {
    getForm: (formId) => store.get<ApplicationForm>(COLLECTIONS.forms, formId),
    counts: (formId) => readFormCounts(store, formId),
    loadsOf: (formId) => queryAll<StaffLoad>(store, COLLECTIONS.staffLoads, [byForm(formId)]),
    getUsers: (ids) => store.getAll<User>(COLLECTIONS.users, ids),
    rowsWhere: (formId, where) =>
      queryAll<ApplicationRow>(store, COLLECTIONS.reviewStatuses, [byForm(formId), ...where]),
    rowsSubmittedPage: (formId, { from, to }, { cursor, limit }) =>
      queryPage<ApplicationRow>(store, COLLECTIONS.reviewStatuses, {
        where: [
          byForm(formId),
          { field: 'submittedAt', op: '>=', value: from },
          { field: 'submittedAt', op: '<', value: to },
        ],
        orderBy: { field: 'submittedAt', direction: 'asc' },
        limit,
        after: cursor,
      }),
  };
}

const DAY_PREFIX = dayCounterKey('');

/** What each listed stage's rows are: an equality filter the store answers, then a check of each row. */
const STAGE_ROWS: Record<
  NonNullable<PipelineRowsQuery['stage']>,
  { where: EqualityFilter[]; keep?: (row: ApplicationRow) => boolean }
> = {
  submitted: { where: [] },
  reviewed: { where: [], keep: (row) => row.reviewsDone > 0 },
  qualified: { where: [{ field: 'qualified', value: true }] },
  interviewed: { where: [], keep: (row) => row.interviewsDone > 0 },
  decided: { where: [{ field: 'final', value: true }] },
  'offer-accepted': { where: [{ field: 'decisionStage', value: 'offer-accepted' }] },
};

/** The super-reviewer's "Pipeline at a glance" (docs/product.md#pipeline-at-a-glance). */
export function createPipelineService(deps: { pipeline: PipelineRepository; now: () => Date }) {
  const { pipeline, now } = deps;

  function roleCounts(counts: FormCounts, role: string): RoleCounts {
    const count = (counter: RoleCounter) => countOf(counts, roleCounterKey(counter, role));
    return {
      started: count('started'),
      submitted: count('submitted'),
      notReviewed: count('notReviewed'),
      qualified: count('qualified'),
      notInterviewed: count('notInterviewed'),
      decided: count('decided'),
      offerAccepted: count('offerAccepted'),
    };
  }

  async function reviewerSeries(loads: StaffLoad[], days: string[]): Promise<ReviewerSeries[]> {
    const working = loads.filter((load) => load.reviewsDone > 0);
    const users = await pipeline.getUsers(working.map((load) => load.staffId));
    const series = working.flatMap((load, index) => {
      const user = users[index];
      if (!user) return [];
      return [
        {
          staffId: load.staffId,
          staffName: displayName(user),
          submitted: cumulativeSubmitted(load.reviewsDoneByDay ?? {}, days, load.reviewsDone),
        },
      ];
    });
    return series.sort((a, b) => a.staffName.localeCompare(b.staffName) || (a.staffId < b.staffId ? -1 : 1));
  }

  return {
    async pipeline(formId: string): Promise<PipelinePage> {
      const form = await pipeline.getForm(formId);
      if (!form) throw noFormError();
      const [counts, loads] = await Promise.all([pipeline.counts(formId), pipeline.loadsOf(formId)]);
      const funnels = formRoleIds(form).map((role) => funnelOf(role, roleCounts(counts, role)));
      // The days with submissions, from their counters (every row counts on its submission's day).
      const submissionDays = [...counts]
        .filter(([counter, count]) => counter.startsWith(DAY_PREFIX) && count > 0)
        .map(([counter]) => counter.slice(DAY_PREFIX.length))
        .sort();
      const first = submissionDays[0] ?? null;
      const reviewDays = loads.flatMap((load) => Object.keys(load.reviewsDoneByDay ?? {})).sort();
      const today = utcDay(now());
      const starts = [first, reviewDays[0] ?? null].filter((day): day is string => !!day);
      const start = starts.sort()[0] ?? today;
      const ends = [utcDay(form.dueDate), reviewDays[reviewDays.length - 1] ?? start, start].sort();
      const days = daysFrom(start, ends[ends.length - 1]!);
      const submittedPerDay = days.map((day) => countOf(counts, dayCounterKey(day)));
      return {
        dueDate: form.dueDate,
        days,
        submittedPerDay,
        funnels: funnels.filter((funnel) => funnel.steps[0]!.count > 0),
        reviewers: await reviewerSeries(loads, days),
      };
    },

    /**
     * The rows a chart counts: a day's submissions, paged from the store in submission order; or a
     * role's stage, read by equality (the role's rows at most) and paged here by applicant name.
     */
    async rows(formId: string, query: PipelineRowsQuery & { limit: number }): Promise<Page<ApplicationRowView>> {
      const form = await pipeline.getForm(formId);
      if (!form) throw noFormError();
      const page = { cursor: query.cursor, limit: query.limit };
      if (query.day) {
        const found = await pipeline.rowsSubmittedPage(formId, dayBounds(query.day), page);
        return { ...found, items: found.items.map(toRowView) };
      }
      const { where, keep = () => true } = STAGE_ROWS[query.stage!];
      const rows = (await pipeline.rowsWhere(formId, [{ field: 'role', value: query.role! }, ...where])).filter(keep);
      const found = pageInMemory(rows, {
        orderBy: { field: 'sortName', direction: 'asc' },
        limit: query.limit,
        after: query.cursor,
      });
      return { ...found, items: found.items.map(toRowView) };
    },
  };
}

import { bucketsWith, type AssessmentKind } from '@portal/shared/domain';

/**
 * A staff member's load for one form (collection reviewer-loads): the reviewers and interviewers
 * tabs and auto-assign's balancing read it; every assignment, submit, reopen and unassignment
 * moves it in the same transaction.
 */
export type StaffLoad = {
  id: string;
  applicationFormId: string;
  staffId: string;
  reviewsAssigned: number;
  reviewsDone: number;
  interviewsAssigned: number;
  interviewsDone: number;
  /**
   * Reviews submitted per UTC day (YYYY-MM-DD → count), moved with `reviewsDone` when its change
   * names the day: the pipeline's review progress over time reads them (docs/product.md#pipeline-at-a-glance).
   * A load stored before has none: its earlier reviews count from the series' first day.
   */
  reviewsDoneByDay?: Record<string, number>;
};

export const staffLoadId = (formId: string, staffId: string) => `${formId}__${staffId}`;

export function emptyLoad(formId: string, staffId: string): StaffLoad {
  return {
    id: staffLoadId(formId, staffId),
    applicationFormId: formId,
    staffId,
    reviewsAssigned: 0,
    reviewsDone: 0,
    interviewsAssigned: 0,
    interviewsDone: 0,
  };
}

/**
 * The load with one kind's counts moved by `delta`; a count never goes below 0. `day`: the UTC day
 * of the submitted reviews `done` adds or takes back (its daily bucket moves with it).
 */
export function loadWith(
  load: StaffLoad,
  kind: AssessmentKind,
  delta: { assigned?: number; done?: number; day?: string | null },
): StaffLoad {
  const assigned = delta.assigned ?? 0;
  const done = delta.done ?? 0;
  return kind === 'review'
    ? {
        ...load,
        reviewsAssigned: Math.max(0, load.reviewsAssigned + assigned),
        reviewsDone: Math.max(0, load.reviewsDone + done),
        ...(done !== 0 && delta.day ? { reviewsDoneByDay: bucketsWith(load.reviewsDoneByDay, delta.day, done) } : {}),
      }
    : {
        ...load,
        interviewsAssigned: Math.max(0, load.interviewsAssigned + assigned),
        interviewsDone: Math.max(0, load.interviewsDone + done),
      };
}

export const loadCounts = (load: StaffLoad | undefined, kind: AssessmentKind) => ({
  assigned: load ? (kind === 'review' ? load.reviewsAssigned : load.interviewsAssigned) : 0,
  done: load ? (kind === 'review' ? load.reviewsDone : load.interviewsDone) : 0,
});

import { isPastDue } from './form-rules';
import type { Assessment } from './staff';

/**
 * The super-reviewer's reviewer progress page (docs/product.md#reviewer-progress): per reviewer of a form, how much of
 * their review work is done, what is overdue against the form's review due date, how long they
 * take, and how lenient they score next to the others.
 */
export interface ReviewerProgress {
  staffId: string;
  staffName: string;
  assigned: number;
  notStarted: number;
  drafted: number;
  submitted: number;
  /** Not submitted while the form's review due date has passed (0 without a due date). */
  overdue: number;
  /** Mean hours from assignment to submission over their submitted reviews; null before the first. */
  averageHoursToReview: number | null;
  /** `relativeLeniency`; null while none of their reviewed applications has another submitted review. */
  leniency: number | null;
}

export interface ReviewerProgressPage {
  reviewDueDate: string | null;
  /** The form's own time zone, when it has one (its dates are shown in it; else the chapter's). */
  timeZone?: string;
  /** Released: the review work is read-only, and no reminder goes. */
  decisionsReleased: boolean;
  items: ReviewerProgress[];
}

export const REVIEWER_PROGRESS_TEXTS = {
  leniency:
    "How far this reviewer's scores sit, on average, above (+) or below (−) the other reviewers' scores of the same applications, in rubric points.",
  remindSent: (name: string) => `Reminder queued for ${name}.`,
  nothingToRemind: 'Every review of theirs is submitted: there is nothing to remind them of',
  remindedToday: 'They were already reminded today',
} as const;

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Per reviewer: the mean, over their submitted reviews of applications someone else also
 * reviewed, of their score minus the mean of the others' scores of the same application and role.
 */
export function relativeLeniency(reviews: readonly Assessment[]): Map<string, number> {
  const submitted = reviews.filter((review) => review.state === 'submitted' && review.score !== null);
  const byRow = new Map<string, Assessment[]>();
  for (const review of submitted) {
    const key = `${review.responseId}__${review.role}`;
    byRow.set(key, [...(byRow.get(key) ?? []), review]);
  }
  const differences = new Map<string, number[]>();
  for (const row of byRow.values()) {
    for (const review of row) {
      const others = row.filter((other) => other !== review).map((other) => other.score!);
      if (others.length === 0) continue;
      differences.set(review.staffId, [...(differences.get(review.staffId) ?? []), review.score! - mean(others)]);
    }
  }
  return new Map([...differences].map(([staffId, values]) => [staffId, mean(values)]));
}

const HOUR_MS = 60 * 60 * 1000;

/** The progress of every reviewer with review work on the form, most overdue first, then by name. */
export function reviewerProgress(
  reviews: readonly Assessment[],
  now: Date,
  reviewDueDate: string | undefined,
): ReviewerProgress[] {
  const past = reviewDueDate !== undefined && isPastDue(reviewDueDate, now);
  const leniency = relativeLeniency(reviews);
  const byStaff = new Map<string, Assessment[]>();
  for (const review of reviews) byStaff.set(review.staffId, [...(byStaff.get(review.staffId) ?? []), review]);
  const items = [...byStaff].map(([staffId, own]): ReviewerProgress => {
    const done = own.filter((review) => review.state === 'submitted');
    const hours = done.map((review) => (Date.parse(review.submittedAt!) - Date.parse(review.createdAt)) / HOUR_MS);
    return {
      staffId,
      staffName: own[0]!.staffName,
      assigned: own.length,
      notStarted: own.filter((review) => review.state === 'not-started').length,
      drafted: own.filter((review) => review.state === 'draft').length,
      submitted: done.length,
      overdue: past ? own.length - done.length : 0,
      averageHoursToReview: hours.length > 0 ? mean(hours) : null,
      leniency: leniency.get(staffId) ?? null,
    };
  });
  return items.sort(
    (a, b) => b.overdue - a.overdue || a.staffName.localeCompare(b.staffName) || (a.staffId < b.staffId ? -1 : 1),
  );
}

import type { AssessmentKind } from '../ids/constants';
import type { TeamRole } from '../ids/constants';
import type { ApplicationForm } from '../schemas/forms';

export type Rubric = ApplicationForm['reviewRubrics'][number];
export type Scores = Record<string, number>;

export function rubricFor(
  form: Pick<ApplicationForm, 'reviewRubrics' | 'interviewRubrics'>,
  kind: AssessmentKind,
  role: TeamRole,
): Rubric | null {
  const rubrics = kind === 'review' ? form.reviewRubrics : form.interviewRubrics;
  return rubrics.find((rubric) => rubric.roles.includes(role)) ?? null;
}

/** Per criterion: a message when the score is missing or out of its bounds. */
export function scoreProblems(rubric: Rubric, scores: Partial<Scores>, requireAll: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const criterion of rubric.criteria) {
    const value = scores[criterion.key];
    if (value === undefined || value === null) {
      if (requireAll) problems[criterion.key] = 'Give a score';
    } else if (!Number.isInteger(value) || value < criterion.min || value > criterion.max) {
      problems[criterion.key] = `Give a whole number from ${criterion.min} to ${criterion.max}`;
    }
  }
  for (const key of Object.keys(scores)) {
    if (!rubric.criteria.some((criterion) => criterion.key === key)) problems[key] = 'Not a criterion of this rubric';
  }
  return problems;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * An application's score for a role: the mean of each criterion over the submitted reviews,
 * then the mean of the criteria weighted by the form's weights (so it stays on the criteria's
 * scale). Null when nothing has been submitted.
 */
export function aggregateScore(rubric: Rubric, submitted: Scores[]): number | null {
  if (submitted.length === 0) return null;
  let weighted = 0;
  let weights = 0;
  for (const criterion of rubric.criteria) {
    const values = submitted.map((scores) => scores[criterion.key]).filter((value) => typeof value === 'number');
    if (values.length === 0) continue;
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    weighted += criterion.weight * mean;
    weights += criterion.weight;
  }
  return weights === 0 ? null : round2(weighted / weights);
}

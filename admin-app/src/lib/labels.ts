import {
  FINAL_DECISIONS,
  REVIEW_DECISION_LABELS,
  type AssessmentKind,
  type ReviewDecision,
} from '@portal/shared/domain/ids/constants';
import type { OfferState } from '@portal/shared/domain/rules/application-row';

/** The final decisions as select options. */
export const DECISION_OPTIONS = FINAL_DECISIONS.map((decision) => ({
  value: decision,
  label: REVIEW_DECISION_LABELS[decision],
}));

export const DECISION_COLORS: Record<ReviewDecision, string> = {
  'not-reviewed': 'default',
  'under-review': 'gold',
  reviewed: 'blue',
  interview: 'purple',
  accepted: 'green',
  denied: 'red',
  waitlist: 'orange',
};

export const OFFER_LABELS: Record<OfferState, string> = {
  pending: 'Offer pending',
  accepted: 'Offer accepted',
  declined: 'Offer declined',
  expired: 'Offer expired',
};

export const OFFER_COLORS: Record<OfferState, string> = {
  pending: 'gold',
  accepted: 'green',
  declined: 'red',
  expired: 'default',
};

/** An accepted row before the release: the applicant has been told nothing yet. */
export const OFFER_PLANNED = 'Offer planned';
export const OFFER_PLANNED_HELP =
  'Applicants are told when decisions are released; until then an offer is only planned.';

export const STAFF_NOUN: Record<AssessmentKind, { one: string; aOne: string; title: string; many: string }> = {
  review: { one: 'reviewer', aOne: 'a reviewer', title: 'Reviewer', many: 'reviews' },
  interview: { one: 'interviewer', aOne: 'an interviewer', title: 'Interviewer', many: 'interviews' },
};

export const scoreText = (score: number | null | undefined): string =>
  typeof score === 'number' ? score.toFixed(2) : '—';

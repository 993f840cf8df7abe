import { isFinalDecision, type FinalDecision, type ReviewDecision } from '@portal/shared/domain/ids/constants';
import type { MyApplication } from '@portal/shared/domain/schemas/responses';

export interface StatusView {
  label: string;
  color: string;
}

/**
 * What the applicant may see of an application's status: until decisions are released every
 * submitted application reads "In review", whatever stage the review has reached.
 */
export function applicantStatus({ response, form }: MyApplication): StatusView {
  if (response.status === 'in-progress') return { label: 'In progress', color: 'processing' };
  if (response.status === 'inactive') return { label: 'Inactive', color: 'default' };
  if (form.decisionsReleased) return { label: 'Decisions released', color: 'success' };
  return { label: 'In review', color: 'gold' };
}

/** How the applicant sees a released final decision. */
export const OUTCOME_VIEW: Record<FinalDecision, StatusView> = {
  accepted: { label: 'Accepted', color: 'success' },
  denied: { label: 'Denied', color: 'default' },
  waitlist: { label: 'Waitlisted', color: 'warning' },
};

/** The final decision, or null while the work is still under way (not reviewed … interview). */
export const outcomeOf = (decision: ReviewDecision | null): FinalDecision | null =>
  decision !== null && isFinalDecision(decision) ? decision : null;

export const OFFER_LABELS = {
  accepted: 'Offer accepted',
  declined: 'Offer declined',
  expired: 'Offer expired',
} as const;

/** The editor opens the first visible section itself when the one named is hidden. */
export function editorPath(formId: string, sectionId: string | undefined): string {
  return `/apply/f/${encodeURIComponent(formId)}/${encodeURIComponent(sectionId ?? 'start')}`;
}

/** What the submit page passes to `/apply/success`: the application it has just submitted. */
export interface SuccessLocationState {
  submitted?: boolean;
}

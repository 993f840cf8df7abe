import {
  applicantLetter,
  isFinalDecision,
  LETTER_PREVIEW_MESSAGES,
  type LetterPreview,
  type TeamRole,
} from '@portal/shared/domain';
import { noFormError } from '../../forms/forms.service';
import { ApiError } from '../../http/api-error';
import type { ReviewsRepository } from '../reviews.repository';
import { noRowError } from '../staff-errors';

/**
 * The super-reviewer's preview of a row's decision letter: exactly what the applicant will read
 * after release (the same `applicantLetter` as their decision page), for the row's current decision.
 */
export function createLetterPreviewService(deps: {
  reviews: Pick<ReviewsRepository, 'getForm' | 'getResponse' | 'getUser' | 'rowsOf'>;
}) {
  const { reviews } = deps;
  return {
    async preview(responseId: string, role: TeamRole): Promise<LetterPreview> {
      const response = await reviews.getResponse(responseId);
      const row = response && (await reviews.rowsOf(response)).find((candidate) => candidate.role === role);
      if (!row) throw noRowError();
      const form = await reviews.getForm(row.applicationFormId);
      if (!form) throw noFormError();
      if (!isFinalDecision(row.decision)) throw new ApiError('conflict', LETTER_PREVIEW_MESSAGES.undecided);
      const applicant = await reviews.getUser(row.userId);
      return {
        applicantName: row.applicantName,
        role,
        decision: row.decision,
        letter: applicantLetter(form, row.decision, role, applicant?.firstName ?? ''),
      };
    },
  };
}

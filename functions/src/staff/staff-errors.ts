import { STAFF_MESSAGES, type ApplicationForm } from '@portal/shared/domain';
import { ApiError } from '../http/api-error';

export const noRowError = () => new ApiError('not-found', STAFF_MESSAGES.noRow);
export const noAssessmentError = () => new ApiError('not-found', STAFF_MESSAGES.noAssessment);

/** Once decisions are released the form's review work is read-only: every change answers 409 with one message. */
export const releasedError = () => ApiError.because('released-read-only', STAFF_MESSAGES.decisionsReleased);
export function assertNotReleased(form: Pick<ApplicationForm, 'decisionsReleased'>): void {
  if (form.decisionsReleased) throw releasedError();
}

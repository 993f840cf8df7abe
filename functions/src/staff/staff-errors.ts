import { STAFF_MESSAGES } from '@portal/shared/domain';
import { ApiError } from '../http/api-error';

export const noRowError = () => new ApiError('not-found', STAFF_MESSAGES.noRow);
export const noAssessmentError = () => new ApiError('not-found', STAFF_MESSAGES.noAssessment);

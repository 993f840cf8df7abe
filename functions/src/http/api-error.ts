import { API_ERROR_REASONS, API_ERROR_STATUS, type ApiErrorCode, type ApiErrorReason } from '@portal/shared/domain';

export class ApiError extends Error {
  #reason: ApiErrorReason | undefined;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /**
   * A refusal a client acts on: it carries `reason`, and its code (so its status) is the one the
   * reason table gives. The message stays for people; clients match the reason.
   */
  static because(reason: ApiErrorReason, message: string, details?: unknown): ApiError {
    const error = new ApiError(API_ERROR_REASONS[reason], message, details);
    error.#reason = reason;
    return error;
  }

  get reason(): ApiErrorReason | undefined {
    return this.#reason;
  }

  get status(): number {
    return API_ERROR_STATUS[this.code];
  }
}

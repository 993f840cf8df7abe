import { emptySectionResponses } from '@portal/shared/domain/rules/form-rules';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import { ApiRequestError } from '@portal/shared/client';
import type { ApiErrorCode } from '@portal/shared/domain/ids/error-codes';

/**
 * A small copy of the demo cycle's form (functions/src/seed/demo-form.ts): a section for
 * everyone, the role question, and one section each for engineers and designers.
 */
export const EDITOR_FORM: ApplicationForm = {
  id: 'demo-form-spring',
  semester: 'Demo Semester',
  isActive: true,
  decisionsReleased: false,
  dueDate: '2099-03-01T04:59:00.000Z',
  description: 'A demo application cycle. Everything here is sample data.',
  reviewRubrics: [],
  interviewRubrics: [],
  sections: [
    {
      sectionId: 'about-you',
      sectionName: 'About You',
      questions: [
        {
          questionId: 'preferred-name',
          questionType: 'short-answer',
          questionText: 'What name do you go by?',
          maxWords: 10,
        },
        {
          questionId: 'year',
          questionType: 'multiple-choice',
          questionText: 'What year are you in?',
          options: ['First year', 'Second year', 'Third year', 'Fourth year or later'],
        },
      ],
    },
    {
      sectionId: 'roles',
      sectionName: 'Roles',
      questions: [
        { questionId: 'roles', questionType: 'role-select', questionText: 'Which roles are you applying for?' },
      ],
    },
    {
      sectionId: 'engineering',
      sectionName: 'Engineering',
      forRoles: ['engineer', 'tech-lead'],
      questions: [
        {
          questionId: 'project',
          questionType: 'long-answer',
          questionText: 'Tell us about a project you built.',
          maxWords: 400,
        },
      ],
    },
    {
      sectionId: 'design',
      sectionName: 'Design',
      forRoles: ['designer'],
      questions: [
        { questionId: 'portfolio', questionType: 'short-answer', questionText: 'Link to your portfolio', maxWords: 5 },
        {
          questionId: 'design-process',
          questionType: 'long-answer',
          questionText: 'Walk us through your design process.',
          maxWords: 400,
        },
      ],
    },
  ],
};

export const EDITOR_RESPONSE_ID = '0b7e6f52-9c1d-4a3e-8f20-5d4c3b2a1908';

/** An in-progress response to EDITOR_FORM, with the given answers (`sectionId.questionId` → answer). */
export function draftResponse(
  answers: Record<string, string | string[]> = {},
  overrides: Partial<ApplicationResponse> = {},
): ApplicationResponse {
  const roles = answers['roles.roles'];
  return {
    id: EDITOR_RESPONSE_ID,
    userId: 'nova-uid',
    applicationFormId: EDITOR_FORM.id,
    status: 'in-progress',
    dateSubmitted: '2025-02-01T10:00:00.000Z',
    rolesApplied: Array.isArray(roles) ? (roles as ApplicationResponse['rolesApplied']) : [],
    version: 3,
    sectionResponses: emptySectionResponses(EDITOR_FORM).map((section) => ({
      ...section,
      questions: section.questions.map((q) => {
        const value = answers[`${section.sectionId}.${q.questionId}`];
        return value === undefined ? q : { ...q, response: value };
      }),
    })),
    ...overrides,
  };
}

/** What the API answers when it refuses a request, with the server's `details`. */
export function apiErrorWithDetails(
  status: number,
  code: ApiErrorCode,
  message: string,
  details: unknown,
): ApiRequestError {
  return new ApiRequestError(status, code, message, { error: { code, message, details } });
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The localStorage keys of every stored draft of a response (any tab). */
export function storedDraftKeys(responseId = EDITOR_RESPONSE_ID): string[] {
  const keys: string[] = [];
  for (let i = 0; i < window.localStorage.length; i += 1) {
    const key = window.localStorage.key(i);
    if (key?.startsWith(`portal:draft:${responseId}:`)) keys.push(key);
  }
  return keys;
}

import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type { ApplicationResponse, MyApplication } from '@portal/shared/domain/schemas/responses';

export const FORM: ApplicationForm = {
  id: 'spring-2025',
  semester: 'Spring 2025',
  isActive: true,
  decisionsReleased: false,
  dueDate: '2099-03-01T04:59:00.000Z',
  description: 'Join us to build software for nonprofits.',
  reviewRubrics: [],
  interviewRubrics: [],
  sections: [
    {
      sectionId: 'about-you',
      sectionName: 'About You',
      questions: [
        { questionId: 'name', questionType: 'short-answer', questionText: 'What name do you go by?' },
        {
          questionId: 'resume',
          questionType: 'file-upload',
          questionText: 'Upload your resume',
          acceptedTypes: ['application/pdf'],
          maxSizeBytes: 10_485_760,
        },
      ],
    },
    {
      sectionId: 'roles',
      sectionName: 'Roles',
      questions: [{ questionId: 'roles', questionType: 'role-select', questionText: 'Which roles?' }],
    },
    {
      sectionId: 'engineering',
      sectionName: 'Engineering',
      forRoles: ['engineer'],
      questions: [{ questionId: 'project', questionType: 'long-answer', questionText: 'Tell us about a project.' }],
    },
    {
      sectionId: 'design',
      sectionName: 'Design',
      forRoles: ['designer'],
      questions: [{ questionId: 'process', questionType: 'long-answer', questionText: 'Your design process?' }],
    },
  ],
};

export const RESPONSE_ID = '6f1c2b8e-3d4a-4e5f-9a6b-7c8d9e0f1a2b';

export function response(overrides: Partial<ApplicationResponse> = {}): ApplicationResponse {
  return {
    id: RESPONSE_ID,
    userId: 'nova-uid',
    applicationFormId: FORM.id,
    status: 'submitted',
    dateSubmitted: '2025-02-10T15:30:00.000Z',
    rolesApplied: ['engineer'],
    version: 3,
    sectionResponses: [
      {
        sectionId: 'about-you',
        sectionName: 'About You',
        questions: [
          { questionId: 'name', questionType: 'short-answer', applicationFormId: FORM.id, response: 'Nova' },
          { questionId: 'resume', questionType: 'file-upload', applicationFormId: FORM.id, response: 'file-1' },
        ],
      },
      {
        sectionId: 'roles',
        sectionName: 'Roles',
        questions: [
          { questionId: 'roles', questionType: 'role-select', applicationFormId: FORM.id, response: ['engineer'] },
        ],
      },
      {
        sectionId: 'engineering',
        sectionName: 'Engineering',
        questions: [
          {
            questionId: 'project',
            questionType: 'long-answer',
            applicationFormId: FORM.id,
            response: 'A food bank inventory app.\nUsed by 3 shelters.',
          },
        ],
      },
      {
        sectionId: 'design',
        sectionName: 'Design',
        questions: [{ questionId: 'process', questionType: 'long-answer', applicationFormId: FORM.id, response: '' }],
      },
    ],
    ...overrides,
  };
}

export function myApplication(
  overrides: {
    response?: Partial<ApplicationResponse>;
    decisionsReleased?: boolean;
    roles?: MyApplication['roles'];
  } = {},
): MyApplication {
  const current = response(overrides.response);
  return {
    response: current,
    form: {
      id: FORM.id,
      semester: FORM.semester,
      dueDate: FORM.dueDate,
      decisionsReleased: overrides.decisionsReleased ?? false,
    },
    roles: overrides.roles ?? current.rolesApplied.map((role) => ({ role, decision: null, offer: null })),
  };
}

import type { DashboardRowView } from '@portal/shared/domain/rules/fair-review';
import type {
  AssessmentView,
  Page,
  StaffApplication,
  StaffMember,
  StaffSummary,
} from '@portal/shared/domain/rules/staff';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';

export const FORM_ID = 'spring-2025';
export const RESPONSE_ID = '6f1c2b8e-3d4a-4e5f-9a6b-7c8d9e0f1a2b';
export const OTHER_RESPONSE_ID = '7a2d3c9f-4e5b-4f6a-8b7c-8d9e0f1a2b3c';

export const FORM: ApplicationForm = {
  id: FORM_ID,
  semester: 'Spring 2025',
  isActive: true,
  decisionsReleased: false,
  dueDate: '2099-03-01T04:59:00.000Z',
  reviewRubrics: [],
  interviewRubrics: [],
  sections: [
    {
      sectionId: 'contact',
      sectionName: 'Contact details',
      hiddenFromReviewers: true,
      questions: [{ questionId: 'phone', questionType: 'short-answer', questionText: 'Your phone number?' }],
    },
    {
      sectionId: 'about-you',
      sectionName: 'About You',
      questions: [{ questionId: 'name', questionType: 'short-answer', questionText: 'What name do you go by?' }],
    },
    {
      sectionId: 'engineering',
      sectionName: 'Engineering',
      forRoles: ['engineer'],
      questions: [{ questionId: 'project', questionType: 'long-answer', questionText: 'Tell us about a project.' }],
    },
  ],
};

export function row(overrides: Partial<DashboardRowView> = {}): DashboardRowView {
  const responseId = overrides.responseId ?? RESPONSE_ID;
  const role = overrides.role ?? 'engineer';
  return {
    id: `${responseId}__${role}`,
    responseId,
    applicationFormId: FORM_ID,
    userId: 'ada-uid',
    role,
    decision: 'under-review',
    final: false,
    qualified: false,
    applicantName: 'Ada Lovelace',
    applicantEmail: 'ada@example.org',
    submittedAt: '2025-02-10T15:30:00.000Z',
    reviews: [],
    reviewsAssigned: 2,
    reviewsDone: 1,
    reviewScore: 3.456,
    interviews: [],
    interviewsAssigned: 0,
    interviewsDone: 0,
    interviewScore: null,
    calibratedReviewScore: 3.21,
    reviewSpread: 0,
    calibratedSpread: 0,
    disagreement: false,
    ...overrides,
  };
}

export const page = <T>(items: T[], nextCursor: string | null = null, total = items.length): Page<T> => ({
  items,
  nextCursor,
  total,
});

export function member(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: 'grace-uid',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.org',
    role: 'reviewer',
    applicantRolePreferences: ['bootcamp', 'engineer', 'designer'],
    ...overrides,
  };
}

export const STAFF: StaffSummary[] = [
  { user: member(), assigned: 4, done: 1 },
  {
    user: member({ id: 'alan-uid', firstName: 'Alan', lastName: 'Turing', email: 'alan@example.org' }),
    assigned: 2,
    done: 2,
  },
];

export const RESPONSE: ApplicationResponse = {
  id: RESPONSE_ID,
  userId: 'ada-uid',
  applicationFormId: FORM_ID,
  status: 'in-review',
  dateSubmitted: '2025-02-10T15:30:00.000Z',
  rolesApplied: ['engineer'],
  version: 3,
  sectionResponses: [
    {
      sectionId: 'contact',
      sectionName: 'Contact details',
      questions: [
        { questionId: 'phone', questionType: 'short-answer', applicationFormId: FORM_ID, response: '555-0100' },
      ],
    },
    {
      sectionId: 'about-you',
      sectionName: 'About You',
      questions: [{ questionId: 'name', questionType: 'short-answer', applicationFormId: FORM_ID, response: 'Ada' }],
    },
    {
      sectionId: 'engineering',
      sectionName: 'Engineering',
      questions: [
        { questionId: 'project', questionType: 'long-answer', applicationFormId: FORM_ID, response: 'An engine.' },
      ],
    },
  ],
};

export function staffApplication(overrides: Partial<StaffApplication> = {}): StaffApplication {
  return {
    form: FORM,
    response: RESPONSE,
    applicant: { id: 'ada-uid', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
    rows: [
      row({
        reviews: [
          {
            assessmentId: 'rev-1',
            staffId: 'grace-uid',
            staffName: 'Grace Hopper',
            state: 'submitted',
            scores: { skill: 3 },
          },
          { assessmentId: 'rev-2', staffId: 'alan-uid', staffName: 'Alan Turing', state: 'draft' },
        ],
        interviews: [{ assessmentId: 'int-1', staffId: 'alan-uid', staffName: 'Alan Turing', state: 'not-started' }],
        interviewsAssigned: 1,
      }),
    ],
    ...overrides,
  };
}

export function assessment(overrides: Partial<AssessmentView> = {}): AssessmentView {
  return {
    id: 'rev-1',
    kind: 'review',
    applicationFormId: FORM_ID,
    responseId: RESPONSE_ID,
    role: 'engineer',
    staffId: 'grace-uid',
    staffName: 'Grace Hopper',
    applicantUserId: 'ada-uid',
    applicantName: 'Ada Lovelace',
    scores: { skill: 3 },
    comments: '',
    state: 'submitted',
    score: 3,
    version: 2,
    createdAt: '2025-02-11T10:00:00.000Z',
    updatedAt: '2025-02-12T10:00:00.000Z',
    submittedAt: '2025-02-12T10:00:00.000Z',
    ...overrides,
  };
}

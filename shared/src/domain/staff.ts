import './zod-config';
import { z } from 'zod';
import { TEAM_ROLES, USER_ROLES, type ReviewDecision, type TeamRole, type UserRole } from './constants';
import { countOf } from './text';
import type { ApplicationResponse, SectionResponse } from './responses';
import { idSchema, teamRoleSchema, type ApplicationForm, type User } from './schemas';

/**
 * The staff side (spec sections 2, 4-7; product notes "Review workflow" and "Decisions").
 *
 * Stored shapes:
 * - `review-statuses/{responseId}__{role}`: one `ApplicationRow` per submitted response and role
 *   applied for. It is the super-reviewer dashboard's row AND the aggregate: it carries the
 *   assignments with their state, the counts and the scores, updated in the same transaction as
 *   every assignment, review submit, reopen, qualified flag and decision.
 * - `review-data/{id}` and `interview-data/{id}`: one `Assessment` per assignment
 *   (staff member x response x role), holding the scores and comments.
 * - `reviewer-loads/{formId}__{staffId}`: a `StaffLoad` per form and staff member (the reviewers
 *   and interviewers tabs, auto-assign balancing).
 */

export const FINAL_DECISIONS = ['accepted', 'denied', 'waitlist'] as const;
export type FinalDecision = (typeof FINAL_DECISIONS)[number];
export const finalDecisionSchema = z.enum(FINAL_DECISIONS);
export const isFinalDecision = (decision: ReviewDecision): decision is FinalDecision =>
  (FINAL_DECISIONS as readonly string[]).includes(decision);

export const ASSESSMENT_KINDS = ['review', 'interview'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];
export const assessmentKindSchema = z.enum(ASSESSMENT_KINDS);

/** not-started: nothing saved yet; draft: saved, not submitted; submitted: counts in the score. */
export const ASSESSMENT_STATES = ['not-started', 'draft', 'submitted'] as const;
export type AssessmentState = (typeof ASSESSMENT_STATES)[number];
export const ASSESSMENT_STATE_LABELS: Record<AssessmentState, string> = {
  'not-started': 'Not started',
  draft: 'Draft',
  submitted: 'Submitted',
};

export const STAFF_ROLES: UserRole[] = ['reviewer', 'super-reviewer'];
export const isStaffRole = (role: UserRole): boolean => STAFF_ROLES.includes(role);

export const STAFF_MESSAGES = {
  notReviewer: 'User is not a reviewer!',
  preferencesRule: 'All reviewers must review Bootcamp applications. Select at least 3 roles!',
  preferencesSaved: 'Successfully updated role preferences!',
  preferencesFailed: 'Failed to set review preferences!',
  fetchUserFailed: 'Failed to fetch user!',
  staffOnly: 'Only reviewers and super-reviewers may do this',
  superReviewerOnly: 'Only a super-reviewer may do this',
  notAssigned: 'This application is not assigned to you',
  noAssessment: 'No review or interview with this ID!',
  noRow: 'This application did not apply for this role or has not been submitted',
  noForm: 'No form with this ID!',
  noUser: 'No user with this ID!',
  readOnly: 'This has been submitted; a super-reviewer can reopen it',
  notSubmitted: 'Only a submitted review or interview can be reopened',
  submittedCannotUnassign: 'A submitted review or interview cannot be unassigned; reopen it first',
  staleAssessment: 'This was saved from another tab or device since you opened it',
  incompleteScores: 'Score every criterion before submitting',
  assigneeNotStaff: 'Only reviewers and super-reviewers can be assigned',
  selfAssignment: 'An applicant cannot review their own application',
  alreadyAssigned: 'This staff member is already assigned to this application and role',
  noRubric: 'The form has no rubric for this role',
  decisionsReleased: 'Decisions for this form have already been released',
  undecided: (count: number) =>
    `Decisions cannot be released while ${countOf(count, 'submitted application')} ${count === 1 ? 'is' : 'are'} undecided`,
  planChanged: 'Applications or reviewers changed since the preview; preview again',
  lastSuperReviewer: 'The last super-reviewer cannot be removed',
  formHasResponses: 'This form already has applications; change its due date or create a new form',
} as const;

/* ------------------------------------------------------------------ search */

const MAX_TOKEN_LENGTH = 24;
export const MAX_SEARCH_LENGTH = 100;

/** Lower-cased, trimmed, inner whitespace collapsed: what a search matches against. */
export function normalizeSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/**
 * Every prefix (1 to 24 characters) of each name part, of the full name and of the email:
 * a search for "ada l", "lovel" or "ada@ex" is one array-contains equality on the server.
 */
export function searchTokens(person: { firstName: string; lastName: string; email: string }): string[] {
  const first = normalizeSearch(person.firstName);
  const last = normalizeSearch(person.lastName);
  const sources = [
    first,
    last,
    `${first} ${last}`,
    normalizeSearch(person.email),
    ...first.split(' '),
    ...last.split(' '),
  ];
  const tokens = new Set<string>();
  for (const source of sources) {
    for (let length = 1; length <= Math.min(source.length, MAX_TOKEN_LENGTH); length++) {
      tokens.add(source.slice(0, length));
    }
  }
  return [...tokens];
}

/** The token a search text is looked up by (searches longer than a token match on their first 24 characters). */
export const searchToken = (text: string): string => normalizeSearch(text).slice(0, MAX_TOKEN_LENGTH);

export const displayName = (person: { firstName: string; lastName: string }): string =>
  `${person.firstName} ${person.lastName}`.trim();

/* ------------------------------------------------------------------ rubrics and scores */

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

/* ------------------------------------------------------------------ stored shapes */

/** An assignment as the row sees it; `scores` only once submitted. */
export type AssignmentRef = {
  assessmentId: string;
  staffId: string;
  staffName: string;
  state: AssessmentState;
  scores?: Scores;
};

export type ApplicationRow = {
  id: string;
  responseId: string;
  applicationFormId: string;
  userId: string;
  role: TeamRole;
  /** Follows the work (not-reviewed, under-review, reviewed, interview) until a final decision is set. */
  decision: ReviewDecision;
  /** decision is accepted, denied or waitlist: what release checks. */
  final: boolean;
  qualified: boolean;
  applicantName: string;
  applicantEmail: string;
  /** Lower-cased "first last", the name sort key. */
  sortName: string;
  searchTokens: string[];
  submittedAt: string;
  reviews: AssignmentRef[];
  reviewsAssigned: number;
  reviewsDone: number;
  reviewScore: number | null;
  interviews: AssignmentRef[];
  interviewsAssigned: number;
  interviewsDone: number;
  interviewScore: number | null;
  offer?: 'accepted' | 'declined';
  offerRepliedAt?: string;
};

export type Assessment = {
  id: string;
  kind: AssessmentKind;
  applicationFormId: string;
  responseId: string;
  role: TeamRole;
  staffId: string;
  staffName: string;
  applicantUserId: string;
  applicantName: string;
  /** The applicant's tokens: the reviewer dashboard's search. */
  searchTokens: string[];
  scores: Scores;
  comments: string;
  state: AssessmentState;
  /** The weighted score of this one assessment, once every criterion is scored. */
  score: number | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
};

export type StaffLoad = {
  id: string;
  applicationFormId: string;
  staffId: string;
  reviewsAssigned: number;
  reviewsDone: number;
  interviewsAssigned: number;
  interviewsDone: number;
};

export const staffLoadId = (formId: string, staffId: string) => `${formId}__${staffId}`;

/** The row for a response and role, as submit creates it. */
export function newApplicationRow(input: {
  responseId: string;
  applicationFormId: string;
  role: TeamRole;
  applicant: { id: string; firstName: string; lastName: string; email: string };
  submittedAt: string;
}): ApplicationRow {
  const { applicant } = input;
  return {
    id: `${input.responseId}__${input.role}`,
    responseId: input.responseId,
    applicationFormId: input.applicationFormId,
    userId: applicant.id,
    role: input.role,
    decision: 'not-reviewed',
    final: false,
    qualified: false,
    applicantName: displayName(applicant),
    applicantEmail: applicant.email,
    sortName: normalizeSearch(displayName(applicant)),
    searchTokens: searchTokens(applicant),
    submittedAt: input.submittedAt,
    reviews: [],
    reviewsAssigned: 0,
    reviewsDone: 0,
    reviewScore: null,
    interviews: [],
    interviewsAssigned: 0,
    interviewsDone: 0,
    interviewScore: null,
  };
}

/**
 * The row with one kind's assignments replaced: recounts, rescores and moves the work decision
 * (not-reviewed → under-review → reviewed → interview); a final decision stays as it is.
 */
export function rowWithAssignments(
  row: ApplicationRow,
  kind: AssessmentKind,
  refs: AssignmentRef[],
  rubric: Rubric | null,
): ApplicationRow {
  const done = refs.filter((ref) => ref.state === 'submitted');
  const score = rubric
    ? aggregateScore(
        rubric,
        done.map((ref) => ref.scores ?? {}),
      )
    : null;
  const next: ApplicationRow =
    kind === 'review'
      ? { ...row, reviews: refs, reviewsAssigned: refs.length, reviewsDone: done.length, reviewScore: score }
      : {
          ...row,
          interviews: refs,
          interviewsAssigned: refs.length,
          interviewsDone: done.length,
          interviewScore: score,
        };
  return { ...next, decision: next.final ? next.decision : workDecision(next) };
}

function workDecision(row: ApplicationRow): ReviewDecision {
  if (row.interviewsAssigned > 0) return 'interview';
  if (row.reviewsAssigned === 0) return 'not-reviewed';
  return row.reviewsDone === row.reviewsAssigned ? 'reviewed' : 'under-review';
}

/** The row with a final decision set. */
export const rowWithDecision = (row: ApplicationRow, decision: FinalDecision): ApplicationRow => ({
  ...row,
  decision,
  final: true,
});

/* ------------------------------------------------------------------ what the API answers */

/** A row as the API sends it (no search tokens). */
export type ApplicationRowView = Omit<ApplicationRow, 'searchTokens' | 'sortName'>;
export type AssessmentView = Omit<Assessment, 'searchTokens'>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  /** How many items match in all (every page). */
  total: number;
}

export interface StaffMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: UserRole;
  applicantRolePreferences: TeamRole[];
}

/** The reviewers and interviewers tabs: each staff member with their load for the form. */
export interface StaffSummary {
  user: StaffMember;
  assigned: number;
  done: number;
}

/** GET /admin/assessments/{kind}/{id}: what the review and interview screens show. */
export interface AssessmentScreen {
  assessment: AssessmentView;
  rubric: Rubric | null;
  form: Pick<ApplicationForm, 'id' | 'semester' | 'sections'>;
  /** The response with the sections hidden from reviewers left out. */
  response: {
    id: string;
    status: string;
    rolesApplied: TeamRole[];
    sectionResponses: SectionResponse[];
  };
  /** Whether the caller may write now (assigned or super-reviewer, and not submitted). */
  editable: boolean;
  /** Whether the caller may reopen it (a super-reviewer, and submitted). */
  reopenable: boolean;
}

/** GET /admin/responses/{responseId}: an application as a super-reviewer (or an assigned reviewer) sees it. */
export interface StaffApplication {
  form: ApplicationForm;
  response: ApplicationResponse;
  applicant: { id: string; firstName: string; lastName: string; email: string };
  rows: ApplicationRowView[];
}

export interface AutoAssignPlanItem {
  responseId: string;
  role: TeamRole;
  staffId: string;
  applicantName: string;
  staffName: string;
}

export interface AutoAssignPreview {
  /** Hash of the plan; the apply call sends it back and is refused if the plan changed. */
  planId: string;
  reviewersPerApplication: number;
  assignments: AutoAssignPlanItem[];
  /** Rows that could not get enough eligible reviewers. */
  unfilled: { responseId: string; role: TeamRole; applicantName: string; missing: number }[];
  loads: { staffId: string; staffName: string; before: number; after: number }[];
}

export interface FormSummary {
  id: string;
  semester: string;
  isActive: boolean;
  decisionsReleased: boolean;
  dueDate: string;
  /** Submitted (response, role) rows, and how many have a final decision. */
  rows: number;
  decided: number;
}

/* ------------------------------------------------------------------ request schemas */

export const ROW_SORTS = ['submittedAt', 'name', 'reviewScore', 'interviewScore'] as const;
export type RowSort = (typeof ROW_SORTS)[number];
export const ROW_TABS = ['all', 'qualified'] as const;
export type RowTab = (typeof ROW_TABS)[number];
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

const searchParam = z.string().max(MAX_SEARCH_LENGTH).optional();
const cursorParam = z.string().max(500).optional();
const limitParam = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);

/** GET /admin/forms/{formId}/rows */
export const rowsQuerySchema = z.strictObject({
  tab: z.enum(ROW_TABS).default('all'),
  search: searchParam,
  sort: z.enum(ROW_SORTS).default('submittedAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  cursor: cursorParam,
  limit: limitParam,
});
export type RowsQuery = z.input<typeof rowsQuerySchema>;

/** GET /admin/forms/{formId}/assessments (a reviewer: their own; a super-reviewer: anyone's via staffId). */
export const assessmentsQuerySchema = z.strictObject({
  kind: assessmentKindSchema.default('review'),
  staffId: idSchema.optional(),
  search: searchParam,
  cursor: cursorParam,
  limit: limitParam,
});
export type AssessmentsQuery = z.input<typeof assessmentsQuerySchema>;

/** GET /admin/forms/{formId}/staff */
export const staffQuerySchema = z.strictObject({ kind: assessmentKindSchema.default('review'), search: searchParam });

/** GET /admin/users */
export const usersQuerySchema = z.strictObject({
  search: searchParam,
  role: z.enum(USER_ROLES).optional(),
  cursor: cursorParam,
  limit: limitParam,
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

/** PUT /users/{userId}/preferences */
export const rolePreferencesBodySchema = z.strictObject({ roles: z.array(teamRoleSchema).max(TEAM_ROLES.length) });

/** Spec section 5: Bootcamp, and at least 3 roles in all. */
export function rolePreferencesValid(roles: readonly TeamRole[]): boolean {
  const unique = new Set(roles);
  return unique.size === roles.length && unique.has('bootcamp') && unique.size >= 3;
}

const scoresSchema = z
  .record(idSchema, z.number().int().min(-1000).max(1000))
  .refine((scores) => Object.keys(scores).length <= 50, {
    message: 'Too many scores',
  });

/** PUT /admin/assessments/{kind}/{id} (draft) and POST …/submit. */
export const assessmentBodySchema = z.strictObject({
  scores: scoresSchema,
  comments: z.string().max(20_000),
  version: z.number().int().min(0),
});
export type AssessmentBody = z.infer<typeof assessmentBodySchema>;

const assignmentSchema = z.strictObject({ responseId: z.uuid(), role: teamRoleSchema, staffId: idSchema });

/**
 * POST /admin/assignments. One transaction writes, per assignment, the assessment, its audit entry
 * and the row and load it changes: 100 keeps that under Firestore's 500 writes per commit.
 */
export const MAX_ASSIGNMENTS_PER_REQUEST = 100;
export const assignmentsBodySchema = z.strictObject({
  kind: assessmentKindSchema,
  assignments: z.array(assignmentSchema).min(1).max(MAX_ASSIGNMENTS_PER_REQUEST),
});
export type AssignmentsBody = z.infer<typeof assignmentsBodySchema>;

/** POST /admin/forms/{formId}/auto-assign/preview; POST …/auto-assign with the preview's planId. */
export const autoAssignBodySchema = z.strictObject({
  reviewersPerApplication: z.number().int().min(1).max(5),
  planId: z.string().max(200).optional(),
});

/** PUT /admin/rows/{responseId}/{role}/qualified */
export const qualifiedBodySchema = z.strictObject({ qualified: z.boolean() });
/** PUT /admin/rows/{responseId}/{role}/decision */
export const decisionBodySchema = z.strictObject({ decision: finalDecisionSchema });

/** One batch holds each user's write and its audit entry: 250 keeps it within Firestore's 500 writes. */
export const MAX_USERS_PER_REQUEST = 250;
const userIdsSchema = z
  .array(idSchema)
  .min(1)
  .max(MAX_USERS_PER_REQUEST)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each user may appear once' });

/** POST /admin/users/role */
export const usersRoleBodySchema = z.strictObject({ userIds: userIdsSchema, role: z.enum(USER_ROLES) });
/** POST /admin/users/delete */
export const usersDeleteBodySchema = z.strictObject({ userIds: userIdsSchema });
/** PUT /admin/forms/{formId}/due-date */
export const dueDateBodySchema = z.strictObject({ dueDate: z.iso.datetime({ offset: true }) });

/* ------------------------------------------------------------------ user search fields */

/** What a stored user record carries besides the `User` fields: the admin users list's search and sort keys. */
export type UserSearchFields = {
  searchTokens: string[];
  sortName: string;
};
export type UserRecord = User & UserSearchFields;

export const userSearchFields = (person: { firstName: string; lastName: string; email: string }): UserSearchFields => ({
  searchTokens: searchTokens(person),
  sortName: normalizeSearch(displayName(person)),
});

/** A user record as the API answers it: without the search and sort keys. */
export function userView(record: User & Partial<UserSearchFields>): User {
  const { searchTokens: _tokens, sortName: _sortName, ...user } = record;
  return user;
}

import './zod-config';
import { z } from 'zod/mini';
import { ASSESSMENT_KINDS, FINAL_DECISIONS, USER_ROLES } from '../ids/constants';
import { idSchema, teamRoleSchema } from './ids';
import { MAX_TEAM_ROLES } from '../ids/team-role-defaults';
import { MAX_OFFER_REPLY_DAYS, MAX_SEARCH_LENGTH } from '../ids/constants';

export const finalDecisionSchema = z.enum(FINAL_DECISIONS);
export const assessmentKindSchema = z.enum(ASSESSMENT_KINDS);

/** The staff API's request schemas (see docs/staff-api.md): the server parses with them, the admin client is typed by them. */

export const ROW_SORTS = ['submittedAt', 'name', 'reviewScore', 'calibratedReviewScore', 'interviewScore'] as const;
export type RowSort = (typeof ROW_SORTS)[number];
export const ROW_TABS = ['all', 'qualified'] as const;
export type RowTab = (typeof ROW_TABS)[number];
/**
 * A dashboard filter on the rows: `undecided` = no final decision yet (what holds up the release);
 * `offered` = accepted (an offer made), `offer-pending` = offered and not answered yet,
 * `offer-accepted` / `offer-declined` = the applicant's reply; `disagreement` = reviewers' calibrated
 * scores spread beyond the form's `disagreementThreshold`.
 */
export const ROW_FILTERS = [
  'undecided',
  'offered',
  'offer-pending',
  'offer-accepted',
  'offer-declined',
  'disagreement',
] as const;
export type RowFilter = (typeof ROW_FILTERS)[number];
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

const searchParam = z.optional(z.string().check(z.maxLength(MAX_SEARCH_LENGTH)));
const cursorParam = z.optional(z.string().check(z.maxLength(500)));
const limitParam = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE);

/** GET /admin/forms/{formId}/rows */
export const rowsQuerySchema = z
  .strictObject({
    tab: z._default(z.enum(ROW_TABS), 'all'),
    search: searchParam,
    sort: z._default(z.enum(ROW_SORTS), 'submittedAt'),
    dir: z._default(z.enum(['asc', 'desc']), 'desc'),
    filter: z.optional(z.enum(ROW_FILTERS)),
    /** Only the rows with this tag (docs/product.md#tags-and-saved-views). */
    tag: z.optional(idSchema),
    cursor: cursorParam,
    limit: limitParam,
  })
  .check(
    z.refine((query) => !query.filter || query.tab === 'all', {
      path: ['filter'],
      message: 'Filters apply to the All applications tab',
    }),
  );
export type RowsQuery = z.input<typeof rowsQuerySchema>;

/** GET /admin/forms/{formId}/assessments (a reviewer: their own; a super-reviewer: anyone's via staffId). */
export const assessmentsQuerySchema = z.strictObject({
  kind: z._default(assessmentKindSchema, 'review'),
  staffId: z.optional(idSchema),
  search: searchParam,
  cursor: cursorParam,
  limit: limitParam,
});
export type AssessmentsQuery = z.input<typeof assessmentsQuerySchema>;

/** GET /admin/forms/{formId}/staff */
export const staffQuerySchema = z.strictObject({
  kind: z._default(assessmentKindSchema, 'review'),
  search: searchParam,
});
export type StaffQuery = z.input<typeof staffQuerySchema>;

/** GET /admin/users */
export const usersQuerySchema = z.strictObject({
  search: searchParam,
  role: z.optional(z.enum(USER_ROLES)),
  cursor: cursorParam,
  limit: limitParam,
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

/** PUT /users/{userId}/preferences (the roles are checked against the active form's roles and rule). */
export const rolePreferencesBodySchema = z.strictObject({
  roles: z.array(teamRoleSchema).check(z.maxLength(MAX_TEAM_ROLES)),
});
export type RolePreferencesBody = z.infer<typeof rolePreferencesBodySchema>;

const scoresSchema = z
  .record(idSchema, z.int().check(z.gte(-1000), z.lte(1000)))
  .check(z.refine((scores) => Object.keys(scores).length <= 50, { message: 'Too many scores' }));

/** PUT /admin/assessments/{kind}/{id} (draft) and POST …/submit. */
export const assessmentBodySchema = z.strictObject({
  scores: scoresSchema,
  comments: z.string().check(z.maxLength(20_000)),
  version: z.int().check(z.gte(0)),
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
  assignments: z.array(assignmentSchema).check(z.minLength(1), z.maxLength(MAX_ASSIGNMENTS_PER_REQUEST)),
  /** Assign even someone who declared a conflict of interest with the applicant (asked first: 409). */
  acknowledgeConflicts: z.optional(z.boolean()),
});
export type AssignmentsBody = z.infer<typeof assignmentsBodySchema>;

/** POST /admin/forms/{formId}/auto-assign/preview; POST …/auto-assign with the preview's planId. */
export const autoAssignBodySchema = z.strictObject({
  reviewersPerApplication: z.int().check(z.gte(1), z.lte(5)),
  /** The pool: the staff members auto-assign may choose. Absent: every reviewer, no super-reviewer. */
  staffIds: z.optional(z.array(idSchema).check(z.maxLength(500))),
  planId: z.optional(z.string().check(z.maxLength(200))),
});
export type AutoAssignBody = z.infer<typeof autoAssignBodySchema>;

/** PUT /admin/rows/{responseId}/{role}/qualified */
export const qualifiedBodySchema = z.strictObject({ qualified: z.boolean() });
export type QualifiedBody = z.infer<typeof qualifiedBodySchema>;
/** PUT /admin/rows/{responseId}/{role}/decision */
export const decisionBodySchema = z.strictObject({ decision: finalDecisionSchema });
export type DecisionBody = z.infer<typeof decisionBodySchema>;

/**
 * POST /admin/forms/{formId}/rows/qualified and …/rows/decision: selected rows of the dashboard.
 * One transaction writes each row (with its response) and its audit entry: 100 keeps it under
 * Firestore's 500 writes per commit.
 */
export const MAX_ROWS_PER_REQUEST = 100;
const rowKeysSchema = z.array(z.strictObject({ responseId: z.uuid(), role: teamRoleSchema })).check(
  z.minLength(1),
  z.maxLength(MAX_ROWS_PER_REQUEST),
  z.refine((rows) => new Set(rows.map((row) => `${row.responseId}__${row.role}`)).size === rows.length, {
    message: 'Each row may appear once',
  }),
);
export const bulkQualifiedBodySchema = z.strictObject({ rows: rowKeysSchema, qualified: z.boolean() });
export type BulkQualifiedBody = z.infer<typeof bulkQualifiedBodySchema>;
export const bulkDecisionBodySchema = z.strictObject({ rows: rowKeysSchema, decision: finalDecisionSchema });
export type BulkDecisionBody = z.infer<typeof bulkDecisionBodySchema>;
/**
 * POST /admin/forms/{formId}/deny-undecided-unqualified: rows with open reviews or a disagreement
 * are denied only when named in `include` (the others are denied without being named).
 */
export const denyUndecidedBodySchema = z.strictObject({ include: z.optional(rowKeysSchema) });
export type DenyUndecidedBody = z.infer<typeof denyUndecidedBodySchema>;

/** PUT /admin/forms/{formId}/offer-deadline: the days an applicant has to answer an offer (DELETE: no deadline). */
export const offerDeadlineBodySchema = z.strictObject({
  offerReplyDays: z.int().check(z.gte(1), z.lte(MAX_OFFER_REPLY_DAYS)),
});
export type OfferDeadlineBody = z.infer<typeof offerDeadlineBodySchema>;

/** One batch holds each user's write and its audit entry: 250 keeps it within Firestore's 500 writes. */
export const MAX_USERS_PER_REQUEST = 250;
const userIdsSchema = z.array(idSchema).check(
  z.minLength(1),
  z.maxLength(MAX_USERS_PER_REQUEST),
  z.refine((ids) => new Set(ids).size === ids.length, { message: 'Each user may appear once' }),
);

/** What a demotion to applicant does with the open (not submitted) reviews and interviews of a demoted reviewer. */
export const OPEN_ASSIGNMENT_ACTIONS = ['reassign', 'unassign'] as const;
export type OpenAssignmentAction = (typeof OPEN_ASSIGNMENT_ACTIONS)[number];

/** POST /admin/users/role (`openAssignments`: required when a demoted reviewer has open assignments) */
export const usersRoleBodySchema = z.strictObject({
  userIds: userIdsSchema,
  role: z.enum(USER_ROLES),
  openAssignments: z.optional(z.enum(OPEN_ASSIGNMENT_ACTIONS)),
});
export type UsersRoleBody = z.infer<typeof usersRoleBodySchema>;
/** POST /admin/users/delete */
export const usersDeleteBodySchema = z.strictObject({ userIds: userIdsSchema });
export type UsersDeleteBody = z.infer<typeof usersDeleteBodySchema>;
/** POST /admin/users/impact: what a role change or a deletion of these users would touch (nothing is changed). */
export const usersImpactBodySchema = usersDeleteBodySchema;
export type UsersImpactBody = UsersDeleteBody;
/** PUT /admin/forms/{formId}/due-date */
export const dueDateBodySchema = z.strictObject({ dueDate: z.iso.datetime({ offset: true }) });
export type DueDateBody = z.infer<typeof dueDateBodySchema>;

export const USER_ROLES = ['applicant', 'reviewer', 'super-reviewer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_ROLE_LABELS: Record<UserRole, string> = {
  applicant: 'Applicant',
  reviewer: 'Reviewer',
  'super-reviewer': 'Super Reviewer',
};

/**
 * The ids of the default team roles (docs/product.md#entities-and-their-fields): the roles of a
 * form that defines none (`DEFAULT_TEAM_ROLE_DEFINITIONS`). A form's own roles are read with
 * `formTeamRoles`.
 */
export const TEAM_ROLES = [
  'bootcamp',
  'engineer',
  'designer',
  'product',
  'tech-lead',
  'social-media-manager',
  'outreach-coordinator',
] as const;
/** A team role's id: one of the form's roles (`formTeamRoles`), validated against the form. */
export type TeamRole = string;
export type DefaultTeamRole = (typeof TEAM_ROLES)[number];

export interface TeamRoleDisplay {
  label: string;
  emoji: string;
  background: string;
  color: string;
}

/** How the default roles look (the spec's pastel badges); another role's look comes from its definition. */
export const TEAM_ROLE_DISPLAY: Record<DefaultTeamRole, TeamRoleDisplay> = {
  bootcamp: { label: 'Bootcamp', emoji: '🏕️', background: '#fde2e4', color: '#7a1f2b' },
  'tech-lead': { label: 'Tech Lead', emoji: '🧭', background: '#e2ece9', color: '#1f4d3f' },
  product: { label: 'Product Manager', emoji: '📋', background: '#fff1c1', color: '#6b4e00' },
  'social-media-manager': { label: 'Social Media Manager', emoji: '📣', background: '#e4dcf5', color: '#3f2a6e' },
  'outreach-coordinator': { label: 'Outreach Coordinator', emoji: '🤝', background: '#d9f0ff', color: '#0d4a70' },
  engineer: { label: 'Engineer', emoji: '💻', background: '#dff5d8', color: '#285c1c' },
  designer: { label: 'Designer', emoji: '🎨', background: '#ffe0cc', color: '#7a3a10' },
};

/** The portal's signal colours: each meets 4.5:1 contrast with white text and as text on white. */
export const PORTAL_COLORS = {
  primary: '#0958d9',
  success: '#237804',
  warning: '#ad4e00',
  error: '#cf1322',
} as const;

export const QUESTION_TYPES = [
  'short-answer',
  'long-answer',
  'multiple-choice',
  'multiple-select',
  'file-upload',
  'role-select',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const APPLICATION_STATUSES = [
  'in-progress',
  'submitted',
  'in-review',
  'interview',
  'decided',
  'inactive',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** How staff read an application's status (screens and exports). */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  'in-progress': 'In progress',
  submitted: 'Submitted',
  'in-review': 'In review',
  interview: 'Interview',
  decided: 'Decided',
  inactive: 'Inactive',
};

export const REVIEW_DECISIONS = [
  'not-reviewed',
  'under-review',
  'reviewed',
  'interview',
  'accepted',
  'denied',
  'waitlist',
] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** How staff read a row's decision (screens and exports). */
export const REVIEW_DECISION_LABELS: Record<ReviewDecision, string> = {
  'not-reviewed': 'Not reviewed',
  'under-review': 'Under review',
  reviewed: 'Reviewed',
  interview: 'Interview',
  accepted: 'Accepted',
  denied: 'Denied',
  waitlist: 'Waitlist',
};

/** A text answer longer than this is refused even in a draft (word limits apply at submit). */
export const MAX_TEXT_ANSWER_CHARS = 20_000;
export const MAX_FILE_NAME_LENGTH = 200;
export const DEFAULT_MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const INITIAL_RESPONSE_STATUS: ApplicationStatus = 'in-progress';
export const AUTOSAVE_DELAY_MS = 2000;
/**
 * The default review-role rule's minimum (docs/product.md#reviewer-role-preferences); a form may
 * set its own (`formReviewRoleRule`).
 */
export const MIN_REVIEWER_ROLE_PREFERENCES = 3;

/**
 * docs/product.md#constants-and-limits: a retry waits 1000 ms, doubling each time up to 30000 ms
 * (queries and autosave alike).
 */
export const RETRY_DELAY_BASE_MS = 1000;
export const RETRY_DELAY_MAX_MS = 30_000;

export function retryDelay(attemptIndex: number): number {
  return Math.min(RETRY_DELAY_BASE_MS * 2 ** attemptIndex, RETRY_DELAY_MAX_MS);
}

/** What an id (a form's, a section's, a role's…) may be made of, and how long it may be. */
export const ID_CHARACTERS = /^[A-Za-z0-9_-]+$/;
export const ID_MAX_LENGTH = 128;
/** Whether `text` can be an id (`idSchema`'s rule, without zod). */
export const isId = (text: string) => text.length <= ID_MAX_LENGTH && ID_CHARACTERS.test(text);

/** Decisions and assessments (docs/product.md#super-reviewer-dashboard). */
export const FINAL_DECISIONS = ['accepted', 'denied', 'waitlist'] as const;
export type FinalDecision = (typeof FINAL_DECISIONS)[number];
export const isFinalDecision = (decision: ReviewDecision): decision is FinalDecision =>
  (FINAL_DECISIONS as readonly string[]).includes(decision);

export const ASSESSMENT_KINDS = ['review', 'interview'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

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

/** The longest search the dashboards and the users list take. */
export const MAX_SEARCH_LENGTH = 100;

/** The longest reply window a form may give an offer, in days. */
export const MAX_OFFER_REPLY_DAYS = 90;

/**
 * How someone whose data was erased is named where the club keeps a trace of them (the audit log, a
 * released form's role applications): docs/product.md#deleting-your-account.
 */
export const DELETED_APPLICANT = 'Deleted applicant';

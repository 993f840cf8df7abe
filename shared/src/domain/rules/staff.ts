import type { AssessmentKind, AssessmentState, TeamRole, UserRole } from '../ids/constants';
import type { ApplicationRowView } from './application-row';
import type { ApplicationResponse, SectionResponse } from '../schemas/responses';
import type { ApplicationForm } from '../schemas/forms';
import type { Rubric, Scores } from './scoring';
import { countOf, plural } from '../ids/text';

/**
 * The staff side's vocabulary (docs/product.md#super-reviewer-dashboard and
 * #decisions-and-release): decisions, assessments, messages and what the staff API answers. The application
 * row is in `application-row.ts`, scores in `scoring.ts`, request schemas in `staff-api.ts`.
 *
 * An `Assessment` (collections review-data and interview-data) is one assignment (staff member x
 * response x role), holding the scores and comments.
 */

export const STAFF_MESSAGES = {
  notReviewer: 'User is not a reviewer!',
  /** The default rule's text; a form's own rule reads as `reviewRoleRuleText(form)`. */
  preferencesRule: 'All reviewers must review Bootcamp applications. Select at least 3 roles!',
  noActiveForm: 'There is no active form to choose review roles for',
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
  noReleaseJob: "This form's decisions have not been released",
  decisionsReleased: 'Decisions for this form have been released: it is read-only now',
  /** The change of a released decision, before release (set it on the dashboard instead). */
  notReleased: "This form's decisions are not released yet: set the decision on the dashboard",
  sameDecision: 'The applicant already has this decision',
  undecided: (rows: number, applicants: number) =>
    `Decisions cannot be released while ${countOf(rows, 'role application')} from ${countOf(applicants, 'applicant')} ${plural(rows, 'is', 'are')} undecided`,
  planChanged: 'Applications or reviewers changed since the preview; preview again',
  noEligibleReviewer: 'Every eligible reviewer already reviews this application for this role',
  /** "Add a reviewer" on a row with a decision: undecide it first. */
  rowDecided: 'This application is decided: clear its decision before adding a reviewer',
  lastSuperReviewer: 'The last super-reviewer cannot be removed',
  openAssignments: (count: number) =>
    `${countOf(count, 'open review or interview', 'open reviews or interviews')} would be left without a reviewer: reassign or unassign them`,
} as const;

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
  /** An interview given to a slot's interviewer by the applicant's booking of that slot (its id). */
  bookedSlotId?: string;
};

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
  /**
   * A reviewer whose roles were not chosen among this form's (`rolePreferencesStale`): asked to
   * choose again; auto-assign gives them only the form's required role and their saved roles it has.
   */
  rolesToChoose?: boolean;
}

/** GET /admin/assessments/{kind}/{id}: what the review and interview screens show. */
export interface AssessmentScreen {
  /** In blind review (`isBlind`, never for a super-reviewer): the applicant's pseudonym, no identifying question or answer. */
  assessment: AssessmentView;
  blind: boolean;
  rubric: Rubric | null;
  /** `roles`: the form's own team roles, when it has them. */
  form: Pick<ApplicationForm, 'id' | 'semester' | 'sections' | 'roles'>;
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
  /**
   * Every reviewer and super-reviewer: in the pool or not, and, for each who gets nothing
   * (`after` = `before`), why (`AUTO_ASSIGN_REASONS`).
   */
  loads: AutoAssignLoad[];
}

export interface AutoAssignLoad {
  staffId: string;
  staffName: string;
  role: UserRole;
  /** Chosen for this run (`staffIds`; by default every reviewer, no super-reviewer). */
  inPool: boolean;
  before: number;
  after: number;
  /** Why nothing more goes to them; absent when they get something. */
  reason?: string;
}

/** Why auto-assign gives a staff member nothing (the preview's `reason`). */
export const AUTO_ASSIGN_REASONS = {
  notInPool: 'Left out of the pool',
  rolesToChoose:
    "Has not chosen roles among this form's roles yet: only its required role and their saved roles it has",
  noRows: 'No application in their roles is short of reviewers',
  notEligible: 'Already assigned, their own application, or a declared conflict on every application in their roles',
  balanced: 'Others had fewer reviews: the load is balanced',
} as const;

/** How a reviewer who has been deleted is named on the reviews they wrote. */
export const DELETED_REVIEWER = 'Deleted reviewer';

/** A review or interview assigned to someone and not submitted yet. */
export interface OpenAssignment {
  assessmentId: string;
  kind: AssessmentKind;
  responseId: string;
  role: TeamRole;
  applicantName: string;
  state: AssessmentState;
}

/** POST /admin/users/impact: per user, what deleting them removes and what a role change affects. */
export interface UserImpact {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  /** Their own applications (responses), role applications (dashboard rows), the reviews and interviews of them, files. */
  applications: number;
  roleApplications: number;
  assessmentsAbout: number;
  files: number;
  /** Reviews and interviews they submitted: kept, attributed to DELETED_REVIEWER when they are deleted. */
  submittedAssessments: number;
  openAssignments: OpenAssignment[];
}

export interface FormSummary {
  id: string;
  semester: string;
  isActive: boolean;
  decisionsReleased: boolean;
  dueDate: string;
  /** The form's own time zone (its dates are shown and entered in it), if it has one. */
  timeZone?: string;
  /** Submitted (response, role) rows, and how many have a final decision. */
  rows: number;
  decided: number;
}

/** A form that "Make active" would turn off, and its work under way (docs/staff-api.md). */
export interface DeactivatedForm {
  id: string;
  semester: string;
  /** Applications started and not submitted yet. */
  drafts: number;
  /** Submitted applications not yet decided (submitted, in review, interview). */
  openApplications: number;
  /** Reviews and interviews assigned and not submitted. */
  openReviews: number;
  openInterviews: number;
}

/** GET /admin/forms/{formId}/activation: what making the form active changes; writes nothing. */
export interface ActivationImpact {
  /** The active forms (other than it) that would become inactive. */
  deactivates: DeactivatedForm[];
}

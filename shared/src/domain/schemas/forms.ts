import './zod-config';
import { z } from 'zod/mini';
import { MAX_OFFER_REPLY_DAYS, QUESTION_TYPES, USER_ROLES } from '../ids/constants';
import { decisionLettersSchema } from './decision-letters';
import { messageTemplatesSchema } from './message-templates';
import { idSchema, teamRoleSchema } from './ids';
import { MAX_TEAM_ROLES } from '../ids/team-role-defaults';
import { reviewRoleRuleSchema, teamRoleDefinitionSchema } from './team-role-definitions';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from './retention';
import { privacyNoticeAcceptedSchema } from './privacy-notice';

export const userRoleSchema = z.enum(USER_ROLES);
export const questionTypeSchema = z.enum(QUESTION_TYPES);

export const userSchema = z.object({
  id: idSchema,
  email: z.email(),
  firstName: z.string().check(z.minLength(1), z.maxLength(100)),
  lastName: z.string().check(z.minLength(1), z.maxLength(100)),
  role: userRoleSchema,
  applicantRolePreferences: z.optional(z.array(teamRoleSchema)),
  /**
   * The roles offered when the preferences were saved (the active form's, sorted). Absent: saved
   * before this was kept, among the default roles.
   */
  rolePreferencesFor: z.optional(z.array(teamRoleSchema)),
  activeApplications: z.array(idSchema),
  /** The privacy notice they accepted last (docs/product.md#privacy-notice); absent: none recorded yet. */
  privacyNotice: z.optional(privacyNoticeAcceptedSchema),
  /** Staff: false when they turned their daily digest off (docs/product.md#reviewer-digest); absent: on. */
  reviewerDigest: z.optional(z.boolean()),
  /** Staff: when their last digest was queued (its new assignments are those made since). */
  reviewerDigestSentAt: z.optional(z.string()),
});
export type User = z.infer<typeof userSchema>;

/** What a form's lists need at least, in the words the builder shows next to the list. */
export const FORM_SCHEMA_MESSAGES = {
  noSection: 'A form needs at least 1 section',
  fewChoiceOptions: 'A multiple-choice question needs at least 2 options',
  noCheckboxOption: 'A checkboxes question needs at least 1 option',
  noFileType: 'Accept at least 1 file type',
  noRubricRole: 'Choose at least 1 role for this rubric',
  noCriterion: 'A rubric needs at least 1 criterion',
  reservedCriterionKey: 'This key is reserved: choose another, such as "motivation"',
} as const;

const questionBase = {
  questionId: idSchema,
  questionText: z.string().check(z.minLength(1), z.maxLength(2000)),
  secondaryText: z.optional(z.string().check(z.maxLength(4000))),
  optional: z.optional(z.boolean()),
  /** Whether the answer tells who the applicant is (name, email, pronouns, photo link…): hidden from reviewers in blind review. */
  identifying: z.optional(z.boolean()),
};

const wordLimits = {
  minWords: z.optional(z.int().check(z.gte(0), z.lte(5000))),
  maxWords: z.optional(z.int().check(z.gte(1), z.lte(5000))),
  placeholder: z.optional(z.string().check(z.maxLength(200))),
};

export const questionSchema = z.discriminatedUnion('questionType', [
  z.object({ ...questionBase, ...wordLimits, questionType: z.literal('short-answer') }),
  z.object({ ...questionBase, ...wordLimits, questionType: z.literal('long-answer') }),
  z.object({
    ...questionBase,
    questionType: z.literal('multiple-choice'),
    options: z
      .array(z.string().check(z.minLength(1), z.maxLength(200)))
      .check(z.minLength(2, FORM_SCHEMA_MESSAGES.fewChoiceOptions)),
  }),
  z.object({
    ...questionBase,
    questionType: z.literal('multiple-select'),
    options: z
      .array(z.string().check(z.minLength(1), z.maxLength(200)))
      .check(z.minLength(1, FORM_SCHEMA_MESSAGES.noCheckboxOption)),
    /** Options that exclude every other ("None of the above"): choosing one clears the rest. */
    exclusiveOptions: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200)))),
  }),
  z.object({
    ...questionBase,
    questionType: z.literal('file-upload'),
    acceptedTypes: z.array(z.string().check(z.minLength(1))).check(z.minLength(1, FORM_SCHEMA_MESSAGES.noFileType)),
    maxSizeBytes: z.int().check(z.positive()),
    /**
     * Whether reviewers (staff who are not the super-reviewer) may see and download this file.
     * Unset: as its section says (`hiddenFromReviewers` of the section).
     */
    hiddenFromReviewers: z.optional(z.boolean()),
  }),
  z.object({ ...questionBase, questionType: z.literal('role-select') }),
]);
export type Question = z.infer<typeof questionSchema>;

export const formSectionSchema = z.object({
  sectionId: idSchema,
  sectionName: z.string().check(z.minLength(1), z.maxLength(200)),
  description: z.optional(z.string().check(z.maxLength(4000))),
  forRoles: z.optional(z.array(teamRoleSchema).check(z.minLength(1))),
  hiddenFromReviewers: z.optional(z.boolean()),
  questions: z.array(questionSchema),
});
export type FormSection = z.infer<typeof formSectionSchema>;

/**
 * Names every object already has (`__proto__`, `constructor`, `toString`, ...) and `prototype`.
 * Scores are an object keyed by criterion: under such a key a score is lost on its way through the
 * API (`__proto__`) or read as the inherited value, and a review would count as complete without it.
 */
const RESERVED_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export const rubricCriterionSchema = z.object({
  key: idSchema.check(z.refine((key) => !RESERVED_KEYS.has(key), FORM_SCHEMA_MESSAGES.reservedCriterionKey)),
  prompt: z.string().check(z.minLength(1), z.maxLength(500)),
  description: z.optional(z.string().check(z.maxLength(2000))),
  min: z._default(z.int(), 0),
  max: z._default(z.int(), 4),
  /** 0: noted but not weighted (scored and shown, left out of the aggregate). */
  weight: z._default(z.number().check(z.gte(0)), 1),
});

export const rubricSchema = z.object({
  rubricId: idSchema,
  roles: z.array(teamRoleSchema).check(z.minLength(1, FORM_SCHEMA_MESSAGES.noRubricRole)),
  criteria: z.array(rubricCriterionSchema).check(z.minLength(1, FORM_SCHEMA_MESSAGES.noCriterion)),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name, e.g. "America/New_York". */
export const timeZoneSchema = z
  .string()
  .check(
    z.maxLength(64),
    z.refine(isTimeZone, 'Use an IANA time zone name, such as America/New_York or Europe/Berlin'),
  );

/** Per stage, whether reviewers read applications without the applicant's identity (docs/product.md#blind-review). */
export const blindReviewSchema = z.strictObject({
  review: z.optional(z.boolean()),
  interview: z.optional(z.boolean()),
});
export type BlindReview = z.infer<typeof blindReviewSchema>;

export const applicationFormSchema = z.object({
  id: idSchema,
  semester: z.string().check(z.minLength(1), z.maxLength(100)),
  isActive: z.boolean(),
  decisionsReleased: z.boolean(),
  dueDate: z.iso.datetime({ offset: true }),
  /** When reviews are due (reviewer progress counts the unsubmitted ones as overdue after it); absent: none. */
  reviewDueDate: z.optional(z.iso.datetime({ offset: true })),
  /** The chapter's time zone for this form's dates (else the build's, else the viewer's). */
  timeZone: z.optional(timeZoneSchema),
  description: z.optional(z.string().check(z.maxLength(8000))),
  sections: z.array(formSectionSchema).check(z.minLength(1, FORM_SCHEMA_MESSAGES.noSection)),
  reviewRubrics: z._default(z.array(rubricSchema), []),
  interviewRubrics: z._default(z.array(rubricSchema), []),
  /** The form's team roles; absent: `DEFAULT_TEAM_ROLE_DEFINITIONS` (read through `formTeamRoles`). */
  roles: z.optional(z.array(teamRoleDefinitionSchema).check(z.minLength(1), z.maxLength(MAX_TEAM_ROLES))),
  /** absent: `DEFAULT_REVIEW_ROLE_RULE` (read through `formReviewRoleRule`). */
  reviewRoleRule: z.optional(reviewRoleRuleSchema),
  /** Hours before an interview slot starts when its bookings stop changing; absent: DEFAULT_INTERVIEW_CUTOFF_HOURS. */
  interviewCutoffHours: z.optional(z.int().check(z.gte(0), z.lte(336))),
  /**
   * A row whose reviewers' calibrated aggregate scores (each reviewer's leniency and spread taken
   * out: `calibratedSpread`) spread, highest minus lowest, beyond this many points of the rubric's
   * scale is flagged for disagreement on the dashboards; absent: nothing is flagged.
   */
  disagreementThreshold: z.optional(z.number().check(z.gte(0), z.lte(1000))),
  /** Days an applicant has to answer an offer (from its release, or from a later change to accepted); absent: no deadline. */
  offerReplyDays: z.optional(z.int().check(z.gte(1), z.lte(MAX_OFFER_REPLY_DAYS))),
  /**
   * Days after the release that the personal data of the applicants not accepted is kept, then
   * erased (docs/product.md#data-retention); absent: DEFAULT_RETENTION_DAYS.
   */
  retentionDays: z.optional(z.int().check(z.gte(MIN_RETENTION_DAYS), z.lte(MAX_RETENTION_DAYS))),
  /** Decision letters (markdown with placeholders); staff only: an applicant reads only their own, filled in, after release. */
  letters: z.optional(decisionLettersSchema),
  /** Per stage, whether reviewers read without the applicant's identity (`isBlind`); absent: not blind. */
  blindReview: z.optional(blindReviewSchema),
  /** The emails' templates (markdown with placeholders), per kind; absent: DEFAULT_MESSAGE_TEMPLATES. Staff only. */
  messages: z.optional(messageTemplatesSchema),
});
export type ApplicationForm = z.infer<typeof applicationFormSchema>;

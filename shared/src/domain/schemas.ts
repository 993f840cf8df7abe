import './zod-config';
import { z } from 'zod';
import { QUESTION_TYPES, USER_ROLES } from './constants';
import { blindReviewSchema } from './blind-review';
import { decisionLettersSchema } from './decision-letters';
import { messageTemplatesSchema } from './messages';
import { idSchema, teamRoleSchema } from './ids';
import { MAX_TEAM_ROLES, reviewRoleRuleSchema, teamRoleDefinitionSchema } from './team-role-definitions';

export { idSchema, teamRoleSchema };
export const userRoleSchema = z.enum(USER_ROLES);
export const questionTypeSchema = z.enum(QUESTION_TYPES);

export const userSchema = z.object({
  id: idSchema,
  email: z.email(),
  firstName: z.string().min(1).max(100),
  lastName: z.string().min(1).max(100),
  role: userRoleSchema,
  applicantRolePreferences: z.array(teamRoleSchema).optional(),
  activeApplications: z.array(idSchema),
});
export type User = z.infer<typeof userSchema>;

const questionBase = {
  questionId: idSchema,
  questionText: z.string().min(1).max(2000),
  secondaryText: z.string().max(4000).optional(),
  optional: z.boolean().optional(),
  /** Whether the answer tells who the applicant is (name, email, pronouns, photo link…): hidden from reviewers in blind review. */
  identifying: z.boolean().optional(),
};

const wordLimits = {
  minWords: z.number().int().min(0).max(5000).optional(),
  maxWords: z.number().int().min(1).max(5000).optional(),
  placeholder: z.string().max(200).optional(),
};

export const questionSchema = z.discriminatedUnion('questionType', [
  z.object({ ...questionBase, ...wordLimits, questionType: z.literal('short-answer') }),
  z.object({ ...questionBase, ...wordLimits, questionType: z.literal('long-answer') }),
  z.object({
    ...questionBase,
    questionType: z.literal('multiple-choice'),
    options: z.array(z.string().min(1).max(200)).min(2),
  }),
  z.object({
    ...questionBase,
    questionType: z.literal('multiple-select'),
    options: z.array(z.string().min(1).max(200)).min(1),
    /** Options that exclude every other ("None of the above"): choosing one clears the rest. */
    exclusiveOptions: z.array(z.string().min(1).max(200)).optional(),
  }),
  z.object({
    ...questionBase,
    questionType: z.literal('file-upload'),
    acceptedTypes: z.array(z.string().min(1)).min(1),
    maxSizeBytes: z.number().int().positive(),
    /**
     * Whether reviewers (staff who are not the super-reviewer) may see and download this file.
     * Unset: as its section says (`hiddenFromReviewers` of the section).
     */
    hiddenFromReviewers: z.boolean().optional(),
  }),
  z.object({ ...questionBase, questionType: z.literal('role-select') }),
]);
export type Question = z.infer<typeof questionSchema>;

export const formSectionSchema = z.object({
  sectionId: idSchema,
  sectionName: z.string().min(1).max(200),
  description: z.string().max(4000).optional(),
  forRoles: z.array(teamRoleSchema).min(1).optional(),
  hiddenFromReviewers: z.boolean().optional(),
  questions: z.array(questionSchema),
});
export type FormSection = z.infer<typeof formSectionSchema>;

export const rubricCriterionSchema = z.object({
  key: idSchema,
  prompt: z.string().min(1).max(500),
  description: z.string().max(2000).optional(),
  min: z.number().int().default(0),
  max: z.number().int().default(4),
  /** 0: noted but not weighted (scored and shown, left out of the aggregate). */
  weight: z.number().min(0).default(1),
});

export const rubricSchema = z.object({
  rubricId: idSchema,
  roles: z.array(teamRoleSchema).min(1),
  criteria: z.array(rubricCriterionSchema).min(1),
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
  .max(64)
  .refine(isTimeZone, 'Use an IANA time zone name, such as America/New_York or Europe/Berlin');

export const applicationFormSchema = z.object({
  id: idSchema,
  semester: z.string().min(1).max(100),
  isActive: z.boolean(),
  decisionsReleased: z.boolean(),
  dueDate: z.iso.datetime({ offset: true }),
  /** When reviews are due (reviewer progress counts the unsubmitted ones as overdue after it); absent: none. */
  reviewDueDate: z.iso.datetime({ offset: true }).optional(),
  /** The chapter's time zone for this form's dates (else the build's, else the viewer's). */
  timeZone: timeZoneSchema.optional(),
  description: z.string().max(8000).optional(),
  sections: z.array(formSectionSchema).min(1),
  reviewRubrics: z.array(rubricSchema).default([]),
  interviewRubrics: z.array(rubricSchema).default([]),
  /** The form's team roles; absent: `DEFAULT_TEAM_ROLE_DEFINITIONS` (read through `formTeamRoles`). */
  roles: z.array(teamRoleDefinitionSchema).min(1).max(MAX_TEAM_ROLES).optional(),
  /** absent: `DEFAULT_REVIEW_ROLE_RULE` (read through `formReviewRoleRule`). */
  reviewRoleRule: reviewRoleRuleSchema.optional(),
  /** Hours before an interview slot starts when its bookings stop changing; absent: DEFAULT_INTERVIEW_CUTOFF_HOURS. */
  interviewCutoffHours: z.number().int().min(0).max(336).optional(),
  /**
   * A row whose reviewers' aggregate scores spread (highest minus lowest) beyond this many points
   * is flagged for disagreement on the dashboards; absent: nothing is flagged.
   */
  disagreementThreshold: z.number().min(0).max(1000).optional(),
  /** Decision letters (markdown with placeholders); staff only: an applicant reads only their own, filled in, after release. */
  letters: decisionLettersSchema.optional(),
  /** Per stage, whether reviewers read without the applicant's identity (`isBlind`); absent: not blind. */
  blindReview: blindReviewSchema.optional(),
  /** The emails' templates (markdown with placeholders), per kind; absent: DEFAULT_MESSAGE_TEMPLATES. Staff only. */
  messages: messageTemplatesSchema.optional(),
});
export type ApplicationForm = z.infer<typeof applicationFormSchema>;

import './zod-config';
import { z } from 'zod';
import { MIN_REVIEWER_ROLE_PREFERENCES, QUESTION_TYPES, TEAM_ROLE_DISPLAY, TEAM_ROLES, USER_ROLES } from './constants';
import { decisionLettersSchema } from './decision-letters';

export const idSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, "-" and "_" only');

export const teamRoleSchema = z.enum(TEAM_ROLES);
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

/**
 * One of a form's team roles (issue 14: each club defines its own). `id` is what responses,
 * rubrics, assignments and decisions store; `label` is what people read.
 */
export const teamRoleDefinitionSchema = z.object({
  id: idSchema,
  label: z.string().min(1).max(60),
  description: z.string().max(300).optional(),
  /** The role's chip colour, "#rrggbb". */
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour such as #1f4d3f')
    .optional(),
  emoji: z.string().max(16).optional(),
});
export type TeamRoleDefinition = z.infer<typeof teamRoleDefinitionSchema>;

/**
 * Which roles every reviewer must be ready to review: `requiredRole` (if set) plus at least
 * `minimum` roles in all. The spec's rule: Bootcamp and at least 3 roles.
 */
export const reviewRoleRuleSchema = z.object({
  requiredRole: idSchema.optional(),
  minimum: z.number().int().min(0).max(30),
});
export type ReviewRoleRule = z.infer<typeof reviewRoleRuleSchema>;

/** The roles of a form that defines none: the spec's seven, as before forms had their own. */
export const DEFAULT_TEAM_ROLE_DEFINITIONS: readonly TeamRoleDefinition[] = TEAM_ROLES.map((id) => ({
  id,
  label: TEAM_ROLE_DISPLAY[id].label,
  color: TEAM_ROLE_DISPLAY[id].color,
  emoji: TEAM_ROLE_DISPLAY[id].emoji,
}));

export const DEFAULT_REVIEW_ROLE_RULE: ReviewRoleRule = {
  requiredRole: 'bootcamp',
  minimum: MIN_REVIEWER_ROLE_PREFERENCES,
};

/** A form's team roles: its own, or the default set for forms stored before roles were per form. */
export function formTeamRoles(form: {
  roles?: readonly TeamRoleDefinition[] | undefined;
}): readonly TeamRoleDefinition[] {
  return form.roles ?? DEFAULT_TEAM_ROLE_DEFINITIONS;
}

/** A form's review-role rule: its own, or the spec's. */
export function formReviewRoleRule(form: { reviewRoleRule?: ReviewRoleRule | undefined }): ReviewRoleRule {
  return form.reviewRoleRule ?? DEFAULT_REVIEW_ROLE_RULE;
}

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
  /** The chapter's time zone for this form's dates (else the build's, else the viewer's). */
  timeZone: timeZoneSchema.optional(),
  description: z.string().max(8000).optional(),
  sections: z.array(formSectionSchema).min(1),
  reviewRubrics: z.array(rubricSchema).default([]),
  interviewRubrics: z.array(rubricSchema).default([]),
  /** The form's team roles; absent: `DEFAULT_TEAM_ROLE_DEFINITIONS` (read through `formTeamRoles`). */
  roles: z.array(teamRoleDefinitionSchema).min(1).max(30).optional(),
  /** absent: `DEFAULT_REVIEW_ROLE_RULE` (read through `formReviewRoleRule`). */
  reviewRoleRule: reviewRoleRuleSchema.optional(),
  /** Hours before an interview slot starts when its bookings stop changing; absent: DEFAULT_INTERVIEW_CUTOFF_HOURS. */
  interviewCutoffHours: z.number().int().min(0).max(336).optional(),
  /** Decision letters (markdown with placeholders); staff only: an applicant reads only their own, filled in, after release. */
  letters: decisionLettersSchema.optional(),
});
export type ApplicationForm = z.infer<typeof applicationFormSchema>;

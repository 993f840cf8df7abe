import './zod-config';
import { z } from 'zod/mini';
import { APPLICATION_STATUSES, MAX_TEXT_ANSWER_CHARS, REVIEW_DECISIONS } from '../ids/constants';
import type { FilledLetter } from './decision-letters';
import { questionTypeSchema } from './forms';
import { idSchema, teamRoleSchema } from './ids';
import { MAX_TEAM_ROLES, type TeamRoleDefinition } from '../ids/team-role-defaults';

/** An answer: a list for multiple-select and role-select, a string otherwise (a file answer is the file id). */
export const answerSchema = z.union([
  z
    .string()
    .check(z.maxLength(MAX_TEXT_ANSWER_CHARS, `An answer may have at most ${MAX_TEXT_ANSWER_CHARS} characters`)),
  z.array(z.string().check(z.maxLength(200))).check(z.maxLength(50)),
]);
export type Answer = z.infer<typeof answerSchema>;

export const questionResponseSchema = z.strictObject({
  questionId: idSchema,
  questionType: questionTypeSchema,
  applicationFormId: idSchema,
  response: answerSchema,
});
export type QuestionResponse = z.infer<typeof questionResponseSchema>;

export const sectionResponseSchema = z.strictObject({
  sectionId: idSchema,
  sectionName: z.string().check(z.maxLength(200)),
  questions: z.array(questionResponseSchema).check(z.maxLength(200)),
});
export type SectionResponse = z.infer<typeof sectionResponseSchema>;

export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export const reviewDecisionSchema = z.enum(REVIEW_DECISIONS);

/**
 * docs/product.md#entities-and-their-fields: an application response; `version` counts saves (a
 * save names the version it edited).
 */
export const applicationResponseSchema = z.strictObject({
  id: z.uuid(),
  userId: idSchema,
  applicationFormId: idSchema,
  sectionResponses: z.array(sectionResponseSchema).check(z.maxLength(100)),
  status: applicationStatusSchema,
  dateSubmitted: z.iso.datetime({ offset: true }),
  rolesApplied: z.array(teamRoleSchema).check(z.maxLength(MAX_TEAM_ROLES)),
  version: z.int().check(z.gte(0)),
});
export type ApplicationResponse = z.infer<typeof applicationResponseSchema>;

/** PUT /application/save/{responseId} and POST /application/submit take the whole response. */
export const saveResponseBodySchema = applicationResponseSchema;
export const submitResponseBodySchema = applicationResponseSchema;

export const startApplicationBodySchema = z.strictObject({ formId: idSchema });

export const offerReplySchema = z.strictObject({ reply: z.enum(['accept', 'decline']) });
export type OfferReply = z.infer<typeof offerReplySchema>['reply'];

/** An uploaded file's record; the answer to a file-upload question is its `id`. */
export const uploadedFileSchema = z.object({
  id: z.uuid(),
  ownerId: idSchema,
  responseId: z.uuid(),
  questionId: idSchema,
  name: z.string(),
  size: z.int().check(z.nonnegative()),
  contentType: z.string(),
  uploadedAt: z.iso.datetime({ offset: true }),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** GET /responses/mine: each application with its form and, per role, what the applicant may see. */
export interface MyApplication {
  response: ApplicationResponse;
  form: {
    id: string;
    semester: string;
    dueDate: string;
    decisionsReleased: boolean;
    /** The form's own team roles, for their labels; absent: the form has the default roles. */
    roles?: TeamRoleDefinition[];
  };
  /** Decision per role; null until decisions are released (the applicant sees only "in review"). */
  roles: {
    role: z.infer<typeof teamRoleSchema>;
    decision: z.infer<typeof reviewDecisionSchema> | null;
    offer: 'accepted' | 'declined' | 'expired' | null;
  }[];
}

export interface RoleDecision {
  role: z.infer<typeof teamRoleSchema>;
  decision: z.infer<typeof reviewDecisionSchema>;
  offer: 'accepted' | 'declined' | 'expired' | null;
  /** When a pending offer stops waiting for a reply (ISO 8601); null: no deadline, or no offer. */
  offerDeadline: string | null;
  /** The form's letter for this decision and role, filled in; null: the form has none (the generic text applies). */
  letter: FilledLetter;
  /** The form's own team roles, for their labels; absent: the form has the default roles. */
  formRoles?: TeamRoleDefinition[];
}

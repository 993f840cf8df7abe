import './zod-config';
import { z } from 'zod/mini';
import { messageTemplatesSchema } from './message-templates';
import { decisionLetterSchema, decisionLettersSchema, duplicateLetterPaths, LETTER_MESSAGES } from './decision-letters';
import {
  applicationFormSchema,
  FORM_SCHEMA_MESSAGES,
  formSectionSchema,
  questionSchema,
  rubricCriterionSchema,
  rubricSchema,
  type ApplicationForm,
} from './forms';
import {
  formReviewRoleRule,
  formTeamRoles,
  type ReviewRoleRule,
  type TeamRoleDefinition,
} from '../ids/team-role-defaults';
import { countOf } from '../ids/text';

/**
 * What POST /application/forms accepts: an `ApplicationForm` with no unknown fields at any depth,
 * plus the rules that span fields (docs/product.md#forms-page-and-form-builder, "form validation").
 * Each broken rule is an issue at the path of the offending field, e.g.
 * `sections.1.questions.0.options`.
 */

export const FORM_DEFINITION_MESSAGES = {
  duplicateSectionId: 'Another section already has this id',
  duplicateQuestionId: 'Another question of this form already has this id',
  duplicateOption: 'Each option may appear once',
  unknownExclusiveOption: 'An exclusive option must be one of the options',
  wordLimits: 'The minimum number of words cannot be above the maximum',
  secondRoleSelect: 'A form may have only one Team roles question',
  noRoleSelect: 'A form needs a Team roles question: applicants choose the roles they apply for with it',
  roleSelectHidden:
    'The Team roles question must be in a section shown to everyone: in a section for some roles it would never show',
  roleSelectOptional: 'The Team roles question cannot be optional: every application is for at least one role',
  duplicateRubricId: 'Another rubric of this kind already has this id',
  criterionBounds: 'The maximum score must be above the minimum',
  noWeightedCriterion: 'A rubric needs at least one criterion with a weight above 0',
  duplicateCriterionKey: 'Another criterion of this rubric already has this key',
  duplicateReviewRole: 'Another review rubric already covers this role',
  duplicateInterviewRole: 'Another interview rubric already covers this role',
  noReviewRubric: (label: string) =>
    `No review rubric covers ${label}: add the role to a review rubric, or its reviews could not be scored`,
  duplicateRoleId: 'Another role of this form already has this id',
  unknownRole: (id: string) => `"${id}" is not one of this form's roles`,
  reviewRoleMinimum: (count: number) =>
    `The form has ${countOf(count, 'role')}: a reviewer cannot be asked to choose more`,
  isActive: 'A form is made live with its Activate action, not by its definition',
  decisionsReleased: "Decisions are released with the form's Release decisions action, not by its definition",
} as const;

const [firstQuestion, ...otherQuestions] = questionSchema.def.options.map((option) => z.strictObject(option.shape));
const strictQuestionSchema = z.discriminatedUnion('questionType', [firstQuestion!, ...otherQuestions]);

const strictSectionSchema = z.strictObject({
  ...formSectionSchema.shape,
  questions: z.array(strictQuestionSchema),
});

const strictRubricSchema = z.strictObject({
  ...rubricSchema.shape,
  criteria: z
    .array(z.strictObject(rubricCriterionSchema.shape))
    .check(z.minLength(1, FORM_SCHEMA_MESSAGES.noCriterion)),
});

type Path = (string | number)[];
type Report = (path: Path, message: string) => void;

/** Reports every value after its first occurrence. */
function reportRepeats<T>(values: { value: T; path: Path }[], message: string, report: Report): void {
  const seen = new Set<T>();
  for (const { value, path } of values) {
    if (seen.has(value)) report(path, message);
    seen.add(value);
  }
}

function checkSections(form: ApplicationForm, report: Report): void {
  const sections = form.sections.map((section, s) => ({ section, at: ['sections', s] as Path }));
  reportRepeats(
    sections.map(({ section, at }) => ({ value: section.sectionId, path: [...at, 'sectionId'] })),
    FORM_DEFINITION_MESSAGES.duplicateSectionId,
    report,
  );
  const questions = sections.flatMap(({ section, at }) =>
    section.questions.map((question, q) => ({ question, section, sectionAt: at, at: [...at, 'questions', q] })),
  );
  reportRepeats(
    questions.map(({ question, at }) => ({ value: question.questionId, path: [...at, 'questionId'] })),
    FORM_DEFINITION_MESSAGES.duplicateQuestionId,
    report,
  );
  let roleSelects = 0;
  for (const { question, section, sectionAt, at } of questions) {
    if ('options' in question && new Set(question.options).size !== question.options.length) {
      report([...at, 'options'], FORM_DEFINITION_MESSAGES.duplicateOption);
    }
    if (
      question.questionType === 'multiple-select' &&
      question.exclusiveOptions?.some((option) => !question.options.includes(option))
    ) {
      report([...at, 'exclusiveOptions'], FORM_DEFINITION_MESSAGES.unknownExclusiveOption);
    }
    if (
      'maxWords' in question &&
      question.minWords !== undefined &&
      question.maxWords !== undefined &&
      question.minWords > question.maxWords
    ) {
      report([...at, 'minWords'], FORM_DEFINITION_MESSAGES.wordLimits);
    }
    if (question.questionType === 'role-select') {
      if (++roleSelects > 1) {
        report([...at, 'questionType'], FORM_DEFINITION_MESSAGES.secondRoleSelect);
        continue;
      }
      if (question.optional) report([...at, 'optional'], FORM_DEFINITION_MESSAGES.roleSelectOptional);
      if (section.forRoles) report([...sectionAt, 'forRoles'], FORM_DEFINITION_MESSAGES.roleSelectHidden);
    }
  }
  if (roleSelects === 0) report(['sections'], FORM_DEFINITION_MESSAGES.noRoleSelect);
}

/**
 * The form's roles when they can be read (the default ones when it has none); null when `roles` is
 * malformed, which its own field reports: the rules about roles then wait for a readable list.
 */
function readableRoles(form: ApplicationForm): readonly TeamRoleDefinition[] | null {
  const roles: unknown = form.roles;
  if (roles === undefined) return formTeamRoles(form);
  const readable =
    Array.isArray(roles) &&
    roles.every((role: unknown) => typeof (role as Partial<TeamRoleDefinition> | null)?.id === 'string');
  return readable ? (roles as TeamRoleDefinition[]) : null;
}

/** Every role the role-select question offers (every one of the form's roles) needs a review rubric. */
function checkReviewRubricRoles(form: ApplicationForm, report: Report): void {
  const roles = readableRoles(form);
  if (!roles) return;
  const offersRoles = form.sections.some((section) =>
    section.questions.some((question) => question.questionType === 'role-select'),
  );
  if (!offersRoles) return;
  const covered = new Set(form.reviewRubrics.flatMap((rubric) => rubric.roles));
  for (const role of roles) {
    if (!covered.has(role.id)) report(['reviewRubrics'], FORM_DEFINITION_MESSAGES.noReviewRubric(role.label));
  }
}

/**
 * The form's roles have distinct ids, and every role a section, rubric, letter or the review-role
 * rule names is one of them (a form without `roles` has the default seven).
 */
function checkRoleReferences(form: ApplicationForm, report: Report): void {
  const roles = readableRoles(form);
  if (!roles) return;
  reportRepeats(
    (form.roles ?? []).map((role, r) => ({ value: role.id, path: ['roles', r, 'id'] })),
    FORM_DEFINITION_MESSAGES.duplicateRoleId,
    report,
  );
  const known = new Set(roles.map((role) => role.id));
  const check = (ids: unknown, at: Path) => {
    if (!Array.isArray(ids)) return;
    ids.forEach((id: unknown, k) => {
      if (typeof id === 'string' && !known.has(id)) report([...at, k], FORM_DEFINITION_MESSAGES.unknownRole(id));
    });
  };
  form.sections.forEach((section, s) => check(section.forRoles, ['sections', s, 'forRoles']));
  form.reviewRubrics.forEach((rubric, r) => check(rubric.roles, ['reviewRubrics', r, 'roles']));
  form.interviewRubrics.forEach((rubric, r) => check(rubric.roles, ['interviewRubrics', r, 'roles']));
  const letters: unknown = form.letters;
  if (Array.isArray(letters)) {
    letters.forEach((letter: unknown, l) =>
      check((letter as { roles?: unknown } | null)?.roles, ['letters', l, 'roles']),
    );
  }
  const rule: Partial<ReviewRoleRule> = formReviewRoleRule(form);
  if (typeof rule.requiredRole === 'string' && !known.has(rule.requiredRole)) {
    report(['reviewRoleRule', 'requiredRole'], FORM_DEFINITION_MESSAGES.unknownRole(rule.requiredRole));
  }
  if (typeof rule.minimum === 'number' && rule.minimum > known.size)
    report(['reviewRoleRule', 'minimum'], FORM_DEFINITION_MESSAGES.reviewRoleMinimum(known.size));
}

/**
 * The least shape the cross-field rules read: when the input has it they run even if basic
 * checks failed elsewhere, so one save reports every problem at once.
 */
const crossFieldRubrics = z.optional(
  z.array(z.looseObject({ roles: z.array(z.unknown()), criteria: z.array(z.looseObject({})) })),
);
const crossFieldShape = z.object({
  sections: z.array(
    z.looseObject({ questions: z.array(z.looseObject({ options: z.optional(z.array(z.unknown())) })) }),
  ),
  reviewRubrics: crossFieldRubrics,
  interviewRubrics: crossFieldRubrics,
});

function checkRubrics(
  rubrics: ApplicationForm['reviewRubrics'],
  field: 'reviewRubrics' | 'interviewRubrics',
  duplicateRole: string,
  report: Report,
): void {
  reportRepeats(
    rubrics.map((rubric, r) => ({ value: rubric.rubricId, path: [field, r, 'rubricId'] })),
    FORM_DEFINITION_MESSAGES.duplicateRubricId,
    report,
  );
  reportRepeats(
    rubrics.flatMap((rubric, r) => rubric.roles.map((role, k) => ({ value: role, path: [field, r, 'roles', k] }))),
    duplicateRole,
    report,
  );
  rubrics.forEach((rubric, r) => {
    const criteria = rubric.criteria.map((criterion, c) => ({ criterion, at: [field, r, 'criteria', c] as Path }));
    reportRepeats(
      criteria.map(({ criterion, at }) => ({ value: criterion.key, path: [...at, 'key'] })),
      FORM_DEFINITION_MESSAGES.duplicateCriterionKey,
      report,
    );
    for (const { criterion, at } of criteria) {
      if (criterion.min >= criterion.max) report([...at, 'max'], FORM_DEFINITION_MESSAGES.criterionBounds);
    }
    if (rubric.criteria.every((criterion) => criterion.weight === 0)) {
      report([field, r, 'criteria'], FORM_DEFINITION_MESSAGES.noWeightedCriterion);
    }
  });
}

/**
 * Whether the form is live and whether its decisions are released change only through their own
 * guarded, audited actions: a definition may leave them out (a new form is neither) or repeat
 * what is stored; the service refuses any other value.
 */
export const formDefinitionSchema = z
  .strictObject({
    ...applicationFormSchema.shape,
    isActive: z.optional(z.boolean()),
    decisionsReleased: z.optional(z.boolean()),
    sections: z.array(strictSectionSchema).check(z.minLength(1, FORM_SCHEMA_MESSAGES.noSection)),
    reviewRubrics: z._default(z.array(strictRubricSchema), []),
    interviewRubrics: z._default(z.array(strictRubricSchema), []),
    letters: z.optional(z.array(z.strictObject(decisionLetterSchema.shape)).check(z.maxLength(60))),
    messages: z.optional(messageTemplatesSchema),
  })
  .check(
    z.superRefine(
      (input, ctx) => {
        const form = {
          ...input,
          reviewRubrics: input.reviewRubrics ?? [],
          interviewRubrics: input.interviewRubrics ?? [],
        };
        const report: Report = (path, message) => ctx.addIssue({ code: 'custom', path, message });
        checkSections(form as ApplicationForm, report);
        checkRubrics(form.reviewRubrics, 'reviewRubrics', FORM_DEFINITION_MESSAGES.duplicateReviewRole, report);
        checkRubrics(
          form.interviewRubrics,
          'interviewRubrics',
          FORM_DEFINITION_MESSAGES.duplicateInterviewRole,
          report,
        );
        checkReviewRubricRoles(form as ApplicationForm, report);
        checkRoleReferences(form as ApplicationForm, report);
        const letters = decisionLettersSchema.safeParse(input.letters ?? []);
        if (letters.success) {
          for (const path of duplicateLetterPaths(letters.data)) report(path, LETTER_MESSAGES.duplicateLetter);
        }
      },
      { when: (payload) => crossFieldShape.safeParse(payload.value).success },
    ),
  );

export type FormDefinition = z.input<typeof formDefinitionSchema>;

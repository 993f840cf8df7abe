import type { TeamRole } from '../ids/constants';
import type { Answer, ApplicationResponse, SectionResponse } from '../schemas/responses';
import type { ApplicationForm, FormSection, Question } from '../schemas/forms';

/**
 * docs/product.md#visible-sections-and-rolesapplied: a section with forRoles shows only if one of
 * them was selected; without, always.
 */
export function isSectionVisible(section: FormSection, rolesApplied: readonly string[]): boolean {
  return !section.forRoles || section.forRoles.some((role) => rolesApplied.includes(role));
}

export function visibleSections(form: ApplicationForm, rolesApplied: readonly string[]): FormSection[] {
  return form.sections.filter((section) => isSectionVisible(section, rolesApplied));
}

/** Whether a section asks anything: one of text alone (a welcome, instructions) holds no answers to read. */
export const asksQuestions = (section: Pick<FormSection, 'questions'>): boolean => section.questions.length > 0;

/** Whether reviewers may read a question's answer: a file question decides for itself, else its section decides. */
export function isHiddenFromReviewers(section: FormSection, question: Question): boolean {
  const own = question.questionType === 'file-upload' ? question.hiddenFromReviewers : undefined;
  return own ?? section.hiddenFromReviewers ?? false;
}

/**
 * The form's sections as reviewers read them: only the questions they may see (in blind review,
 * no identifying question), and no section left empty by hiding.
 */
export function sectionsForReviewers(form: Pick<ApplicationForm, 'sections'>, blind = false): FormSection[] {
  return form.sections.flatMap((section) => {
    const questions = section.questions.filter(
      (question) => !isHiddenFromReviewers(section, question) && !(blind && question.identifying),
    );
    const emptied = questions.length === 0 && (section.hiddenFromReviewers || asksQuestions(section));
    return emptied ? [] : [{ ...section, questions }];
  });
}

/** The answers reviewers may read: those of `sectionsForReviewers`, nothing else. */
export function answersForReviewers(
  form: Pick<ApplicationForm, 'sections'>,
  answers: SectionResponse[],
  blind = false,
): SectionResponse[] {
  const shown = new Map(
    sectionsForReviewers(form, blind).map((s) => [s.sectionId, new Set(s.questions.map((q) => q.questionId))]),
  );
  return answers.flatMap((section) => {
    const questions = shown.get(section.sectionId);
    return questions ? [{ ...section, questions: section.questions.filter((q) => questions.has(q.questionId)) }] : [];
  });
}

/**
 * docs/product.md#entities-and-their-fields: an empty answer is an empty list for multiple-select
 * and role-select, else an empty string.
 */
export function emptyAnswer(question: Question): Answer {
  return question.questionType === 'multiple-select' || question.questionType === 'role-select' ? [] : '';
}

export function emptySectionResponses(form: ApplicationForm): SectionResponse[] {
  return form.sections.map((section) => ({
    sectionId: section.sectionId,
    sectionName: section.sectionName,
    questions: section.questions.map((question) => ({
      questionId: question.questionId,
      questionType: question.questionType,
      applicationFormId: form.id,
      response: emptyAnswer(question),
    })),
  }));
}

/** A zero-width joiner between two pictographs (👩🏽‍💻): part of one emoji, not a word break. */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}(?:[\u{1F3FB}-\u{1F3FF}]|\uFE0F)?)\u200D(?=\p{Extended_Pictographic})/gu;
/** Invisible format characters but the tag characters of flag emoji. */
const INVISIBLE = /(?![\u{E0020}-\u{E007F}])\p{Cf}/gu;

/**
 * What joins two words into a token a reader still reads as two: between two letters or digits,
 * a dash or minus sign, underscore, slash, backslash, vertical bar, plus sign or semicolon (and
 * their full-width forms), or a comma that does not stand between two digits (1,000 is one word).
 */
const SEPARATOR =
  /(?<=[\p{L}\p{N}]\p{M}*)(?:[\p{Pd}\p{Pc}/\\|+;\u2212\u2044\u2215\uFF0F\uFF3C\uFF5C\uFF0B\uFF1B\uFF0C]|(?<!\p{N}),|,(?!\p{N}))+(?=[\p{L}\p{N}])/gu;
/** A token without a letter, digit or emoji (a dash, a bullet, "...") is no word. */
const WORD_LIKE = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;

/**
 * Words as a reader counts them: the one count of the editor and the API. White space separates
 * words, and so do the joiners of `SEPARATOR` ("well-known", "either/or", "snake_case" are two
 * words each), so words glued by them cannot pass a limit as one; an apostrophe, period, colon, @
 * or & keeps one word ("don't", "example.com", "12:30", "R&D"). Invisible characters (zero-width
 * spaces and joiners, word joiners, soft hyphens) count as breaks too. The cases are in
 * form-rules.test.ts.
 */
export function countWords(text: string): number {
  const spaced = text.replace(EMOJI_JOINER, '').replace(INVISIBLE, ' ').replace(SEPARATOR, ' ');
  return spaced.split(/\s+/u).filter((token) => WORD_LIKE.test(token)).length;
}

/** The role-select answer is rolesApplied (docs/product.md#visible-sections-and-rolesapplied). */
export function rolesFromAnswers(form: ApplicationForm, sections: readonly SectionResponse[]): TeamRole[] {
  const roleQuestionIds = new Set(
    form.sections.flatMap((s) => s.questions.filter((q) => q.questionType === 'role-select').map((q) => q.questionId)),
  );
  const roles = sections.flatMap((s) =>
    s.questions.filter((q) => roleQuestionIds.has(q.questionId)).flatMap((q) => q.response),
  );
  return [...new Set(roles)] as TeamRole[];
}

/** An answer with nothing in it: an empty text, or no option or role chosen. */
const isBlankAnswer = (answer: Answer): boolean =>
  Array.isArray(answer) ? answer.length === 0 : answer.trim().length === 0;

/**
 * The sections of the form for roles the applicant did not choose (hidden by `isSectionVisible`)
 * whose answers hold something: what unticking a role would discard.
 */
export function sectionsWithUnchosenAnswers(
  form: ApplicationForm,
  sections: readonly SectionResponse[],
  rolesApplied: readonly string[] = rolesFromAnswers(form, sections),
): FormSection[] {
  const hidden = new Map(
    form.sections
      .filter((section) => !isSectionVisible(section, rolesApplied))
      .map((section) => [section.sectionId, section]),
  );
  return sections.flatMap((section) => {
    const formSection = hidden.get(section.sectionId);
    return formSection && section.questions.some((answer) => !isBlankAnswer(answer.response)) ? [formSection] : [];
  });
}

/**
 * The answers with those of sections for roles the applicant did not choose emptied
 * (docs/product.md#visible-sections-and-rolesapplied): the editor drops them when a role is
 * unticked, and the API when it saves or submits, so no export or receipt carries them.
 */
export function withoutUnchosenAnswers(form: ApplicationForm, sections: SectionResponse[]): SectionResponse[] {
  const discarded = new Set(sectionsWithUnchosenAnswers(form, sections).map((section) => section.sectionId));
  if (discarded.size === 0) return sections;
  return sections.map((section) =>
    discarded.has(section.sectionId)
      ? {
          ...section,
          questions: section.questions.map((answer) => ({
            ...answer,
            response: Array.isArray(answer.response) ? [] : '',
          })),
        }
      : section,
  );
}

export interface AnswerIssue {
  /** `sectionId.questionId`, or a field name for issues about the whole response. */
  path: string;
  questionId?: string;
  message: string;
}

function isEmpty(answer: Answer): boolean {
  return Array.isArray(answer) ? answer.length === 0 : answer.trim().length === 0;
}

/** Checks one answer's shape against its question: type, options, roles. Drafts must pass this. */
function shapeIssue(question: Question, answer: Answer, teamRoles: readonly string[]): string | null {
  switch (question.questionType) {
    case 'short-answer':
    case 'long-answer':
    case 'file-upload':
      return typeof answer === 'string' ? null : 'This answer must be text';
    case 'multiple-choice':
      if (typeof answer !== 'string') return 'Choose one option';
      return answer === '' || question.options.includes(answer) ? null : `"${answer}" is not one of the options`;
    case 'multiple-select': {
      if (!Array.isArray(answer)) return 'Choose from the options';
      const unknown = answer.find((value) => !question.options.includes(value));
      if (unknown !== undefined) return `"${unknown}" is not one of the options`;
      if (new Set(answer).size !== answer.length) return 'An option is chosen twice';
      const exclusive = answer.find((value) => question.exclusiveOptions?.includes(value));
      return exclusive !== undefined && answer.length > 1 ? `"${exclusive}" cannot be chosen with other options` : null;
    }
    case 'role-select': {
      if (!Array.isArray(answer)) return 'Choose from the team roles';
      const unknown = answer.find((value) => !teamRoles.includes(value));
      if (unknown !== undefined) return `"${unknown}" is not a team role`;
      return new Set(answer).size === answer.length ? null : 'A role is chosen twice';
    }
  }
}

/** Checks a complete answer against its question's rules: required, word counts. */
function completenessIssue(question: Question, answer: Answer): string | null {
  if (isEmpty(answer)) {
    if (question.optional) return null;
    return question.questionType === 'role-select' ? 'Choose at least one role' : 'This question needs an answer';
  }
  return typeof answer === 'string' ? wordLimitIssue(question, answer) : null;
}

/** The word-count rule of a text question: the message, or null when the text is within its limits. */
export function wordLimitIssue(question: Question, text: string): string | null {
  if (question.questionType !== 'short-answer' && question.questionType !== 'long-answer') return null;
  const words = countWords(text);
  if (question.minWords !== undefined && words < question.minWords)
    return `Write at least ${question.minWords} words (now ${words})`;
  if (question.maxWords !== undefined && words > question.maxWords)
    return `Write at most ${question.maxWords} words (now ${words})`;
  return null;
}

/**
 * A multiple-select answer after the user ticked or cleared options: an exclusive option ticked
 * now leaves only itself; any other option ticked clears the exclusive ones.
 */
export function withExclusiveOptions(question: Question, previous: readonly string[], next: string[]): string[] {
  if (question.questionType !== 'multiple-select' || !question.exclusiveOptions?.length) return next;
  const exclusive = new Set(question.exclusiveOptions);
  const added = next.filter((option) => !previous.includes(option));
  const addedExclusive = added.find((option) => exclusive.has(option));
  if (addedExclusive !== undefined) return [addedExclusive];
  return added.length > 0 ? next.filter((option) => !exclusive.has(option)) : next;
}

/** What is wrong with one answer to its question, as submit sees it: the message, or null. */
export function answerIssue(question: Question, answer: Answer, teamRoles: readonly string[]): string | null {
  return shapeIssue(question, answer, teamRoles) ?? completenessIssue(question, answer);
}

export interface AnswerCheckOptions {
  teamRoles: readonly string[];
  /** Submit also checks completeness of every visible section and that a role was chosen. */
  mode: 'save' | 'submit';
}

/**
 * Checks the section responses against the form: every section and question known, with its
 * own type, answers of the right shape (both modes); at submit, also required answers and word
 * counts in the visible sections and at least one role. Returns every issue found.
 */
export function checkAnswers(
  form: ApplicationForm,
  sections: readonly SectionResponse[],
  options: AnswerCheckOptions,
): AnswerIssue[] {
  const issues: AnswerIssue[] = [];
  const formSections = new Map(form.sections.map((section) => [section.sectionId, section]));
  const seen = new Set<string>();
  for (const sectionResponse of sections) {
    const section = formSections.get(sectionResponse.sectionId);
    if (!section) {
      issues.push({ path: sectionResponse.sectionId, message: `Unknown section "${sectionResponse.sectionId}"` });
      continue;
    }
    if (seen.has(section.sectionId)) issues.push({ path: section.sectionId, message: 'This section appears twice' });
    seen.add(section.sectionId);
    const questions = new Map(section.questions.map((question) => [question.questionId, question]));
    for (const answer of sectionResponse.questions) {
      const path = `${section.sectionId}.${answer.questionId}`;
      const question = questions.get(answer.questionId);
      if (!question) {
        issues.push({ path, questionId: answer.questionId, message: `Unknown question "${answer.questionId}"` });
      } else if (answer.questionType !== question.questionType) {
        issues.push({
          path,
          questionId: answer.questionId,
          message: `This question is of type ${question.questionType}`,
        });
      } else if (answer.applicationFormId !== form.id) {
        issues.push({ path, questionId: answer.questionId, message: 'This answer belongs to another form' });
      } else {
        const problem = shapeIssue(question, answer.response, options.teamRoles);
        if (problem) issues.push({ path, questionId: question.questionId, message: problem });
      }
    }
  }
  if (options.mode === 'submit' && issues.length === 0) {
    const answers = new Map<string, Answer>(
      sections.flatMap((s) => s.questions.map((q) => [`${s.sectionId}.${q.questionId}`, q.response] as const)),
    );
    const roles = rolesFromAnswers(form, sections);
    for (const section of visibleSections(form, roles)) {
      for (const question of section.questions) {
        const path = `${section.sectionId}.${question.questionId}`;
        const problem = completenessIssue(question, answers.get(path) ?? emptyAnswer(question));
        if (problem) issues.push({ path, questionId: question.questionId, message: problem });
      }
    }
    if (roles.length === 0 && !issues.some((issue) => issue.message === 'Choose at least one role')) {
      issues.push({ path: 'rolesApplied', message: 'Choose at least one role' });
    }
  }
  return issues;
}

/**
 * The one rule of a due date, wherever one is checked (the API, the editor, every page): from the
 * due instant on it is past; at the due time the form closes. A date that is not one is never past.
 */
export function isPastDue(due: string | Pick<ApplicationForm, 'dueDate'>, now: Date | number): boolean {
  const dueAt = Date.parse(typeof due === 'string' ? due : due.dueDate);
  return (typeof now === 'number' ? now : now.getTime()) >= dueAt;
}

export function answerOf(response: ApplicationResponse, sectionId: string, questionId: string): Answer | undefined {
  return response.sectionResponses
    .find((section) => section.sectionId === sectionId)
    ?.questions.find((question) => question.questionId === questionId)?.response;
}

/** A copy of the response with one answer replaced. */
export function withAnswer(
  response: ApplicationResponse,
  sectionId: string,
  questionId: string,
  value: Answer,
): ApplicationResponse {
  return {
    ...response,
    sectionResponses: response.sectionResponses.map((section) =>
      section.sectionId !== sectionId
        ? section
        : {
            ...section,
            questions: section.questions.map((question) =>
              question.questionId === questionId ? { ...question, response: value } : question,
            ),
          },
    ),
  };
}

/** The answers as fields keyed `sectionId.questionId`, for a three-way merge. */
export function answerFields(response: Pick<ApplicationResponse, 'sectionResponses'>): Record<string, Answer> {
  return Object.fromEntries(
    response.sectionResponses.flatMap((section) =>
      section.questions.map((question) => [`${section.sectionId}.${question.questionId}`, question.response] as const),
    ),
  );
}

/** A copy of the response with every answer named in `fields` (keyed `sectionId.questionId`) replaced. */
export function withAnswerFields(
  response: ApplicationResponse,
  fields: Readonly<Record<string, unknown>>,
): ApplicationResponse {
  return {
    ...response,
    sectionResponses: response.sectionResponses.map((section) => ({
      ...section,
      questions: section.questions.map((question) => {
        const key = `${section.sectionId}.${question.questionId}`;
        return Object.hasOwn(fields, key) ? { ...question, response: fields[key] as Answer } : question;
      }),
    })),
  };
}

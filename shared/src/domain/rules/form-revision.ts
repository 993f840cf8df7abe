import { emptyAnswer } from './form-rules';
import type { Answer, SectionResponse } from '../schemas/responses';
import type { ApplicationForm, Question } from '../schemas/forms';
import { countOf } from '../ids/text';

/**
 * Replacing a form that already has applications (docs/product.md#forms-sections-and-questions):
 * the builder may add, reword and reorder, but an answer must never lose its question. A new
 * definition is refused when it removes an answered question, moves it to another section, changes
 * its type, or drops an option someone chose; otherwise each stored response is rebuilt for the new
 * definition (`revisedSectionResponses`), keeping every answer.
 */

export interface RevisionIssue {
  path: string;
  message: string;
}

export const FORM_REVISION_MESSAGES = {
  conflict: 'This form already has applications: a change would lose answers',
  removed: (text: string, count: number) =>
    `"${text}" has answers in ${countOf(count, 'application')}: it cannot be removed or moved to another section`,
  retyped: (text: string, from: string) => `"${text}" has answers: its type must stay ${from}`,
  optionRemoved: (text: string, option: string) =>
    `"${text}" has answers choosing "${option}": that option cannot be removed`,
} as const;

const isAnswered = (answer: Answer | undefined): boolean =>
  typeof answer === 'string' ? answer.trim() !== '' : Array.isArray(answer) && answer.length > 0;

const key = (sectionId: string, questionId: string) => `${sectionId}.${questionId}`;

/** Every non-empty answer of the responses, by `sectionId.questionId`. */
function answersByQuestion(responses: readonly (readonly SectionResponse[])[]): Map<string, Answer[]> {
  const answers = new Map<string, Answer[]>();
  for (const sections of responses) {
    for (const section of sections) {
      for (const answer of section.questions) {
        if (!isAnswered(answer.response)) continue;
        const at = key(section.sectionId, answer.questionId);
        answers.set(at, [...(answers.get(at) ?? []), answer.response]);
      }
    }
  }
  return answers;
}

const chosenOptions = (answers: Answer[]): Set<string> =>
  new Set(answers.flatMap((answer) => (Array.isArray(answer) ? answer : [answer])));

/** The ways `next` would lose answers of `previous`, each at the path of the field in `next` (or `sections`). */
export function answerLosingChanges(
  previous: ApplicationForm,
  next: ApplicationForm,
  responses: readonly (readonly SectionResponse[])[],
): RevisionIssue[] {
  const answers = answersByQuestion(responses);
  const nextQuestions = new Map<string, { question: Question; path: string }>();
  next.sections.forEach((section, s) =>
    section.questions.forEach((question, q) =>
      nextQuestions.set(key(section.sectionId, question.questionId), {
        question,
        path: `sections.${s}.questions.${q}`,
      }),
    ),
  );
  const issues: RevisionIssue[] = [];
  for (const section of previous.sections) {
    for (const question of section.questions) {
      const given = answers.get(key(section.sectionId, question.questionId));
      if (!given) continue;
      const kept = nextQuestions.get(key(section.sectionId, question.questionId));
      if (!kept) {
        issues.push({ path: 'sections', message: FORM_REVISION_MESSAGES.removed(question.questionText, given.length) });
      } else if (kept.question.questionType !== question.questionType) {
        issues.push({
          path: `${kept.path}.questionType`,
          message: FORM_REVISION_MESSAGES.retyped(question.questionText, question.questionType),
        });
      } else if ('options' in kept.question) {
        const options = new Set(kept.question.options);
        const lost = [...chosenOptions(given)].filter((option) => !options.has(option));
        for (const option of lost) {
          issues.push({
            path: `${kept.path}.options`,
            message: FORM_REVISION_MESSAGES.optionRemoved(question.questionText, option),
          });
        }
      }
    }
  }
  return issues;
}

/**
 * A response's sections for the new definition: in its order, every stored answer kept, new
 * questions empty; questions the definition no longer has (unanswered, see above) dropped.
 */
export function revisedSectionResponses(
  next: ApplicationForm,
  sections: readonly SectionResponse[],
): SectionResponse[] {
  const stored = new Map(
    sections.flatMap((section) =>
      section.questions.map((answer) => [key(section.sectionId, answer.questionId), answer] as const),
    ),
  );
  return next.sections.map((section) => ({
    sectionId: section.sectionId,
    sectionName: section.sectionName,
    questions: section.questions.map(
      (question) =>
        stored.get(key(section.sectionId, question.questionId)) ?? {
          questionId: question.questionId,
          questionType: question.questionType,
          applicationFormId: next.id,
          response: emptyAnswer(question),
        },
    ),
  }));
}

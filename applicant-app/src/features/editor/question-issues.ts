import { useCallback, useMemo, useState } from 'react';
import { answerIssue, answerOf, emptyAnswer, wordLimitIssue } from '@portal/shared/domain/rules/form-rules';
import { formRoleIds } from '@portal/shared/domain/rules/team-roles';
import type { ApplicationForm, FormSection, Question } from '@portal/shared/domain/schemas/forms';
import type { Answer, ApplicationResponse } from '@portal/shared/domain/schemas/responses';

const NONE_OPENED: ReadonlySet<string> = new Set();

export interface QuestionIssues {
  /** The problem to show next to the question now, or null. */
  issueFor: (sectionId: string, question: Question, value: Answer) => string | null;
  /**
   * Every question answered as submit requires, and the section seen: one whose questions are all
   * optional is complete once it was opened or anything in it answered, not before.
   */
  sectionComplete: (section: FormSection) => boolean;
  visited: (sectionId: string, questionId: string) => void;
  edited: (sectionId: string, questionId: string) => void;
}

/**
 * The problems submit would refuse, shown in the editor with the rules the server applies
 * (`answerIssue`): word limits as the applicant types; "needs an answer" once they leave the
 * question, or at once for every question when they come back from the review page to fix them.
 */
export function useQuestionIssues(
  form: ApplicationForm,
  draft: ApplicationResponse,
  showAll: boolean,
  /** The sections opened in the editor so far. */
  opened: ReadonlySet<string> = NONE_OPENED,
): QuestionIssues {
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [typed, setTyped] = useState<ReadonlySet<string>>(new Set());

  const visited = useCallback((sectionId: string, questionId: string) => {
    const key = `${sectionId}.${questionId}`;
    setLeft((current) => (current.has(key) ? current : new Set(current).add(key)));
  }, []);
  const edited = useCallback((sectionId: string, questionId: string) => {
    const key = `${sectionId}.${questionId}`;
    setTyped((current) => (current.has(key) ? current : new Set(current).add(key)));
  }, []);

  return useMemo(() => {
    const teamRoles = formRoleIds(form);
    const issueFor = (sectionId: string, question: Question, value: Answer) => {
      const key = `${sectionId}.${question.questionId}`;
      if (showAll || left.has(key)) return answerIssue(question, value, teamRoles);
      const text = typeof value === 'string' ? value : '';
      return typed.has(key) && text.trim() ? wordLimitIssue(question, text) : null;
    };
    const sectionComplete = (section: FormSection) => {
      const values = section.questions.map(
        (question) =>
          [question, answerOf(draft, section.sectionId, question.questionId) ?? emptyAnswer(question)] as const,
      );
      const valid = values.every(([question, value]) => answerIssue(question, value, teamRoles) === null);
      const answered = values.some(([, value]) => (Array.isArray(value) ? value.length > 0 : value.trim() !== ''));
      return valid && (answered || opened.has(section.sectionId));
    };
    return { issueFor, sectionComplete, visited, edited };
  }, [form, draft, showAll, left, typed, visited, edited, opened]);
}

import { TEAM_ROLES, type QuestionType } from '@portal/shared/domain/ids/constants';
import { toFieldIssues, type FieldIssue } from '@portal/shared/domain/ids/errors';
import { formDefinitionSchema } from '@portal/shared/domain/schemas/form-definition';
import type { ApplicationForm, FormSection, Question } from '@portal/shared/domain/schemas/forms';

/**
 * The form builder's state: a form definition as POST /application/forms takes it (whether it is
 * live or released is set by their own actions, never by the builder). Pure helpers, tested alone.
 */
export type FormDraft = Omit<ApplicationForm, 'isActive' | 'decisionsReleased'>;

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  'short-answer': 'Short answer',
  'long-answer': 'Long answer',
  'multiple-choice': 'Multiple choice',
  'multiple-select': 'Checkboxes (choose several)',
  'file-upload': 'File upload',
  'role-select': 'Team roles',
};

/** An id from a text: "Why do you want to join?" → "why-do-you-want-to-join". */
export function idFromText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

/** `base`, or `base-2`, `base-3`… whichever is not taken. */
export function uniqueId(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const start = base || 'item';
  if (!used.has(start)) return start;
  let n = 2;
  while (used.has(`${start}-${n}`)) n += 1;
  return `${start}-${n}`;
}

/** The ids a new item gets before it has a name: derived from the name once one is typed. */
const PLACEHOLDER_ID = /^(question|section|role|criterion|item)(-\d+)?$/;

/**
 * The id for an item whose text changed from `oldText` to `newText`: made from the new text while
 * the item is unsaved (`known` false) and its id is still the one made from the old text (or a
 * placeholder, or the old text was empty: cleared and typed again); else the id as it is. Never
 * one of `taken`.
 */
export function withDerivedId(oldText: string, newText: string, id: string, known: boolean, taken: string[]): string {
  const derived = id === idFromText(oldText) || !idFromText(oldText) || PLACEHOLDER_ID.test(id);
  if (known || !derived) return id;
  return uniqueId(idFromText(newText) || id, taken);
}

export const allQuestionIds = (draft: FormDraft) =>
  draft.sections.flatMap((section) => section.questions.map((question) => question.questionId));

/** A week from now at 23:59 in the viewer's zone: a due date that validates. */
function nextWeek(now: Date): string {
  const date = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
  date.setHours(23, 59, 0, 0);
  return date.toISOString();
}

/**
 * A new form, with what every form needs beyond its texts: the Team roles question (applicants
 * choose their roles with it; a form without one could never be submitted) and a review rubric
 * for every role, to edit or replace.
 */
export function newForm(now = new Date()): FormDraft {
  const roles: Question = {
    questionId: 'roles',
    questionType: 'role-select',
    questionText: 'Which roles are you applying for?',
  };
  return {
    id: '',
    semester: '',
    dueDate: nextWeek(now),
    description: '',
    sections: [{ ...newSection([]), questions: [roles] }],
    reviewRubrics: [
      {
        rubricId: 'general',
        roles: [...TEAM_ROLES],
        criteria: [{ key: 'overall', prompt: 'Overall', min: 0, max: 4, weight: 1 }],
      },
    ],
    interviewRubrics: [],
  };
}

export function newSection(existing: readonly FormSection[]): FormSection {
  const sectionId = uniqueId(
    'section',
    existing.map((section) => section.sectionId),
  );
  return { sectionId, sectionName: '', questions: [] };
}

export function newQuestion(type: QuestionType, takenIds: Iterable<string>): Question {
  const base = { questionId: uniqueId('question', takenIds), questionText: '' };
  switch (type) {
    case 'short-answer':
    case 'long-answer':
    case 'role-select':
      return { ...base, questionType: type };
    case 'multiple-choice':
      return { ...base, questionType: type, options: ['Option 1', 'Option 2'] };
    case 'multiple-select':
      return { ...base, questionType: type, options: ['Option 1'] };
    case 'file-upload':
      return { ...base, questionType: type, acceptedTypes: ['application/pdf'], maxSizeBytes: 5 * 1024 * 1024 };
  }
}

/** The same question as another type: its text and settings kept where the new type has them. */
export function retyped(question: Question, type: QuestionType): Question {
  const fresh = newQuestion(type, []);
  const { questionId, questionText, secondaryText, optional } = question;
  const kept = {
    questionId,
    questionText,
    ...(secondaryText ? { secondaryText } : {}),
    ...(optional ? { optional } : {}),
  };
  if ('options' in fresh && 'options' in question) return { ...fresh, ...kept, options: question.options } as Question;
  return { ...fresh, ...kept } as Question;
}

/** The list with the item at `index` moved by `delta` (no change at either end). */
export function moved<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}

export const replaced = <T>(list: readonly T[], index: number, item: T): T[] =>
  list.map((current, i) => (i === index ? item : current));

export const removed = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);

/** A value with empty optional texts and lists left out, as a definition says "none". */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, field]) => field !== undefined && field !== '' && !(Array.isArray(field) && field.length === 0),
    ),
  ) as T;
}

/** Options as typed, one per line: blank lines and outer spaces dropped when the definition is saved or exported. */
const cleanOptions = (options: readonly string[]) => options.map((option) => option.trim()).filter(Boolean);

function cleanQuestion(question: Question): Question {
  const cleaned = { ...question };
  if ('options' in cleaned) cleaned.options = cleanOptions(cleaned.options);
  if (cleaned.questionType === 'multiple-select' && cleaned.exclusiveOptions) {
    cleaned.exclusiveOptions = cleanOptions(cleaned.exclusiveOptions);
  }
  // Options and file types are required lists: kept when empty, so their problem says what they need.
  const required = {
    ...('options' in cleaned ? { options: cleaned.options } : {}),
    ...('acceptedTypes' in cleaned ? { acceptedTypes: cleaned.acceptedTypes } : {}),
  };
  return { ...compact(cleaned), ...required };
}

/** The definition to validate, save and export: the draft without empty optional fields. */
export function toDefinition(draft: FormDraft): FormDraft {
  return {
    ...compact({ ...draft, sections: undefined, reviewRubrics: undefined, interviewRubrics: undefined }),
    // A section's questions are required but may be none (a section of text alone): kept even when empty.
    sections: draft.sections.map((section) => ({
      ...compact(section),
      questions: section.questions.map(cleanQuestion),
    })),
    reviewRubrics: draft.reviewRubrics.map((rubric) => ({
      ...rubric,
      criteria: rubric.criteria.map((criterion) => compact(criterion)),
    })),
    interviewRubrics: draft.interviewRubrics.map((rubric) => ({
      ...rubric,
      criteria: rubric.criteria.map((criterion) => compact(criterion)),
    })),
    ...(draft.roles ? { roles: draft.roles.map((role) => compact(role)) } : {}),
  } as FormDraft;
}

/** Every problem of the draft, by the same rules as the API, at the paths the API names. */
export function draftIssues(draft: FormDraft): FieldIssue[] {
  const parsed = formDefinitionSchema.safeParse(toDefinition(draft));
  return parsed.success ? [] : toFieldIssues(parsed.error);
}

/** Issues by path; a path may have several. */
export function issuesByPath(issues: readonly FieldIssue[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const issue of issues) byPath.set(issue.path, [...(byPath.get(issue.path) ?? []), issue.message]);
  return byPath;
}

/** A copy of a past form for a new semester: new id and semester, everything else the same; not live, not released. */
export function duplicateForm(
  form: FormDraft & Partial<Pick<ApplicationForm, 'isActive' | 'decisionsReleased'>>,
  id: string,
  semester: string,
): FormDraft {
  const {
    isActive: _active,
    decisionsReleased: _released,
    ...definition
  } = JSON.parse(JSON.stringify(form)) as typeof form;
  return { ...definition, id, semester };
}

export type ImportResult = { draft: FormDraft; issues: FieldIssue[] } | { draft: null; issues: FieldIssue[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A form definition from JSON text: its problems by the API's rules (each naming its field), and
 * the draft to fix them in when its outline (sections of questions) can be edited at all.
 */
export function importDefinition(text: string): ImportResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      draft: null,
      issues: [{ path: '(file)', message: `This is not valid JSON: ${(error as Error).message}` }],
    };
  }
  const parsed = formDefinitionSchema.safeParse(value);
  const issues = parsed.success ? [] : toFieldIssues(parsed.error);
  if (
    !isObject(value) ||
    !Array.isArray(value.sections) ||
    !value.sections.every((section) => isObject(section) && Array.isArray(section.questions))
  ) {
    return { draft: null, issues };
  }
  const { isActive: _active, decisionsReleased: _released, ...definition } = value;
  return {
    draft: {
      ...(definition as unknown as FormDraft),
      reviewRubrics: Array.isArray(value.reviewRubrics) ? (value.reviewRubrics as FormDraft['reviewRubrics']) : [],
      interviewRubrics: Array.isArray(value.interviewRubrics)
        ? (value.interviewRubrics as FormDraft['interviewRubrics'])
        : [],
    },
    issues,
  };
}

/** The JSON a chapter exports (and imports again): the definition the API validates. */
export const exportDefinition = (draft: FormDraft): string => `${JSON.stringify(toDefinition(draft), null, 2)}\n`;

const FIELD_LABELS: Record<string, string> = {
  id: 'Form id',
  semester: 'Semester',
  dueDate: 'Due date',
  timeZone: 'Time zone',
  description: 'Description',
  sectionId: 'Section id',
  sectionName: 'Section name',
  forRoles: 'Shown to applicants for',
  questions: 'Questions',
  questionId: 'Question id',
  questionText: 'Question',
  questionType: 'Type',
  secondaryText: 'Help text',
  minWords: 'Minimum words',
  maxWords: 'Maximum words',
  placeholder: 'Placeholder',
  options: 'Options',
  exclusiveOptions: 'Options that go alone',
  acceptedTypes: 'Accepted file types',
  maxSizeBytes: 'Largest file',
  rubricId: 'Rubric id',
  roles: 'Roles',
  criteria: 'Criteria',
  key: 'Key',
  prompt: 'Criterion',
  weight: 'Weight',
  min: 'Lowest score',
  max: 'Highest score',
  label: 'Name',
  color: 'Text colour',
  emoji: 'Emoji',
  body: 'Letter',
  decision: 'Decision',
  requiredRole: 'Every reviewer must review',
  minimum: 'Roles per reviewer',
  sections: 'Sections',
  reviewRubrics: 'Review rubrics',
  interviewRubrics: 'Interview rubrics',
  letters: 'Letters',
  reviewRoleRule: 'Who reviews what',
  disagreementThreshold: 'Flag disagreement above',
  interviewCutoffHours: 'Interview booking cut-off',
};

/** Where a problem is, as a person reads it: `Section 2 "About you" › Question 1 › Options`. */
export function pathLabel(path: string, draft: FormDraft): string {
  const parts = path.split('.');
  const labels: string[] = [];
  const sectionIndex = parts[0] === 'sections' && parts[1] !== undefined ? Number(parts[1]) : null;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    const next = parts[i + 1];
    if (next !== undefined && /^\d+$/.test(next)) {
      const n = Number(next);
      if (part === 'sections') {
        const name = draft.sections[n]?.sectionName;
        labels.push(`Section ${n + 1}${name ? ` "${name}"` : ''}`);
      } else if (part === 'questions' && sectionIndex !== null) {
        const text = draft.sections[sectionIndex]?.questions[n]?.questionText;
        labels.push(`Question ${n + 1}${text ? ` "${text.slice(0, 40)}"` : ''}`);
      } else {
        labels.push(`${FIELD_LABELS[part] ?? part} ${n + 1}`);
      }
      i += 1;
    } else {
      labels.push(FIELD_LABELS[part] ?? part);
    }
  }
  return labels.join(' › ');
}

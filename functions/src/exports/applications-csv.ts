import {
  APPLICATION_STATUS_LABELS,
  ASSESSMENT_STATE_LABELS,
  REVIEW_DECISION_LABELS,
  offerState,
  formTeamRoles,
  teamRoleLabel,
  type Answer,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type AssignmentRef,
  type Question,
  type UploadedFile,
} from '@portal/shared/domain';

/**
 * The columns of the applications CSV (docs/product.md#exports): one record per application row (a
 * response and one role applied for). First who and where it stands, then every question of the
 * form in form order (header: the question text), then one block per review and per interview:
 * the staff member, the state, a score per criterion of the form's rubrics of that kind, comments.
 */

export type Cell = string | number;

/** How many review and interview blocks the export needs: the most any row of the form has. */
export interface AssessmentSlots {
  review: number;
  interview: number;
}

const SUMMARY = [
  'Applicant',
  'Email',
  'Role',
  'Roles applied',
  'Application status',
  'Submitted at',
  'Decision',
  'Qualified',
  'Review score',
  'Interview score',
  'Offer reply',
] as const;

const LIST_SEPARATOR = '; ';

// OWASP "CSV injection": a cell a spreadsheet could read as a formula starts with one of these
// (fullwidth forms included, which some spreadsheets also take).
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The text with a leading apostrophe when a spreadsheet would otherwise run it as a formula. */
export const neutralizeFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

type Criterion = { key: string; prompt: string };

/** Every criterion of the form's rubrics of a kind, once per key, in rubric order. */
function criteriaOf(rubrics: ApplicationForm['reviewRubrics']): Criterion[] {
  const byKey = new Map<string, Criterion>();
  for (const criterion of rubrics.flatMap((rubric) => rubric.criteria)) {
    if (!byKey.has(criterion.key)) byKey.set(criterion.key, criterion);
  }
  return [...byKey.values()];
}

/** The file answers of a response: file ids, for the names the CSV shows. */
export function fileIdsOf(form: ApplicationForm, response: ApplicationResponse): string[] {
  const fileQuestions = new Set(
    form.sections.flatMap((section) =>
      section.questions.filter((q) => q.questionType === 'file-upload').map((q) => q.questionId),
    ),
  );
  return response.sectionResponses.flatMap((section) =>
    section.questions.flatMap((answer) =>
      fileQuestions.has(answer.questionId) && typeof answer.response === 'string' && answer.response
        ? [answer.response]
        : [],
    ),
  );
}

function answerText(
  question: Question,
  answer: Answer | undefined,
  files: Map<string, UploadedFile>,
  roleLabel: (role: string) => string,
): string {
  if (answer === undefined) return '';
  if (question.questionType === 'file-upload') {
    return typeof answer === 'string' && answer ? (files.get(answer)?.name ?? '') : '';
  }
  if (Array.isArray(answer)) {
    return (question.questionType === 'role-select' ? answer.map(roleLabel) : answer).join(LIST_SEPARATOR);
  }
  return answer;
}

function assessmentCells(refs: AssignmentRef[], slots: number, criteria: Criterion[]): Cell[] {
  return Array.from({ length: slots }, (_, index) => {
    const ref = refs[index];
    if (!ref) return Array<Cell>(criteria.length + 3).fill('');
    return [
      ref.staffName,
      ASSESSMENT_STATE_LABELS[ref.state],
      ...criteria.map((criterion) => ref.scores?.[criterion.key] ?? ''),
      ref.comments ?? '',
    ];
  }).flat();
}

function assessmentHeader(title: string, slots: number, criteria: Criterion[]): string[] {
  return Array.from({ length: slots }, (_, index) => {
    const at = `${title} ${index + 1}`;
    return [
      `${at}: ${title.toLowerCase()}er`,
      `${at}: state`,
      ...criteria.map((c) => `${at}: ${c.prompt}`),
      `${at}: comments`,
    ];
  }).flat();
}

export function applicationsCsvLayout(form: ApplicationForm, slots: AssessmentSlots) {
  const questions = form.sections.flatMap((section) => section.questions);
  const reviewCriteria = criteriaOf(form.reviewRubrics);
  const interviewCriteria = criteriaOf(form.interviewRubrics);
  const roles = formTeamRoles(form);
  const roleLabel = (role: string) => teamRoleLabel(roles, role);
  return {
    header: [
      ...SUMMARY,
      ...questions.map((question) => question.questionText),
      ...assessmentHeader('Review', slots.review, reviewCriteria),
      ...assessmentHeader('Interview', slots.interview, interviewCriteria),
    ],

    record(row: ApplicationRow, response: ApplicationResponse | undefined, files: Map<string, UploadedFile>): Cell[] {
      const answers = new Map(
        (response?.sectionResponses ?? []).flatMap((section) =>
          section.questions.map((answer) => [answer.questionId, answer.response] as const),
        ),
      );
      return [
        row.applicantName,
        row.applicantEmail,
        roleLabel(row.role),
        (response?.rolesApplied ?? [row.role]).map(roleLabel).join(LIST_SEPARATOR),
        response ? APPLICATION_STATUS_LABELS[response.status] : '',
        row.submittedAt,
        REVIEW_DECISION_LABELS[row.decision],
        row.qualified ? 'yes' : 'no',
        row.reviewScore ?? '',
        row.interviewScore ?? '',
        offerState(row) ?? '',
        ...questions.map((question) => answerText(question, answers.get(question.questionId), files, roleLabel)),
        ...assessmentCells(row.reviews, slots.review, reviewCriteria),
        ...assessmentCells(row.interviews, slots.interview, interviewCriteria),
      ];
    },
  };
}

import {
  answersForReviewers,
  sectionsForReviewers,
  aggregateScore,
  applicationRowId,
  refsOf,
  rowWithAssignments,
  rubricFor,
  scoreProblems,
  STAFF_MESSAGES,
  type ApplicationForm,
  type Assessment,
  type AssessmentBody,
  type AssessmentKind,
  type AssessmentScreen,
  type AssessmentView,
  type AssignmentRef,
  type Rubric,
  type User,
  readsBlind,
  utcDay,
} from '@portal/shared/domain';
import { auditEntry } from '../../audit/audit-entry';
import { noFormError } from '../../forms/forms.service';
import { ApiError } from '../../http/api-error';
import { noResponseError } from '../../responses/responses.service';
import { toAssessmentView } from '../dashboard/dashboard.service';
import {
  assessmentCollection,
  type ApplicationState,
  type ReviewsRepository,
  type ReviewsTransaction,
  type TransactionsOf,
} from '../reviews.repository';
import { removalEntry } from '../assignments/assignment-moves';
import { assertNotReleased, noAssessmentError, noRowError } from '../staff-errors';
import { loadWith, type StaffLoad } from '../staff-load';
import { withSubmittedReview } from '../calibration-cache';

/** What a review or interview is saved, submitted, reopened and unassigned with. */
export type AssessmentsTransaction = Pick<
  ReviewsTransaction,
  | 'deleteAssessment'
  | 'getAssessment'
  | 'getCalibrationSums'
  | 'getForm'
  | 'getLoad'
  | 'readApplication'
  | 'record'
  | 'setAssessment'
  | 'setCalibrationSums'
  | 'setLoad'
  | 'writeApplication'
>;
export type AssessmentsRepository = Pick<ReviewsRepository, 'getAssessment' | 'getForm' | 'getResponse'> &
  TransactionsOf<AssessmentsTransaction>;

export const ASSESSMENT_SERVICE_MESSAGES = { invalidScores: 'Some scores are not valid' } as const;

const isSuper = (caller: User) => caller.role === 'super-reviewer';

function assertMayWrite(caller: User, assessment: Assessment): void {
  if (!isSuper(caller) && assessment.staffId !== caller.id) {
    throw ApiError.because('not-assigned', STAFF_MESSAGES.notAssigned);
  }
}

interface Context {
  assessment: Assessment;
  /** Whether the caller reads this assessment blind (`readsBlind`). */
  blind: boolean;
  form: ApplicationForm;
  state: ApplicationState;
  load: StaffLoad;
  rubric: Rubric;
}

async function readContext(
  tx: AssessmentsTransaction,
  kind: AssessmentKind,
  id: string,
  caller: User,
): Promise<Context> {
  const assessment = await tx.getAssessment(kind, id);
  if (!assessment) throw noAssessmentError();
  assertMayWrite(caller, assessment);
  const form = await tx.getForm(assessment.applicationFormId);
  if (!form) throw noFormError();
  const state = await tx.readApplication(assessment.responseId);
  if (!state?.rows.has(applicationRowId(assessment.responseId, assessment.role))) throw noRowError();
  const load = await tx.getLoad(form.id, assessment.staffId);
  const rubric = rubricFor(form, kind, assessment.role);
  if (!rubric) throw ApiError.because('no-rubric', STAFF_MESSAGES.noRubric);
  return { assessment, blind: readsBlind(caller, form, [kind]), form, state, load, rubric };
}

/** Writes the assessment, its row (with `ref` changed as given, or removed) and the staff load. */
function commit(
  tx: AssessmentsTransaction,
  context: Context,
  assessment: Assessment | null,
  ref: ((ref: AssignmentRef) => AssignmentRef) | null,
  load: StaffLoad,
): void {
  const { kind, id } = context.assessment;
  if (assessment) tx.setAssessment(assessment);
  else tx.deleteAssessment(kind, id);
  const row = context.state.rows.get(applicationRowId(context.assessment.responseId, context.assessment.role))!;
  const refs = refsOf(row, kind).flatMap((each) => (each.assessmentId !== id ? [each] : ref ? [ref(each)] : []));
  tx.writeApplication(context.state, [rowWithAssignments(row, kind, refs, context.form)]);
  tx.setLoad(load);
}

function scoreIssues(problems: Record<string, string>) {
  return Object.entries(problems).map(([key, message]) => ({ path: `scores.${key}`, message }));
}

/** A save or submit: like every other change to review work, refused once the form's decisions are released. */
function assertEditable(context: Context, body: AssessmentBody): void {
  assertNotReleased(context.form);
  if (context.assessment.state === 'submitted') throw ApiError.because('assessment-submitted', STAFF_MESSAGES.readOnly);
  if (body.version !== context.assessment.version) {
    throw ApiError.because('stale-version', STAFF_MESSAGES.staleAssessment, {
      current: toAssessmentView(context.assessment, context.blind),
    });
  }
}

export function createAssessmentsService(deps: { reviews: AssessmentsRepository; now: () => Date }) {
  const { reviews, now } = deps;
  /** A review's submit or reopen changes the form's calibration sums in its own transaction. */
  const calibrationSumsOf = (tx: AssessmentsTransaction, kind: AssessmentKind, formId: string) =>
    kind === 'review' ? tx.getCalibrationSums(formId) : Promise.resolve(null);

  return {
    async screen(kind: AssessmentKind, id: string, caller: User): Promise<AssessmentScreen> {
      const assessment = await reviews.getAssessment(kind, id);
      if (!assessment) throw noAssessmentError();
      assertMayWrite(caller, assessment);
      const form = await reviews.getForm(assessment.applicationFormId);
      if (!form) throw noFormError();
      const response = await reviews.getResponse(assessment.responseId);
      if (!response) throw noResponseError();
      const submitted = assessment.state === 'submitted';
      const blind = readsBlind(caller, form, [kind]);
      return {
        assessment: toAssessmentView(assessment, blind),
        blind,
        rubric: rubricFor(form, kind, assessment.role),
        form: {
          id: form.id,
          semester: form.semester,
          sections: sectionsForReviewers(form, blind),
          ...(form.roles && { roles: form.roles }),
        },
        response: {
          id: response.id,
          status: response.status,
          rolesApplied: response.rolesApplied,
          sectionResponses: answersForReviewers(form, response.sectionResponses, blind),
        },
        editable: !submitted && !form.decisionsReleased,
        reopenable: submitted && isSuper(caller) && !form.decisionsReleased,
      };
    },

    save(kind: AssessmentKind, id: string, caller: User, body: AssessmentBody): Promise<AssessmentView> {
      const at = now().toISOString();
      return reviews.transaction(async (tx) => {
        const context = await readContext(tx, kind, id, caller);
        assertEditable(context, body);
        const problems = scoreProblems(context.rubric, body.scores, false);
        if (Object.keys(problems).length > 0) {
          throw new ApiError('invalid-request', ASSESSMENT_SERVICE_MESSAGES.invalidScores, scoreIssues(problems));
        }
        const complete = Object.keys(scoreProblems(context.rubric, body.scores, true)).length === 0;
        const saved: Assessment = {
          ...context.assessment,
          scores: body.scores,
          comments: body.comments,
          state: 'draft',
          score: complete ? aggregateScore(context.rubric, [body.scores]) : null,
          version: context.assessment.version + 1,
          updatedAt: at,
        };
        commit(tx, context, saved, (ref) => ({ ...ref, state: 'draft' }), context.load);
        return toAssessmentView(saved, context.blind);
      });
    },

    submit(kind: AssessmentKind, id: string, caller: User, body: AssessmentBody): Promise<AssessmentView> {
      const at = now().toISOString();
      return reviews.transaction(async (tx) => {
        const context = await readContext(tx, kind, id, caller);
        assertEditable(context, body);
        const problems = scoreProblems(context.rubric, body.scores, true);
        if (Object.keys(problems).length > 0) {
          throw new ApiError('invalid-request', STAFF_MESSAGES.incompleteScores, scoreIssues(problems));
        }
        const sums = await calibrationSumsOf(tx, kind, context.form.id);
        const submitted: Assessment = {
          ...context.assessment,
          scores: body.scores,
          comments: body.comments,
          state: 'submitted',
          score: aggregateScore(context.rubric, [body.scores]),
          version: context.assessment.version + 1,
          updatedAt: at,
          submittedAt: at,
        };
        commit(
          tx,
          context,
          submitted,
          (ref) => ({ ...ref, state: 'submitted', scores: body.scores, comments: body.comments }),
          loadWith(context.load, kind, { done: 1, day: utcDay(at) }),
        );
        if (kind === 'review') tx.setCalibrationSums(withSubmittedReview(context.form.id, sums, submitted, 1));
        tx.record(submissionEntry(caller, context.assessment, submitted, at));
        return toAssessmentView(submitted, context.blind);
      });
    },

    reopen(kind: AssessmentKind, id: string, caller: User): Promise<AssessmentView> {
      const at = now().toISOString();
      return reviews.transaction(async (tx) => {
        const context = await readContext(tx, kind, id, caller);
        assertNotReleased(context.form);
        if (context.assessment.state !== 'submitted') {
          throw ApiError.because('assessment-not-submitted', STAFF_MESSAGES.notSubmitted);
        }
        const sums = await calibrationSumsOf(tx, kind, context.form.id);
        const reopened: Assessment = {
          ...context.assessment,
          state: 'draft',
          version: context.assessment.version + 1,
          updatedAt: at,
          submittedAt: null,
        };
        commit(
          tx,
          context,
          reopened,
          ({ scores: _scores, comments: _comments, ...ref }) => ({ ...ref, state: 'draft' }),
          loadWith(context.load, kind, {
            done: -1,
            day: context.assessment.submittedAt ? utcDay(context.assessment.submittedAt) : null,
          }),
        );
        if (kind === 'review') {
          tx.setCalibrationSums(withSubmittedReview(context.form.id, sums, context.assessment, -1));
        }
        tx.record(
          auditEntry({
            actor: caller,
            action: 'assessment.reopened',
            target: { collection: assessmentCollection(kind), id },
            formId: context.form.id,
            before: { state: context.assessment.state, submittedAt: context.assessment.submittedAt },
            after: { state: reopened.state, submittedAt: null },
            at,
          }),
        );
        return toAssessmentView(reopened, context.blind);
      });
    },

    /** Removes the assignment and, in the same transaction, appends its audit entry. */
    unassign(kind: AssessmentKind, id: string, caller: User): Promise<void> {
      const at = now().toISOString();
      return reviews.transaction(async (tx) => {
        const context = await readContext(tx, kind, id, caller);
        assertNotReleased(context.form);
        if (context.assessment.state === 'submitted') {
          throw ApiError.because('assessment-submitted', STAFF_MESSAGES.submittedCannotUnassign);
        }
        commit(tx, context, null, null, loadWith(context.load, kind, { assigned: -1 }));
        const { assessment } = context;
        tx.record(removalEntry(caller, assessment, at));
      });
    },
  };
}

/** A review's or interview's submission for the audit log: who submitted whose, and its score (never the comments). */
function submissionEntry(caller: User, before: Assessment, after: Assessment, at: string) {
  const names = { applicantName: after.applicantName, role: after.role, staffName: after.staffName };
  return auditEntry({
    actor: caller,
    action: 'assessment.submitted',
    target: { collection: assessmentCollection(after.kind), id: after.id },
    formId: after.applicationFormId,
    before: { ...names, state: before.state, score: before.score },
    after: { ...names, applicationFormId: after.applicationFormId, state: after.state, score: after.score },
    at,
  });
}

import { Router } from 'express';
import { z } from 'zod/mini';
import {
  assessmentBodySchema,
  assessmentConflictBodySchema,
  CONFLICT_MESSAGES,
  conflictBodySchema,
  assessmentKindSchema,
  assessmentsQuerySchema,
  assignmentsBodySchema,
  autoAssignBodySchema,
  bulkDecisionBodySchema,
  bulkQualifiedBodySchema,
  decisionBodySchema,
  denyUndecidedBodySchema,
  idSchema,
  JOB_MESSAGES,
  pipelineRowsQuerySchema,
  qualifiedBodySchema,
  rowsQuerySchema,
  STAFF_MESSAGES,
  staffQuerySchema,
  teamRoleSchema,
} from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import type { MailSettings } from '../outbox/outbox';
import { ApiError } from '../http/api-error';
import { parseParam } from '../http/params';
import { emptyBodySchema, parseInput } from '../http/validate';
import { noFormError } from '../forms/forms.service';
import { noResponseError } from '../responses/responses.service';
import { composeStaff } from './compose-staff';
import { noAssessmentError, noRowError } from './staff-errors';
import { requireStaff, requireSuperReviewer } from './staff-access';
import { createPipelineRepository, createPipelineService } from './dashboard/pipeline.service';

const uuidSchema = z.uuid();

/** The review workflow: dashboards, assignments, reviews and interviews, qualified flags and decisions. */
export function reviewsRoutes(
  deps: Pick<AppDeps, 'store' | 'accounts' | 'logger' | 'jobInlineMs'> & { now: () => Date; mail: MailSettings },
): Router {
  const { dashboard, decisions, assignments, assessments, autoAssign, letters, conflicts, progress } =
    composeStaff(deps);
  const router = Router();
  const staff = requireStaff(deps.store);
  const superOnly = requireSuperReviewer(deps.store);
  const pipeline = createPipelineService({ pipeline: createPipelineRepository(deps.store), now: deps.now });

  const formId = (params: Record<string, unknown>) => parseParam(idSchema, params.formId, noFormError);
  const assessment = (params: Record<string, unknown>) => ({
    kind: parseParam(assessmentKindSchema, params.kind, noAssessmentError),
    id: parseParam(uuidSchema, params.id, noAssessmentError),
  });
  const row = (params: Record<string, unknown>) => ({
    responseId: parseParam(uuidSchema, params.responseId, noRowError),
    role: parseParam(teamRoleSchema, params.role, noRowError),
  });

  router.get('/admin/forms/:formId/rows', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    res.json(await dashboard.rows(id, parseInput(rowsQuerySchema, req.query, 'query')));
  });

  router.get('/admin/forms/:formId/staff', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    res.json(await dashboard.staff(id, parseInput(staffQuerySchema, req.query, 'query')));
  });

  router.get('/admin/forms/:formId/assessments', ...staff, async (req, res) => {
    const id = formId(req.params);
    res.json(await dashboard.assessments(id, req.user!, parseInput(assessmentsQuerySchema, req.query, 'query')));
  });

  router.post('/admin/forms/:formId/auto-assign/preview', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    const body = parseInput(autoAssignBodySchema, req.body, 'auto-assign request');
    res.json(await autoAssign.preview(id, body.reviewersPerApplication, body.staffIds));
  });

  router.post('/admin/forms/:formId/auto-assign', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    const body = parseInput(autoAssignBodySchema, req.body, 'auto-assign request');
    if (!body.planId) {
      throw new ApiError('invalid-request', 'Invalid auto-assign request', [
        { path: 'planId', message: 'Send the planId of the preview' },
      ]);
    }
    const outcome = await autoAssign.apply(id, body.reviewersPerApplication, body.planId, req.user!, body.staffIds);
    // 202: the plan is stored, its reviews still being assigned (GET …/auto-assign/progress follows them).
    res.status('kind' in outcome ? 202 : 200).json(outcome);
  });

  router.get('/admin/forms/:formId/auto-assign/progress', ...superOnly, async (req, res) => {
    const progress = await autoAssign.progress(formId(req.params));
    if (!progress) throw new ApiError('not-found', JOB_MESSAGES.noAutoAssign);
    res.json(progress);
  });

  router.get('/admin/forms/:formId/offers', ...superOnly, async (req, res) => {
    res.json(await dashboard.offers(formId(req.params)));
  });

  router.get('/admin/forms/:formId/undecided', ...superOnly, async (req, res) => {
    res.json(await decisions.undecidedCounts(formId(req.params)));
  });

  router.get('/admin/forms/:formId/undecided/unqualified', ...superOnly, async (req, res) => {
    res.json(await decisions.denialCandidates(formId(req.params)));
  });

  router.post('/admin/forms/:formId/deny-undecided-unqualified', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    const { include } = parseInput(denyUndecidedBodySchema, req.body ?? {}, 'bulk denial');
    res.json(await decisions.denyUndecidedUnqualified(id, req.user!, include));
  });

  router.post('/admin/forms/:formId/rows/qualified', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    const body = parseInput(bulkQualifiedBodySchema, req.body, 'qualified flags');
    res.json(await decisions.setQualifiedMany(id, body.rows, body.qualified, req.user!));
  });

  router.post('/admin/forms/:formId/rows/decision', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    const body = parseInput(bulkDecisionBodySchema, req.body, 'decisions');
    res.json(await decisions.decideMany(id, body.rows, body.decision, req.user!));
  });

  router.post('/admin/forms/:formId/release', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    parseInput(emptyBodySchema, req.body ?? {}, 'release request');
    const { form, done } = await decisions.release(id, req.user!);
    // 202: committed, its emails still being written (GET …/release/progress follows them).
    res.status(done ? 200 : 202).json(form);
  });

  router.get('/admin/forms/:formId/release/progress', ...superOnly, async (req, res) => {
    const progress = await decisions.releaseProgress(formId(req.params));
    if (!progress) throw new ApiError('not-found', STAFF_MESSAGES.noReleaseJob);
    res.json(progress);
  });

  router.post('/admin/assignments', ...superOnly, async (req, res) => {
    const body = parseInput(assignmentsBodySchema, req.body, 'assignments');
    const created = await assignments.assign(body.kind, body.assignments, req.user!, body.acknowledgeConflicts);
    res.status(201).json({ created });
  });

  router.post('/admin/assessments/:kind/:id/conflict', ...staff, async (req, res) => {
    const { kind, id } = assessment(req.params);
    const body = parseInput(assessmentConflictBodySchema, req.body ?? {}, 'conflict of interest');
    res.status(201).json(await conflicts.declareOn(kind, id, req.user!, body.reason));
  });

  router.get('/admin/forms/:formId/progress', ...superOnly, async (req, res) => {
    res.json(await progress.progress(formId(req.params)));
  });

  router.get('/admin/forms/:formId/pipeline', ...superOnly, async (req, res) => {
    res.json(await pipeline.pipeline(formId(req.params)));
  });

  router.get('/admin/forms/:formId/pipeline/rows', ...superOnly, async (req, res) => {
    const id = formId(req.params);
    res.json(await pipeline.rows(id, parseInput(pipelineRowsQuerySchema, req.query, 'query')));
  });

  router.post('/admin/forms/:formId/progress/:staffId/remind', ...superOnly, async (req, res) => {
    const staffId = parseParam(idSchema, req.params.staffId, () => new ApiError('not-found', 'No user with this ID'));
    parseInput(emptyBodySchema, req.body ?? {}, 'reminder');
    res.status(201).json(await progress.remind(formId(req.params), staffId, req.user!));
  });

  router.get('/admin/conflicts', ...staff, async (req, res) => {
    res.json(await conflicts.list(req.user!));
  });

  router.post('/admin/conflicts', ...staff, async (req, res) => {
    const body = parseInput(conflictBodySchema, req.body, 'conflict of interest');
    res.status(201).json(await conflicts.declareByEmail(req.user!, body));
  });

  router.delete('/admin/conflicts/:conflictId', ...staff, async (req, res) => {
    const id = parseParam(
      uuidSchema,
      req.params.conflictId,
      () => new ApiError('not-found', CONFLICT_MESSAGES.noConflict),
    );
    await conflicts.withdraw(id, req.user!);
    res.status(204).end();
  });

  router.get('/admin/assessments/:kind/:id', ...staff, async (req, res) => {
    const { kind, id } = assessment(req.params);
    res.json(await assessments.screen(kind, id, req.user!));
  });

  router.put('/admin/assessments/:kind/:id', ...staff, async (req, res) => {
    const { kind, id } = assessment(req.params);
    const body = parseInput(assessmentBodySchema, req.body, 'assessment');
    res.json(await assessments.save(kind, id, req.user!, body));
  });

  router.post('/admin/assessments/:kind/:id/submit', ...staff, async (req, res) => {
    const { kind, id } = assessment(req.params);
    const body = parseInput(assessmentBodySchema, req.body, 'assessment');
    res.json(await assessments.submit(kind, id, req.user!, body));
  });

  router.post('/admin/assessments/:kind/:id/reopen', ...superOnly, async (req, res) => {
    const { kind, id } = assessment(req.params);
    parseInput(emptyBodySchema, req.body ?? {}, 'reopen request');
    res.json(await assessments.reopen(kind, id, req.user!));
  });

  router.delete('/admin/assessments/:kind/:id', ...superOnly, async (req, res) => {
    const { kind, id } = assessment(req.params);
    await assessments.unassign(kind, id, req.user!);
    res.status(204).end();
  });

  router.get('/admin/responses/:responseId', ...staff, async (req, res) => {
    const responseId = parseParam(uuidSchema, req.params.responseId, noResponseError);
    res.json(await dashboard.application(responseId, req.user!));
  });

  router.put('/admin/rows/:responseId/:role/qualified', ...superOnly, async (req, res) => {
    const { responseId, role } = row(req.params);
    const { qualified } = parseInput(qualifiedBodySchema, req.body, 'qualified flag');
    res.json(await decisions.setQualified(responseId, role, qualified, req.user!));
  });

  router.get('/admin/rows/:responseId/:role/letter', ...superOnly, async (req, res) => {
    const { responseId, role } = row(req.params);
    res.json(await letters.preview(responseId, role));
  });

  router.post('/admin/rows/:responseId/:role/add-reviewer', ...superOnly, async (req, res) => {
    const { responseId, role } = row(req.params);
    parseInput(emptyBodySchema, req.body ?? {}, 'add-a-reviewer request');
    res.status(201).json(await autoAssign.addReviewer(responseId, role, req.user!));
  });

  router.put('/admin/rows/:responseId/:role/decision', ...superOnly, async (req, res) => {
    const { responseId, role } = row(req.params);
    const { decision } = parseInput(decisionBodySchema, req.body, 'decision');
    res.json(await decisions.decide(responseId, role, decision, req.user!));
  });

  return router;
}

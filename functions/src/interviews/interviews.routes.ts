import { Router } from 'express';
import {
  idSchema,
  interviewBookingBodySchema,
  interviewSlotBodySchema,
  interviewSlotSeriesBodySchema,
  type User,
} from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import type { MailSettings } from '../outbox/outbox';
import { noFormError } from '../forms/forms.service';
import { ApiError } from '../http/api-error';
import { parseParam } from '../http/params';
import { parseInput } from '../http/validate';
import { requireIdentity } from '../identity/identity-middleware';
import { requireStaff, requireSuperReviewer } from '../staff/staff-access';
import { COLLECTIONS } from '../store/collections';
import { createInterviewsService } from './interviews.service';
import { INTERVIEW_MESSAGES } from '@portal/shared/domain';

/**
 * Interview slots: the super-reviewer publishes and deletes them, interviewers list their booked
 * interviews, and an invited applicant books, moves or cancels their seat.
 */
export function interviewsRoutes(deps: Pick<AppDeps, 'store'> & { now: () => Date; mail: MailSettings }): Router {
  const interviews = createInterviewsService(deps);
  const superReviewer = requireSuperReviewer(deps.store);
  const staff = requireStaff(deps.store);
  const verified = requireIdentity({ verifiedEmail: true });
  const formIdOf = (value: unknown) => parseParam(idSchema, value, noFormError);
  const router = Router();

  router.post('/admin/forms/:formId/interview-slots', ...superReviewer, async (req, res) => {
    const formId = formIdOf(req.params.formId);
    const body = parseInput(interviewSlotBodySchema, req.body, 'interview slot');
    res.status(201).json(await interviews.create(formId, body, req.user));
  });

  router.post('/admin/forms/:formId/interview-slots/series', ...superReviewer, async (req, res) => {
    const formId = formIdOf(req.params.formId);
    const body = parseInput(interviewSlotSeriesBodySchema, req.body, 'interview slots');
    res.status(201).json(await interviews.createSeries(formId, body, req.user));
  });

  router.put('/admin/forms/:formId/interview-slots/:slotId', ...superReviewer, async (req, res) => {
    const formId = formIdOf(req.params.formId);
    const slotId = parseParam(idSchema, req.params.slotId, () => new ApiError('not-found', INTERVIEW_MESSAGES.noSlot));
    const body = parseInput(interviewSlotBodySchema, req.body, 'interview slot');
    res.json(await interviews.update(formId, slotId, body, req.user!));
  });

  router.get('/admin/forms/:formId/interview-slots', ...superReviewer, async (req, res) => {
    res.json(await interviews.list(formIdOf(req.params.formId)));
  });

  router.delete('/admin/forms/:formId/interview-slots/:slotId', ...superReviewer, async (req, res) => {
    const formId = formIdOf(req.params.formId);
    const slotId = parseParam(idSchema, req.params.slotId, () => new ApiError('not-found', INTERVIEW_MESSAGES.noSlot));
    await interviews.remove(formId, slotId, req.user);
    res.status(204).end();
  });

  router.get('/admin/interviews/mine', ...staff, async (req, res) => {
    res.json(await interviews.mine(req.user!));
  });

  router.get('/interviews/:formId', verified, async (req, res) => {
    res.json(await interviews.forApplicant(formIdOf(req.params.formId), req.identity!.uid));
  });

  const applicant = async (uid: string) => {
    const user = await deps.store.get<User>(COLLECTIONS.users, uid);
    if (!user) throw ApiError.because('not-invited', INTERVIEW_MESSAGES.notInvited);
    return user;
  };

  router.put('/interviews/:formId/booking', verified, async (req, res) => {
    const formId = formIdOf(req.params.formId);
    const { slotId } = parseInput(interviewBookingBodySchema, req.body, 'booking');
    res.json(await interviews.book(formId, await applicant(req.identity!.uid), slotId));
  });

  router.delete('/interviews/:formId/booking', verified, async (req, res) => {
    const formId = formIdOf(req.params.formId);
    res.json(await interviews.cancel(formId, await applicant(req.identity!.uid)));
  });
  return router;
}

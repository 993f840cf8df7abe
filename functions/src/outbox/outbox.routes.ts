import { Router } from 'express';
import { z } from 'zod/mini';
import { FAILED_MESSAGES_SHOWN, OUTBOX_MESSAGES, type FailedMessages } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { auditEntry, recordInTransaction } from '../audit/audit-entry';
import { ApiError } from '../http/api-error';
import { parseParam } from '../http/params';
import { emptyBodySchema, parseInput } from '../http/validate';
import { requireSuperReviewer } from '../staff/staff-access';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import type { OutboxMessage } from './outbox';

const FAILED = [{ field: 'state', value: 'failed' }];

/**
 * The messages that could not be delivered (the sender gave up after its last attempt, or the mail
 * service reported them undelivered), newest first, with how many there are.
 */
export async function failedMessages(store: DocumentStore): Promise<FailedMessages> {
  const [count, page] = await Promise.all([
    store.count(COLLECTIONS.outbox, FAILED),
    store.query<OutboxMessage>(COLLECTIONS.outbox, {
      where: FAILED,
      orderBy: { field: 'updatedAt', direction: 'desc' },
      limit: FAILED_MESSAGES_SHOWN,
    }),
  ]);
  return {
    count,
    items: page.items.map(({ data }) => ({
      id: data.id,
      to: data.to,
      template: data.template,
      subject: data.subject,
      formId: data.formId,
      failedIn: data.failedIn ?? 'sending',
      attempts: data.attempts,
      lastError: data.lastError,
      updatedAt: data.updatedAt,
    })),
  };
}

const noMessageError = () => new ApiError('not-found', OUTBOX_MESSAGES.noMessage);
const messageIdSchema = z.string().check(z.minLength(1), z.maxLength(400));

/**
 * GET /admin/outbox/failed: for super-reviewers only, the emails that could not be delivered.
 * POST /admin/outbox/{messageId}/resend: a failed one queued again (attempts from zero), audited.
 */
export function outboxRoutes(deps: Pick<AppDeps, 'store'> & { now: () => Date }): Router {
  const router = Router();
  const superOnly = requireSuperReviewer(deps.store);
  router.get('/admin/outbox/failed', ...superOnly, async (_req, res) => {
    res.json(await failedMessages(deps.store));
  });
  router.post('/admin/outbox/:messageId/resend', ...superOnly, async (req, res) => {
    const id = parseParam(messageIdSchema, req.params.messageId, noMessageError);
    parseInput(emptyBodySchema, req.body ?? {}, 'resend request');
    const at = deps.now().toISOString();
    await deps.store.transaction(async (tx) => {
      const message = await tx.get<OutboxMessage>(COLLECTIONS.outbox, id);
      if (!message) throw noMessageError();
      if (message.state !== 'failed') throw new ApiError('conflict', OUTBOX_MESSAGES.notFailed);
      tx.update(COLLECTIONS.outbox, id, {
        state: 'queued',
        failedIn: null,
        attempts: 0,
        lastError: null,
        nextAttemptAt: at,
        updatedAt: at,
      });
      recordInTransaction(
        tx,
        auditEntry({
          actor: req.user!,
          action: 'email.resent',
          target: { collection: COLLECTIONS.outbox, id },
          formId: message.formId,
          before: { state: message.state, attempts: message.attempts, lastError: message.lastError },
          after: { state: 'queued', attempts: 0 },
          at,
        }),
      );
    });
    res.json({ id, state: 'queued' });
  });
  return router;
}

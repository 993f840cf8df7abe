import { Router } from 'express';
import { FAILED_MESSAGES_SHOWN, type FailedMessages } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { requireSuperReviewer } from '../staff/staff-access';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import type { OutboxMessage } from './outbox';

const FAILED = [{ field: 'state', value: 'failed' }];

/** The messages the sender gave up on (after its last attempt), newest first, with how many there are. */
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
      attempts: data.attempts,
      lastError: data.lastError,
      updatedAt: data.updatedAt,
    })),
  };
}

/** GET /admin/outbox/failed: for super-reviewers only, the emails that could not be delivered. */
export function outboxRoutes(deps: Pick<AppDeps, 'store'>): Router {
  const router = Router();
  router.get('/admin/outbox/failed', ...requireSuperReviewer(deps.store), async (_req, res) => {
    res.json(await failedMessages(deps.store));
  });
  return router;
}

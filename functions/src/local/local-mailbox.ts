import type { RequestHandler } from 'express';
import { z } from 'zod/mini';
import type { LocalMailboxMessage } from '@portal/shared/domain';
import type { OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';

/** Messages the mailbox shows per address at most. */
const SHOWN = 100;

const querySchema = z.strictObject({ email: z.email().check(z.maxLength(320)) });

/**
 * GET /local/mailbox?email=: the local runtime's inbox of an address, read from the outbox (the
 * local sender delivers nothing, it marks messages sent). Served by the local server only, never
 * by the API a deployment runs: there is no mailbox in production.
 */
export function localMailboxHandler(store: DocumentStore): RequestHandler {
  return async (req, res) => {
    const query = querySchema.safeParse(req.query);
    if (!query.success) {
      res.status(400).json({ error: { code: 'invalid-request', message: 'email: a valid email address is required' } });
      return;
    }
    const page = await store.query<OutboxMessage>(COLLECTIONS.outbox, {
      where: [{ field: 'to', value: query.data.email.toLowerCase() }],
      orderBy: { field: 'createdAt', direction: 'desc' },
      limit: SHOWN,
    });
    const messages: LocalMailboxMessage[] = page.items.map(({ data }) => ({
      id: data.id,
      template: data.template,
      subject: data.subject,
      html: data.html,
      text: data.text,
      ...(data.attachments?.length ? { attachments: data.attachments } : {}),
      state: data.state,
      createdAt: data.createdAt,
    }));
    res.setHeader('Cache-Control', 'no-store');
    res.json({ messages });
  };
}

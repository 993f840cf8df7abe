import { randomUUID } from 'node:crypto';
import type { FailedMessages } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import type { Harness } from '../testing/api-harness';
import { jitteredStore } from '../testing/jittered-store';
import { queueReleaseMessages } from '../testing/outbox-fixtures';
import { submitApplication } from '../testing/staff-fixtures';
import { describeOnStores } from '../testing/store-targets';
import type { OutboxMessage } from './outbox';
import {
  createOutboxSender,
  recordDeliveryFailures,
  triggerEmailTransport,
  type ExtensionDelivery,
  type ExtensionMailDocument,
  type MailTransport,
} from './outbox-sender';

/**
 * The outbox at release speed, on SQLite and on Google's Cloud Firestore emulator (real
 * transaction isolation) where installed: one run drains a large release page after page with
 * transactions in parallel; senders running at once never deliver a message twice; and the
 * failures the Trigger Email extension writes back reach the super-reviewer's list, once.
 */
jest.setTimeout(180_000);

/** Every committed delivery, one document each (a delivery in an attempt that did not commit leaves none). */
const DELIVERIES = 'test-deliveries';
const recordingTransport: MailTransport = {
  deliver(message, tx) {
    tx.set(DELIVERIES, `${message.id}~${randomUUID()}`, { messageId: message.id });
  },
};

async function all<T extends Record<string, unknown>>(store: DocumentStore, collection: string): Promise<T[]> {
  return (await store.query<T>(collection)).items.map(({ data }) => data);
}

const sender = (
  harness: Harness,
  transport: MailTransport,
  drain?: Parameters<typeof createOutboxSender>[0]['drain'],
) => createOutboxSender({ store: harness.store, transport, now: () => harness.clock.now, ...(drain ? { drain } : {}) });

describeOnStores('outbox-drain', 'the outbox sender on %s', (run) => {
  run('drains a release of 300 in one run, page after page, each message in its own transaction', async (harness) => {
    const queued = await queueReleaseMessages(harness.store, harness.form, 300, harness.clock.now);
    expect(await sender(harness, triggerEmailTransport).runOnce()).toEqual({
      sent: 300,
      retrying: 0,
      failed: 0,
      deliveryFailures: 0,
    });
    const messages = await all<OutboxMessage>(harness.store, COLLECTIONS.outbox);
    expect(messages.filter((message) => message.state === 'sent' && message.attempts === 1)).toHaveLength(300);
    const mail = await all<ExtensionMailDocument>(harness.store, COLLECTIONS.mail);
    expect(mail.map((document) => document.to[0]).sort()).toEqual(queued.map((message) => message.to).sort());
  });

  run('stops taking pages once its time is spent: the next run carries on', async (harness) => {
    await queueReleaseMessages(harness.store, harness.form, 30, harness.clock.now);
    const hurried = sender(harness, triggerEmailTransport, { pageSize: 10, budgetMs: 0 });
    expect(await hurried.runOnce()).toEqual({ sent: 10, retrying: 0, failed: 0, deliveryFailures: 0 });
    expect(await hurried.runOnce()).toEqual({ sent: 10, retrying: 0, failed: 0, deliveryFailures: 0 });
  });

  run('never delivers a message twice when two senders drain the same messages at once', async (harness) => {
    await queueReleaseMessages(harness.store, harness.form, 120, harness.clock.now);
    // Small pages and the store's reads jittered: the two runs take the same messages in many orders.
    const jittered = { ...harness, store: jitteredStore(harness.store, 2) };
    const runs = await Promise.all(
      [1, 2].map(() => sender(jittered, recordingTransport, { pageSize: 15, concurrency: 6 }).runOnce()),
    );
    expect(runs.reduce((sum, one) => sum + one.sent, 0)).toBe(120);
    expect(runs.every((one) => one.retrying === 0 && one.failed === 0)).toBe(true);
    const deliveries = await all<{ messageId: string }>(harness.store, DELIVERIES);
    expect(deliveries).toHaveLength(120);
    expect(new Set(deliveries.map((delivery) => delivery.messageId)).size).toBe(120);
    const messages = await all<OutboxMessage>(harness.store, COLLECTIONS.outbox);
    expect(messages.every((message) => message.state === 'sent' && message.attempts === 1)).toBe(true);
  });

  run(
    "records a failure the mail service reported on its message, once; 'Send again' delivers it anew",
    async (harness) => {
      await submitApplication(harness, 'ada');
      await submitApplication(harness, 'eve');
      const production = sender(harness, triggerEmailTransport);
      expect(await production.runOnce()).toMatchObject({ sent: 2 });
      const byRecipient = new Map(
        (await all<OutboxMessage>(harness.store, COLLECTIONS.outbox)).map((message) => [message.recipientId, message]),
      );
      const adaId = byRecipient.get('ada')!.id;
      const eveId = byRecipient.get('eve')!.id;
      // What the extension writes back: ada's refused by the SMTP server, eve's delivered.
      const refused: ExtensionDelivery = {
        state: 'ERROR',
        attempts: 1,
        error: 'Error: Message failed: 550 5.1.1 <ada@example.com>: mailbox unavailable',
      };
      await harness.store.update(COLLECTIONS.mail, adaId, { delivery: refused });
      await harness.store.update(COLLECTIONS.mail, eveId, { delivery: { state: 'SUCCESS', attempts: 1, error: null } });

      // The production sender's next runs read the failure back, once.
      expect(await production.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, deliveryFailures: 1 });
      expect(await production.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, deliveryFailures: 0 });
      expect(await harness.store.get(COLLECTIONS.outbox, adaId)).toMatchObject({
        state: 'failed',
        failedIn: 'delivery',
        lastError: refused.error,
      });
      expect(await harness.store.get(COLLECTIONS.outbox, eveId)).toMatchObject({ state: 'sent' });
      // The failure moved to the message: ada's mail document is gone, eve's stays.
      expect(await harness.store.get(COLLECTIONS.mail, adaId)).toBeNull();
      expect(await harness.store.get(COLLECTIONS.mail, eveId)).toMatchObject({ delivery: { state: 'SUCCESS' } });

      const listed = await harness.as('dora').get('/admin/outbox/failed').expect(200);
      expect(listed.body as FailedMessages).toEqual({
        count: 1,
        items: [
          expect.objectContaining({ id: adaId, to: 'ada@example.com', failedIn: 'delivery', lastError: refused.error }),
        ],
      });

      await harness
        .as('dora')
        .post(`/admin/outbox/${encodeURIComponent(adaId)}/resend`, {})
        .expect(200);
      expect(await production.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0, deliveryFailures: 0 });
      expect(await harness.store.get(COLLECTIONS.outbox, adaId)).toMatchObject({ state: 'sent', failedIn: null });
      // A new document, without the old delivery state: the extension sends it again.
      const rewritten = await harness.store.get<ExtensionMailDocument>(COLLECTIONS.mail, adaId);
      expect(rewritten).toMatchObject({ to: ['ada@example.com'] });
      expect(rewritten!.delivery).toBeUndefined();
      expect((await harness.as('dora').get('/admin/outbox/failed').expect(200)).body).toEqual({ count: 0, items: [] });
    },
  );

  run('reads back a bounded number of failures a run; the rest on the next', async (harness) => {
    const queued = await queueReleaseMessages(harness.store, harness.form, 5, harness.clock.now);
    await sender(harness, triggerEmailTransport).runOnce();
    for (const message of queued.slice(0, 3))
      await harness.store.update(COLLECTIONS.mail, message.id, { delivery: { state: 'ERROR', error: '' } });
    const now = () => harness.clock.now;
    expect(await recordDeliveryFailures({ store: harness.store, now, limit: 2 })).toBe(2);
    expect(await recordDeliveryFailures({ store: harness.store, now, limit: 2 })).toBe(1);
    expect(await recordDeliveryFailures({ store: harness.store, now, limit: 2 })).toBe(0);
    const failed = (await all<OutboxMessage>(harness.store, COLLECTIONS.outbox)).filter(
      (message) => message.state === 'failed',
    );
    expect(failed.map((message) => message.lastError)).toEqual(Array(3).fill('The mail server gave no reason'));
  });
});

import { z } from 'zod/mini';
import type { EmailAttachment } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, StoreTransaction } from '../store/document-store';
import { headerValue, withHeaderValues, type OutboxMessage } from './outbox';

/**
 * Delivers a message inside the transaction that marks it sent: what it writes commits with the
 * "sent" state or not at all. Throws when the message cannot be delivered (the sender retries).
 */
export interface MailTransport {
  deliver(message: OutboxMessage, tx: StoreTransaction): void;
}

const addressSchema = z.email();

function assertDeliverable(message: OutboxMessage): void {
  if (!addressSchema.safeParse(message.to).success) throw new Error(`Not a deliverable address: ${message.to}`);
}

/**
 * Locally nothing leaves the machine: a message is delivered by being marked sent, and the local
 * mailbox page reads it from the outbox (an address that could never receive mail still fails).
 */
export const localTransport: MailTransport = {
  deliver: assertDeliverable,
};

/** A document of the "Trigger Email from Firestore" extension's collection (its `mail` format). */
export interface ExtensionMailDocument {
  [field: string]: unknown;
  to: string[];
  message: { subject: string; html: string; text: string; attachments?: EmailAttachment[] };
}

/**
 * Production: the "Trigger Email from Firestore" extension (firebase/firestore-send-email) watches
 * the `mail` collection and sends each new document through the SMTP server it was configured
 * with. One document per message, with the outbox message's id (a retry overwrites, never adds).
 */
export const triggerEmailTransport: MailTransport = {
  deliver(message, tx) {
    assertDeliverable(message);
    // Header values again here: a message queued by an older version may still hold a line break.
    const document: ExtensionMailDocument = {
      to: [headerValue(message.to)],
      message: {
        subject: headerValue(message.subject),
        html: message.html,
        text: message.text,
        // The extension passes `message` to nodemailer, whose attachments take filename, content and contentType.
        ...(message.attachments?.length ? { attachments: message.attachments.map(withHeaderValues) } : {}),
      },
    };
    tx.set(COLLECTIONS.mail, message.id, document);
  },
};

export interface RetryPolicy {
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** The wait after the first failed attempt; it doubles after each further one. */
  baseDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 30_000 };

/** The wait after the `attempts`-th failed attempt: base, 2×base, 4×base, … */
export const backoffMs = (policy: RetryPolicy, attempts: number) => policy.baseDelayMs * 2 ** (attempts - 1);

/** Messages a run of the sender takes on at most. */
const BATCH = 50;

export interface SenderRun {
  sent: number;
  retrying: number;
  failed: number;
}

const isDue = (message: OutboxMessage | null, at: Date): message is OutboxMessage =>
  message !== null && message.state === 'queued' && Date.parse(message.nextAttemptAt) <= at.getTime();

/**
 * The sender: each run takes the queued messages that are due (oldest first), delivers each in a
 * transaction that marks it sent, and after a failure counts the attempt and waits (backoff)
 * before the next; after the last attempt the message is failed, with the error.
 */
export function createOutboxSender(deps: {
  store: DocumentStore;
  transport: MailTransport;
  now: () => Date;
  policy?: RetryPolicy;
}) {
  const { store, transport, now } = deps;
  const policy = deps.policy ?? DEFAULT_RETRY_POLICY;

  async function sendOne(id: string): Promise<keyof SenderRun | null> {
    try {
      return await store.transaction(async (tx) => {
        const at = now();
        const message = await tx.get<OutboxMessage>(COLLECTIONS.outbox, id);
        if (!isDue(message, at)) return null;
        transport.deliver(message, tx);
        tx.update(COLLECTIONS.outbox, id, {
          state: 'sent',
          attempts: message.attempts + 1,
          lastError: null,
          sentAt: at.toISOString(),
          updatedAt: at.toISOString(),
        });
        return 'sent' as const;
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return store.transaction(async (tx) => {
        const at = now();
        const message = await tx.get<OutboxMessage>(COLLECTIONS.outbox, id);
        if (!isDue(message, at)) return null;
        const attempts = message.attempts + 1;
        const failed = attempts >= policy.maxAttempts;
        tx.update(COLLECTIONS.outbox, id, {
          state: failed ? 'failed' : 'queued',
          attempts,
          lastError: reason,
          updatedAt: at.toISOString(),
          nextAttemptAt: new Date(at.getTime() + (failed ? 0 : backoffMs(policy, attempts))).toISOString(),
        });
        return failed ? ('failed' as const) : ('retrying' as const);
      });
    }
  }

  return {
    /** One pass over the due messages. */
    async runOnce(): Promise<SenderRun> {
      const at = now();
      const page = await store.query<OutboxMessage>(COLLECTIONS.outbox, {
        where: [{ field: 'state', value: 'queued' }],
        orderBy: { field: 'nextAttemptAt', direction: 'asc' },
        limit: BATCH,
      });
      const run: SenderRun = { sent: 0, retrying: 0, failed: 0 };
      for (const { data } of page.items) {
        if (!isDue(data, at)) break;
        const outcome = await sendOne(data.id);
        if (outcome) run[outcome] += 1;
      }
      return run;
    },
  };
}
export type OutboxSender = ReturnType<typeof createOutboxSender>;

/**
 * Runs `work` (the sender, the scheduler) at once and then every `intervalMs`, one run at a time,
 * until stopped; a run's error is logged, not thrown.
 */
export function startSenderLoop(
  work: { runOnce(): Promise<unknown> },
  intervalMs: number,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = work
      .runOnce()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

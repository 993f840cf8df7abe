import { z } from 'zod/mini';
import type { EmailAttachment } from '@portal/shared/domain';
import { inParallel } from '../jobs/in-parallel';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, StoreTransaction } from '../store/document-store';
import { headerValue, withHeaderValues, type OutboxMessage } from './outbox';

/**
 * Delivers a message inside the transaction that marks it sent: what it writes commits with the
 * "sent" state or not at all. Throws when the message cannot be delivered (the sender retries).
 */
export interface MailTransport {
  deliver(message: OutboxMessage, tx: StoreTransaction): void;
  /**
   * True when the mail service reports what it could not deliver in the `mail` documents
   * (production's extension): each run of the sender first reads those failures back
   * (`recordDeliveryFailures`). Locally nothing leaves, so there is nothing to read.
   */
  readonly reportsFailures?: boolean;
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

/**
 * What the "Trigger Email from Firestore" extension writes back into each `mail` document, in its
 * `delivery` field: PENDING when it sees the document, PROCESSING while it sends, then SUCCESS or
 * ERROR (final: the extension never tries an ERROR again by itself), with nodemailer's error as
 * text (e.g. "Error: Invalid login: 535 ...", or "Message processing lease expired."). RETRY is
 * what someone sets by hand to have it sent again. Its times (startTime, endTime,
 * leaseExpireTime) are Firestore timestamps, which the portal does not read.
 */
export interface ExtensionDelivery {
  state: 'PENDING' | 'PROCESSING' | 'RETRY' | 'SUCCESS' | 'ERROR';
  attempts?: number;
  error?: string | null;
}

/** A document of the "Trigger Email from Firestore" extension's collection (its `mail` format). */
export interface ExtensionMailDocument {
  [field: string]: unknown;
  to: string[];
  message: { subject: string; html: string; text: string; attachments?: EmailAttachment[] };
  /** Written by the extension, never by the portal (a retry overwrites the document without it). */
  delivery?: ExtensionDelivery;
}

/**
 * Production: the "Trigger Email from Firestore" extension (firebase/firestore-send-email) watches
 * the `mail` collection and sends each new document through the SMTP server it was configured
 * with. One document per message, with the outbox message's id (a retry overwrites, never adds).
 */
export const triggerEmailTransport: MailTransport = {
  reportsFailures: true,
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

/**
 * How a run drains the outbox (docs/performance.md#emails-at-release-speed): it reads the due
 * messages a page at a time, oldest first, and sends each page with up to `concurrency`
 * transactions at once (each delivers one message and marks it sent); it takes up another page
 * until none is due or `budgetMs` of wall-clock time has passed, so a run ends well within its
 * function's timeout and the next run carries on.
 */
export interface DrainOptions {
  pageSize: number;
  concurrency: number;
  budgetMs: number;
}

/**
 * What production and the local runtime use: against the function's 120 s timeout, a run stops
 * taking pages after 50 s, so it ends within its minute.
 */
export const DEFAULT_DRAIN: DrainOptions = { pageSize: 200, concurrency: 25, budgetMs: 50_000 };

export interface SenderRun {
  sent: number;
  retrying: number;
  failed: number;
  /** Messages the mail service reported undelivered, marked failed (`recordDeliveryFailures`). */
  deliveryFailures: number;
}

/** `mail` documents a run reads back at most; the rest wait for the next minute's run. */
export const DELIVERY_REPORTS_PER_RUN = 100;

/** The longest error text kept on the message (nodemailer's can carry the whole SMTP dialogue). */
const ERROR_CHARS = 500;

const UNDELIVERED = [{ field: 'delivery.state', value: 'ERROR' }];

function deliveryError(error: string | null | undefined): string {
  const text = typeof error === 'string' ? error.trim() : '';
  if (!text) return 'The mail server gave no reason';
  return text.length > ERROR_CHARS ? `${text.slice(0, ERROR_CHARS - 1)}…` : text;
}

/**
 * The failures the mail service reported after the sender handed messages over: in production the
 * "Trigger Email from Firestore" extension writes `delivery.state` ERROR and its error into a
 * `mail` document it could not send. Each becomes its outbox message failed (`failedIn`
 * 'delivery', `lastError` the extension's error), listed for the super-reviewer with "Send again",
 * and the `mail` document is deleted in the same transaction, so each failure is recorded once
 * and the query reads only failures not recorded yet. "Send again" queues the message, and the
 * sender writes a new `mail` document, which the extension sends. Returns how many were recorded.
 */
export async function recordDeliveryFailures(deps: {
  store: DocumentStore;
  now: () => Date;
  limit?: number;
}): Promise<number> {
  const { store, now } = deps;
  const page = await store.query<ExtensionMailDocument>(COLLECTIONS.mail, {
    where: UNDELIVERED,
    limit: deps.limit ?? DELIVERY_REPORTS_PER_RUN,
  });
  let recorded = 0;
  await inParallel(page.items, DEFAULT_DRAIN.concurrency, async ({ id }) => {
    const failed = await store.transaction(async (tx) => {
      const mail = await tx.get<ExtensionMailDocument>(COLLECTIONS.mail, id);
      const message = await tx.get<OutboxMessage>(COLLECTIONS.outbox, id);
      if (mail?.delivery?.state !== 'ERROR') return false;
      // Its failure moves to the message; without one (the person erased since) it goes alone.
      tx.delete(COLLECTIONS.mail, id);
      if (message?.state !== 'sent') return false;
      const at = now().toISOString();
      tx.update(COLLECTIONS.outbox, id, {
        state: 'failed',
        failedIn: 'delivery',
        lastError: deliveryError(mail.delivery.error),
        updatedAt: at,
      });
      return true;
    });
    if (failed) recorded += 1;
  });
  return recorded;
}

const isDue = (message: OutboxMessage | null, at: Date): message is OutboxMessage =>
  message !== null && message.state === 'queued' && Date.parse(message.nextAttemptAt) <= at.getTime();

/**
 * The sender: each run takes the queued messages that are due (oldest first), delivers each in a
 * transaction that marks it sent, and after a failure counts the attempt and waits (backoff)
 * before the next; after the last attempt the message is failed, with the error. Runs and the
 * transactions within one may overlap: a message is delivered only by the transaction that reads
 * it queued and due and commits it sent, so never twice.
 */
export function createOutboxSender(deps: {
  store: DocumentStore;
  transport: MailTransport;
  now: () => Date;
  policy?: RetryPolicy;
  drain?: Partial<DrainOptions>;
}) {
  const { store, transport, now } = deps;
  const policy = deps.policy ?? DEFAULT_RETRY_POLICY;
  const drain: DrainOptions = { ...DEFAULT_DRAIN, ...deps.drain };

  async function sendOne(id: string): Promise<'sent' | 'retrying' | 'failed' | null> {
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
          ...(failed ? { failedIn: 'sending' } : {}),
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
    /** One pass over the due messages: page after page until none is due or the time budget is spent. */
    async runOnce(): Promise<SenderRun> {
      const started = Date.now();
      const run: SenderRun = { sent: 0, retrying: 0, failed: 0, deliveryFailures: 0 };
      if (transport.reportsFailures) run.deliveryFailures = await recordDeliveryFailures({ store, now });
      // Each message once a run: one that failed and is due again by the next page waits for the next run.
      const attempted = new Set<string>();
      let after: string | undefined;
      for (;;) {
        const at = now();
        const page = await store.query<OutboxMessage>(COLLECTIONS.outbox, {
          where: [{ field: 'state', value: 'queued' }],
          orderBy: { field: 'nextAttemptAt', direction: 'asc' },
          limit: drain.pageSize,
          ...(after ? { after } : {}),
        });
        const due = page.items.map(({ data }) => data).filter((message) => isDue(message, at));
        const fresh = due.filter((message) => !attempted.has(message.id));
        for (const message of fresh) attempted.add(message.id);
        await inParallel(fresh, drain.concurrency, async (message) => {
          const outcome = await sendOne(message.id);
          if (outcome) run[outcome] += 1;
        });
        // Ordered by due time: a message not due yet ends the pass, as does the last page.
        if (due.length < page.items.length || !page.nextCursor) break;
        if (Date.now() - started >= drain.budgetMs) break;
        after = page.nextCursor;
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

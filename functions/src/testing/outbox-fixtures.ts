import type { ApplicationForm } from '@portal/shared/domain';
import { composeMessage, DEFAULT_MAIL_SETTINGS, outboxEvents, outboxId, type OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';

/** A letter of a realistic length, so a message weighs what a release's decision message does. */
const LETTER = Array.from(
  { length: 12 },
  (_, index) =>
    `Paragraph ${index + 1}: thank you for applying to the chapter this term; the committee read every ` +
    'application with care, and we will follow up with the next steps, the dates and the people to contact.',
).join('\n\n');

/** Messages per commit: a commit of 500 of these would pass the emulator's 4 MiB request limit. */
const PER_COMMIT = 100;

/**
 * `count` decision messages of a release of `form`, queued (due) at `at`, to `<prefix>-<n>@example.com`,
 * written straight into the store: the outbox after a large release. One is rendered; the others
 * are copies with their own id and address (rendering each would be most of a large seed's time).
 */
export async function queueReleaseMessages(
  store: DocumentStore,
  form: ApplicationForm,
  count: number,
  at: Date,
  prefix = 'bulk',
): Promise<OutboxMessage[]> {
  const event = outboxEvents.released(form.id);
  const rendered = composeMessage({
    kind: 'decisionReleased',
    form,
    event,
    recipient: { id: `${prefix}-0`, email: `${prefix}-0@example.com` },
    values: {
      firstName: 'Bulk',
      role: 'Engineer',
      semester: 'Spring',
      letter: LETTER,
      decisionLink: `${DEFAULT_MAIL_SETTINGS.portalUrl}/apply/status`,
    },
    settings: DEFAULT_MAIL_SETTINGS,
    at: at.toISOString(),
  });
  const messages = Array.from({ length: count }, (_, index): OutboxMessage => {
    const recipientId = `${prefix}-${index}`;
    return { ...rendered, id: outboxId(event, recipientId), recipientId, to: `${recipientId}@example.com` };
  });
  for (let start = 0; start < messages.length; start += PER_COMMIT) {
    await store.batch(
      messages
        .slice(start, start + PER_COMMIT)
        .map((message) => ({ kind: 'set', collection: COLLECTIONS.outbox, id: message.id, data: message })),
    );
  }
  return messages;
}

import { DEFAULT_MESSAGE_TEMPLATES, INITIAL_RESPONSE_STATUS, type ApplicationResponse } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, StoreTransaction } from '../store/document-store';
import { createHarness, FORM_ID, later, START, type Harness } from '../testing/api-harness';
import { submitApplication } from '../testing/staff-fixtures';
import { composeMessage, outboxEvents, outboxId, type OutboxMessage } from './outbox';
import {
  createOutboxSender,
  localTransport,
  triggerEmailTransport,
  type ExtensionMailDocument,
  type MailTransport,
} from './outbox-sender';
import { testSqliteStore } from '../testing/test-store';

/** Every outbox document, by id. */
async function outbox(store: DocumentStore): Promise<OutboxMessage[]> {
  return (await store.query<OutboxMessage>(COLLECTIONS.outbox)).items.map((item) => item.data);
}

/**
 * A store whose transactions fail at commit when `failing.on` and they write to the outbox: the
 * work runs, its writes are dropped. A message written in a transaction of its own would survive.
 */
function failingOutboxCommits(store: DocumentStore, failing: { on: boolean }): DocumentStore {
  return {
    ...store,
    transaction: (work) =>
      store.transaction(async (tx) => {
        let writesOutbox = false;
        const watched: StoreTransaction = {
          ...tx,
          get: (collection, id) => tx.get(collection, id),
          count: (collection, where) => tx.count(collection, where),
          create: (collection, id, data) => {
            writesOutbox ||= collection === COLLECTIONS.outbox;
            tx.create(collection, id, data);
          },
          set: (collection, id, data) => tx.set(collection, id, data),
          update: (collection, id, patch) => tx.update(collection, id, patch),
          delete: (collection, id) => tx.delete(collection, id),
        };
        const result = await work(watched);
        if (failing.on && writesOutbox) throw new Error('commit failed');
        return result;
      }),
  };
}

let harness: Harness;
const failing = { on: false };
beforeEach(async () => {
  failing.on = false;
  harness = await createHarness({ store: failingOutboxCommits(testSqliteStore(), failing) });
});
afterEach(() => harness.close());

describe('the submission receipt', () => {
  it('is queued with the submit: chapter, summary of the answers, the time with its zone, the footer, plain text', async () => {
    const ada = await submitApplication(harness, 'ada');
    const [receipt, ...others] = await outbox(harness.store);
    expect(others).toEqual([]);
    expect(receipt).toMatchObject({
      id: outboxId(outboxEvents.submitted(ada.id), 'ada'),
      to: 'ada@example.com',
      template: 'submissionReceipt',
      state: 'queued',
      attempts: 0,
      lastError: null,
      formId: FORM_ID,
      subject: 'We received your application to Example Chapter',
    });
    expect(receipt!.data.submittedAt).toMatch(/E[SD]T$/);
    // The answers' summary: a question of the form and ada's answer to it, in HTML and in text.
    const question = harness.form.sections[0]!.questions[0]!;
    const answer = ada.sectionResponses[0]!.questions.find((q) => q.questionId === question.questionId)!.response;
    expect(receipt!.html).toContain(`<strong>${question.questionText}</strong>`);
    expect(receipt!.text).toContain(`${question.questionText}: ${String(answer)}`);
    expect(receipt!.text).toContain(receipt!.data.submittedAt);
    for (const body of [receipt!.html, receipt!.text]) {
      expect(body).toContain('Example Chapter');
      expect(body).toContain('You received this email because you submitted an application to Example Chapter');
    }
    expect(receipt!.text).not.toMatch(/<[a-z]/);
  });

  it('is never queued twice for one submit (a repeated submit writes nothing)', async () => {
    const ada = await submitApplication(harness, 'ada');
    const [first] = await outbox(harness.store);
    harness.clock.now = later(harness.clock.now, 60_000);
    const again = await harness.as('ada').post('/application/submit', ada);
    expect(again.status).toBe(200);
    expect(await outbox(harness.store)).toEqual([first]);
  });

  it('commits with the submit or not at all: a failed commit leaves the draft and no message', async () => {
    failing.on = true;
    await expect(submitApplication(harness, 'ada')).rejects.toThrow(/submit failed: 500/);
    expect(await outbox(harness.store)).toEqual([]);
    const mine = await harness.store.query<ApplicationResponse>(COLLECTIONS.responses, {
      where: [{ field: 'userId', value: 'ada' }],
    });
    expect(mine.items.map((item) => item.data.status)).toEqual([INITIAL_RESPONSE_STATUS]);
  });

  it("uses the form's own template, filled in, with markup in values escaped", async () => {
    await harness.store.update(COLLECTIONS.users, 'ada', { firstName: '[Ada](javascript:alert(1))' });
    await harness.store.update(COLLECTIONS.forms, FORM_ID, {
      messages: {
        submissionReceipt: { subject: '{chapter}: got it, {firstName}', body: 'Dear {firstName}, see {role}.' },
      },
    });
    await submitApplication(harness, 'ada');
    const [receipt] = await outbox(harness.store);
    expect(receipt!.subject).toBe('Example Chapter: got it, [Ada](javascript:alert(1))');
    expect(receipt!.html).not.toContain('href="javascript');
    expect(receipt!.html).toContain('Dear [Ada](javascript:alert(1)), see');
  });
});

describe('header values', () => {
  // A name stored before the API refused line breaks in names, in a subject: each would start a header.
  const INJECTED = 'Eve\r\nBcc: victim@example.org\u0000\u2028X';

  it('are queued without line breaks or control characters: subject, address, attachment names', () => {
    const message = composeMessage({
      kind: 'interviewConfirmation',
      form: { id: FORM_ID, messages: undefined },
      event: 'test',
      recipient: { id: 'ada', email: 'ada@example.com\r\nBcc: victim@example.org' },
      values: { firstName: INJECTED },
      settings: { chapterName: 'Example\nChapter', portalUrl: 'http://localhost:8080' },
      at: START.toISOString(),
      attachments: [{ filename: 'interview\r\n.ics', content: 'x', contentType: 'text/calendar\r\nX: y' }],
    });
    const headers = [message.subject, message.to, ...message.attachments!.flatMap((a) => [a.filename, a.contentType])];
    for (const header of headers) expect(header).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
    expect(message.to).toBe('ada@example.com bcc: victim@example.org');
  });

  it('are written to the mail document without them, even for a message queued before', async () => {
    await submitApplication(harness, 'ada');
    const [queued] = await outbox(harness.store);
    await harness.store.update(COLLECTIONS.outbox, queued!.id, { subject: `Decision for ${INJECTED}` });
    const sender = createOutboxSender({
      store: harness.store,
      transport: triggerEmailTransport,
      now: () => harness.clock.now,
    });
    expect(await sender.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0, deliveryFailures: 0 });
    const mail = await harness.store.get<ExtensionMailDocument>(COLLECTIONS.mail, queued!.id);
    expect(mail?.message.subject).toBe('Decision for Eve Bcc: victim@example.org X');
  });
});

describe('the decision message', () => {
  async function decideAll(decision: string) {
    const rows = (await harness.store.query<{ responseId: string; role: string }>(COLLECTIONS.reviewStatuses)).items;
    const res = await harness.as('dora').post(`/admin/forms/${FORM_ID}/rows/decision`, {
      rows: rows.map(({ data }) => ({ responseId: data.responseId, role: data.role })),
      decision,
    });
    expect(res.status).toBe(200);
  }

  it("is queued per applicant with the release, holding each role's letter filled in and the link", async () => {
    await harness.store.update(COLLECTIONS.forms, FORM_ID, {
      letters: [
        { decision: 'accepted', roles: ['engineer'], body: 'Welcome aboard, {firstName}: you join as {role}.' },
      ],
    });
    await submitApplication(harness, 'ada');
    await submitApplication(harness, 'eve');
    await outbox(harness.store).then((queued) => expect(queued).toHaveLength(2));
    await decideAll('accepted');
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {})).status).toBe(200);

    const released = (await outbox(harness.store)).filter((message) => message.template === 'decisionReleased');
    expect(released.map((message) => message.id).sort()).toEqual(
      ['ada', 'eve'].map((uid) => outboxId(outboxEvents.released(FORM_ID), uid)).sort(),
    );
    const ada = released.find((message) => message.recipientId === 'ada')!;
    expect(ada.text).toContain('Welcome aboard, ada: you join as Engineer.');
    // Each decision in plain words, whatever the letter says.
    expect(ada.text).toMatch(/Engineer: Accepted/);
    // The role without a letter of its own gets the generic text.
    expect(ada.text).toContain('We were impressed by your application');
    expect(ada.text).toContain('http://localhost:8080/apply/status');
    expect(ada.text).toContain('its decisions have been released');
  });

  it('says each decision in plain words, also under a letter that never names it', async () => {
    await harness.store.update(COLLECTIONS.forms, FORM_ID, {
      letters: [{ decision: 'accepted', body: 'See you at the kickoff, {firstName}.' }],
    });
    await submitApplication(harness, 'ada');
    await decideAll('accepted');
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {})).status).toBe(200);

    const [message] = (await outbox(harness.store)).filter((queued) => queued.template === 'decisionReleased');
    expect(message!.text).toContain('See you at the kickoff, ada.');
    expect(message!.text).toMatch(/\b\w[\w ]*: Accepted\b/);
  });

  it('is not queued by a release that fails: undecided rows (409), or a failed commit', async () => {
    await submitApplication(harness, 'ada');
    const before = await outbox(harness.store);
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {})).status).toBe(409);
    expect(await outbox(harness.store)).toEqual(before);

    await decideAll('denied');
    failing.on = true;
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {})).status).toBe(500);
    expect(await outbox(harness.store)).toEqual(before);
    expect(
      (await harness.store.get<{ decisionsReleased: boolean }>(COLLECTIONS.forms, FORM_ID))?.decisionsReleased,
    ).toBe(false);
  });

  it('is not queued twice for one applicant: a message already queued for the release stays as it is', async () => {
    await submitApplication(harness, 'ada');
    await decideAll('waitlist');
    const id = outboxId(outboxEvents.released(FORM_ID), 'ada');
    const earlier = { id, to: 'ada@example.com', subject: 'queued before', state: 'sent' };
    await harness.store.set(COLLECTIONS.outbox, id, earlier);
    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {})).status).toBe(200);
    expect(await harness.store.get(COLLECTIONS.outbox, id)).toEqual(earlier);
  });
});

describe('the sender', () => {
  const policy = { maxAttempts: 3, baseDelayMs: 60_000 };
  const broken: MailTransport = {
    deliver() {
      throw new Error('SMTP said no');
    },
  };

  it('marks a queued message sent', async () => {
    await submitApplication(harness, 'ada');
    const sender = createOutboxSender({
      store: harness.store,
      transport: localTransport,
      now: () => harness.clock.now,
    });
    expect(await sender.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0, deliveryFailures: 0 });
    const [message] = await outbox(harness.store);
    expect(message).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect(message!.sentAt).not.toBeNull();
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, deliveryFailures: 0 });
  });

  it('retries after a doubling wait, then fails with the error, which the super-reviewer sees', async () => {
    await submitApplication(harness, 'ada');
    const sender = createOutboxSender({
      store: harness.store,
      transport: broken,
      now: () => harness.clock.now,
      policy,
    });
    const start = harness.clock.now;
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0, deliveryFailures: 0 });
    expect((await outbox(harness.store))[0]).toMatchObject({ state: 'queued', attempts: 1, lastError: 'SMTP said no' });
    // Not before its backoff (1 minute after the first failure)…
    harness.clock.now = later(start, 59_000);
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, deliveryFailures: 0 });
    harness.clock.now = later(start, 60_000);
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0, deliveryFailures: 0 });
    // …then twice as long (2 minutes after the second).
    harness.clock.now = later(start, 60_000 + 119_000);
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, deliveryFailures: 0 });
    harness.clock.now = later(start, 60_000 + 120_000);
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 1, deliveryFailures: 0 });
    const [message] = await outbox(harness.store);
    expect(message).toMatchObject({ state: 'failed', attempts: 3, lastError: 'SMTP said no' });
    harness.clock.now = later(harness.clock.now, 24 * 3_600_000);
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0, deliveryFailures: 0 });

    const seen = await harness.as('dora').get('/admin/outbox/failed');
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      count: 1,
      items: [
        expect.objectContaining({
          id: message!.id,
          to: 'ada@example.com',
          template: 'submissionReceipt',
          failedIn: 'sending',
          attempts: 3,
          lastError: 'SMTP said no',
        }),
      ],
    });
    expect((await harness.as('rita').get('/admin/outbox/failed')).status).toBe(403);
  });

  it('locally fails an address that could never receive mail', async () => {
    await submitApplication(harness, 'ada');
    const [queued] = await outbox(harness.store);
    await harness.store.update(COLLECTIONS.outbox, queued!.id, { to: 'not an address' });
    const sender = createOutboxSender({
      store: harness.store,
      transport: localTransport,
      now: () => harness.clock.now,
      policy: { maxAttempts: 1, baseDelayMs: 1 },
    });
    expect(await sender.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 1, deliveryFailures: 0 });
    expect((await outbox(harness.store))[0]?.lastError).toMatch(/Not a deliverable address/);
  });

  it('in production writes the Trigger Email extension\'s document (to, message {subject, html, text}) with the "sent" mark', async () => {
    await submitApplication(harness, 'ada');
    const [queued] = await outbox(harness.store);
    const sender = createOutboxSender({
      store: harness.store,
      transport: triggerEmailTransport,
      now: () => harness.clock.now,
    });
    expect(await sender.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0, deliveryFailures: 0 });
    expect(await harness.store.get(COLLECTIONS.mail, queued!.id)).toEqual({
      to: ['ada@example.com'],
      message: { subject: queued!.subject, html: queued!.html, text: queued!.text },
    });
    // Sent once: another run adds nothing.
    await sender.runOnce();
    expect((await harness.store.query(COLLECTIONS.mail)).items).toHaveLength(1);
  });
});

it('uses the default templates for a form without its own', () => {
  expect(DEFAULT_MESSAGE_TEMPLATES.submissionReceipt.body).toContain('{answers}');
  expect(DEFAULT_MESSAGE_TEMPLATES.decisionReleased.body).toContain('{letter}');
});

import {
  GROUP_MESSAGE_MESSAGES,
  type AuditEntry,
  type GroupMessagePreview,
  type GroupMessageSent,
  type TeamRole,
} from '@portal/shared/domain';
import type { OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import { FORM_ID, later, startResponse, withAnswers, type Harness } from './api-harness';
import { dumpStore, publishSlot, submitApplication } from './staff-fixtures';

/**
 * A message to a group (docs/product.md#a-message-to-a-group) through the API, each scenario on a
 * fresh harness: group-messages.routes.test.ts runs them on SQLite, group-messages.emulator.test.ts
 * on each store, Google's Cloud Firestore emulator included. ada and eve applied for engineer and
 * bootcamp; dora is the super-reviewer.
 */

export const PREVIEW_PATH = `/admin/forms/${FORM_ID}/group-message/preview`;
export const SEND_PATH = `/admin/forms/${FORM_ID}/group-message`;

export const MESSAGE = {
  subject: 'News for {firstName} ({role})',
  body: 'Hi {firstName},\n\nAbout **{role}** in {semester}: see [the schedule](https://club.example/schedule).',
};

/** Sets a row's decision as dora; fails the setup on any refusal. */
export async function decide(harness: Harness, responseId: string, role: TeamRole, decision: string): Promise<void> {
  const res = await harness.as('dora').put(`/admin/rows/${responseId}/${role}/decision`, { decision });
  if (res.status !== 200) throw new Error(`decision failed: ${res.status} ${res.text}`);
}

export async function groupWorld(harness: Harness) {
  const ada = await submitApplication(harness, 'ada');
  const eve = await submitApplication(harness, 'eve');
  return { ada, eve };
}

export const groupEmails = async (harness: Harness): Promise<OutboxMessage[]> =>
  (await harness.store.query<OutboxMessage>(COLLECTIONS.outbox)).items
    .map((item) => item.data)
    .filter((message) => message.template === 'groupMessage')
    .sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));

async function preview(harness: Harness, group: object): Promise<GroupMessagePreview> {
  const res = await harness.as('dora').post(PREVIEW_PATH, { group, ...MESSAGE });
  if (res.status !== 200) throw new Error(`preview: ${res.status} ${res.text}`);
  return res.body as GroupMessagePreview;
}

export const GROUP_MESSAGE_SCENARIOS: Record<string, (harness: Harness) => Promise<void>> = {
  'the waitlisted for a role: previewed for two, then one message each, filled in, in the outbox and the audit log':
    async (harness) => {
      const { ada, eve } = await groupWorld(harness);
      await decide(harness, ada.id, 'engineer', 'waitlist');
      await decide(harness, ada.id, 'bootcamp', 'waitlist');
      await decide(harness, eve.id, 'engineer', 'waitlist');
      await decide(harness, eve.id, 'bootcamp', 'accepted');

      const waitlisted = await preview(harness, { decision: 'waitlist' });
      expect(waitlisted.recipients).toBe(2);
      expect(waitlisted.samples.map((sample) => [sample.name, sample.subject])).toEqual([
        ['ada Tester', 'News for ada (Bootcamp, Engineer)'],
        ['eve Tester', 'News for eve (Engineer)'],
      ]);
      expect(waitlisted.samples[1]!.body).toContain('About **Engineer** in Demo Semester');
      expect((await preview(harness, { decision: 'waitlist', role: 'bootcamp' })).recipients).toBe(1);
      // A preview writes nothing.
      expect(await groupEmails(harness)).toEqual([]);

      const res = await harness.as('dora').post(SEND_PATH, { group: { decision: 'waitlist' }, ...MESSAGE });
      expect([res.status, res.body]).toEqual([201, { sent: 2, skipped: 0 } satisfies GroupMessageSent]);
      const emails = await groupEmails(harness);
      // One message per person, though ada is in the group for two roles.
      expect(emails.map((email) => [email.to, email.subject])).toEqual([
        ['ada@example.com', 'News for ada (Bootcamp, Engineer)'],
        ['eve@example.com', 'News for eve (Engineer)'],
      ]);
      expect(emails[0]!.html).toContain('<strong>Bootcamp, Engineer</strong>');
      expect(emails[0]!.html).toContain('<a href="https://club.example/schedule"');
      expect(emails[0]!.text).toContain('applied to Example Chapter and its director of recruitment wrote');
      expect(emails.every((email) => email.state === 'queued' && email.formId === FORM_ID)).toBe(true);

      const audit = (await harness.store.query<AuditEntry & Record<string, unknown>>(COLLECTIONS.audit)).items
        .map((item) => item.data)
        .filter((entry) => entry.action === 'group-message.sent');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorId: 'dora',
        formId: FORM_ID,
        target: { collection: COLLECTIONS.forms, id: FORM_ID },
        after: { group: { tab: 'all', decision: 'waitlist' }, subject: MESSAGE.subject, recipients: 2 },
      });
    },

  'a group found by a search keeps only that it was searched in the audit log, not the words (a name, often)': async (
    harness,
  ) => {
    await groupWorld(harness);
    const res = await harness.as('dora').post(SEND_PATH, { group: { tab: 'all', search: 'ada' }, ...MESSAGE });
    expect(res.status).toBe(201);
    const [entry] = (await harness.store.query<AuditEntry & Record<string, unknown>>(COLLECTIONS.audit)).items
      .map((item) => item.data)
      .filter((each) => each.action === 'group-message.sent');
    expect(entry).toMatchObject({ after: { group: { tab: 'all', searched: true }, recipients: 1 } });
    expect(JSON.stringify(entry)).not.toContain('"ada"');
  },
  'one a minute per form: a second send is refused with 429 and sends nothing; after the minute it goes': async (
    harness,
  ) => {
    await groupWorld(harness);
    const send = () => harness.as('dora').post(SEND_PATH, { group: {}, ...MESSAGE });
    expect((await send()).status).toBe(201);
    const before = await dumpStore(harness);
    const again = await send();
    expect([again.status, again.body.error.message]).toEqual([429, GROUP_MESSAGE_MESSAGES.tooSoon(60)]);
    expect(await dumpStore(harness)).toEqual(before);
    expect(await groupEmails(harness)).toHaveLength(2);
    harness.clock.now = later(harness.clock.now, 60_000);
    expect((await send()).status).toBe(201);
    expect(await groupEmails(harness)).toHaveLength(4);
  },

  'the qualified who have not booked an interview': async (harness) => {
    const { ada, eve } = await groupWorld(harness);
    for (const response of [ada, eve]) {
      const res = await harness.as('dora').put(`/admin/rows/${response.id}/engineer/qualified`, { qualified: true });
      expect(res.status).toBe(200);
    }
    const slot = await publishSlot(harness);
    expect((await harness.as('ada').put(`/interviews/${FORM_ID}/booking`, { slotId: slot.id })).status).toBe(200);
    const group = { tab: 'qualified', notBooked: true };
    const found = await preview(harness, group);
    expect([found.recipients, found.samples.map((sample) => sample.name)]).toEqual([1, ['eve Tester']]);
    expect((await harness.as('dora').post(SEND_PATH, { group, ...MESSAGE })).body).toEqual({ sent: 1, skipped: 0 });
    expect((await groupEmails(harness)).map((email) => email.to)).toEqual(['eve@example.com']);
  },

  'an applicant deleted after the group was read is skipped': async (harness) => {
    await groupWorld(harness);
    // Their record gone, as an erasure in flight leaves it before its rows go.
    await harness.store.delete(COLLECTIONS.users, 'eve');
    const res = await harness.as('dora').post(SEND_PATH, { group: {}, ...MESSAGE });
    expect([res.status, res.body]).toEqual([201, { sent: 1, skipped: 1 }]);
    expect((await groupEmails(harness)).map((email) => email.to)).toEqual(['ada@example.com']);
  },

  'a name that looks like an address or markup is never a link': async (harness) => {
    await groupWorld(harness);
    await harness.store.update(COLLECTIONS.users, 'ada', { firstName: 'www.evil.example [x](https://evil.example)' });
    const res = await harness.as('dora').post(SEND_PATH, { group: { search: 'ada' }, ...MESSAGE });
    expect(res.body).toEqual({ sent: 1, skipped: 0 });
    const [email] = await groupEmails(harness);
    expect(email!.html).not.toContain('evil.example"');
    expect(email!.html).toContain('www.evil.example [x](https://evil.example)');
    expect(email!.html).toContain('<a href="https://club.example/schedule"');
  },

  'the applicants with a draft not submitted (no rows): counted, previewed and sent one message each': async (
    harness,
  ) => {
    await submitApplication(harness, 'ada');
    const draft = await startResponse(harness, 'eve');
    const saved = await harness
      .as('eve')
      .put(`/application/save/${draft.id}`, withAnswers(draft, { 'roles.roles': ['engineer', 'bootcamp'] }));
    expect(saved.status).toBe(200);
    // A reviewer who started an application of their own is an applicant with a draft too.
    await startResponse(harness, 'rob');

    const drafts = await preview(harness, { recipients: 'drafts' });
    expect([drafts.recipients, drafts.samples.map((sample) => [sample.name, sample.subject])]).toEqual([
      2,
      [
        ['eve Tester', 'News for eve (Bootcamp, Engineer)'],
        ['rob Tester', 'News for rob ()'],
      ],
    ]);
    const engineers = await preview(harness, { recipients: 'drafts', role: 'engineer' });
    expect([engineers.recipients, engineers.samples.map((sample) => sample.subject)]).toEqual([
      1,
      ['News for eve (Engineer)'],
    ]);
    // The view's filters are for rows: a draft has none.
    for (const group of [
      { recipients: 'drafts', decision: 'undecided' },
      { recipients: 'drafts', search: 'eve' },
      { recipients: 'drafts', tab: 'qualified' },
      { recipients: 'drafts', tag: 'some-tag' },
    ]) {
      const res = await harness.as('dora').post(PREVIEW_PATH, { group, ...MESSAGE });
      expect([res.status, res.body.error.details]).toEqual([
        400,
        expect.arrayContaining([{ path: 'group.recipients', message: GROUP_MESSAGE_MESSAGES.draftsAlone }]),
      ]);
    }

    const res = await harness
      .as('dora')
      .post(SEND_PATH, { group: { recipients: 'drafts', role: 'engineer' }, ...MESSAGE });
    expect([res.status, res.body]).toEqual([201, { sent: 1, skipped: 0 } satisfies GroupMessageSent]);
    expect((await groupEmails(harness)).map((email) => [email.to, email.subject])).toEqual([
      ['eve@example.com', 'News for eve (Engineer)'],
    ]);
    const [entry] = (await harness.store.query<AuditEntry & Record<string, unknown>>(COLLECTIONS.audit)).items
      .map((item) => item.data)
      .filter((each) => each.action === 'group-message.sent');
    expect(entry).toMatchObject({ after: { group: { recipients: 'drafts', role: 'engineer' }, recipients: 1 } });
  },

  'an empty group: the preview says nobody, and a send is refused with nothing written': async (harness) => {
    await groupWorld(harness);
    const group = { filter: 'offer-accepted' };
    expect(await preview(harness, group)).toEqual({ recipients: 0, samples: [] });
    const before = await dumpStore(harness);
    const res = await harness.as('dora').post(SEND_PATH, { group, ...MESSAGE });
    expect([res.status, res.body.error.message]).toEqual([409, GROUP_MESSAGE_MESSAGES.noRecipients]);
    expect(await dumpStore(harness)).toEqual(before);
  },
};

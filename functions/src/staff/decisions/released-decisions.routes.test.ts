import { STAFF_MESSAGES, type ApplicationResponse, type AuditEntry, type TeamRole } from '@portal/shared/domain';
import { DEFAULT_MAIL_SETTINGS, type OutboxMessage } from '../../outbox/outbox';
import { DECISION_MESSAGES } from '../../responses/decisions.service';
import { createScheduler } from '../../scheduler/scheduler';
import { COLLECTIONS } from '../../store/collections';
import type { DocumentData, DocumentStore, QuerySpec } from '../../store/document-store';
import { createHarness, DAY_MS, FORM_ID, later, START, type Caller, type Harness } from '../../testing/api-harness';
import { dumpStore, storedRow, submitApplication } from '../../testing/staff-fixtures';
import { createOffersRepository } from './offers.repository';

jest.setTimeout(30_000);

let harness: Harness;
/** Hana's and Bob's applications (engineer and bootcamp each): ada is Hana, eve is Bob. */
let hana: ApplicationResponse;
let bob: ApplicationResponse;

const dora = () => harness.as('dora');
const decide = async (response: ApplicationResponse, role: TeamRole, decision: string) => {
  const res = await dora().put(`/admin/rows/${response.id}/${role}/decision`, { decision });
  expect(res.status).toBe(200);
};
const change = (response: ApplicationResponse, role: TeamRole, decision: string, caller: Caller = 'dora') =>
  harness.as(caller).put(`/admin/rows/${response.id}/${role}/released-decision`, { decision });
const release = async () => {
  const res = await dora().post(`/admin/forms/${FORM_ID}/release`, {});
  expect(res.status).toBe(200);
};
const reply = (caller: Caller, response: ApplicationResponse, role: TeamRole, answer: 'accept' | 'decline') =>
  harness.as(caller).post(`/responses/${response.id}/decisions/${role}/reply`, { reply: answer });
const decisionPage = (caller: Caller, response: ApplicationResponse, role: TeamRole) =>
  harness.as(caller).get(`/responses/${response.id}/decisions/${role}`);
const messagesTo = async (recipientId: string, template: string) =>
  (
    await harness.store.query<OutboxMessage>(COLLECTIONS.outbox, {
      where: [{ field: 'recipientId', value: recipientId }],
    })
  ).items
    .map(({ data }) => data)
    .filter((message) => message.template === template);
const auditOf = async (action: string) =>
  (await harness.store.query(COLLECTIONS.audit, { where: [{ field: 'action', value: action }] })).items.map(
    ({ data }) => data as unknown as AuditEntry,
  );
const scheduler = () =>
  createScheduler({ store: harness.store, now: () => harness.clock.now, mail: DEFAULT_MAIL_SETTINGS });

beforeEach(async () => {
  harness = await createHarness();
  hana = await submitApplication(harness, 'ada');
  bob = await submitApplication(harness, 'eve');
  await decide(hana, 'engineer', 'accepted');
  await decide(hana, 'bootcamp', 'denied');
  await decide(bob, 'engineer', 'waitlist');
  await decide(bob, 'bootcamp', 'denied');
});
afterEach(() => harness.close());

describe('PUT /api/admin/rows/{responseId}/{role}/released-decision', () => {
  it('offers a declined place to the waitlisted applicant: a new letter by email, their page, an audit entry', async () => {
    await release();
    expect((await reply('ada', hana, 'engineer', 'decline')).status).toBe(200);
    harness.clock.now = later(START, DAY_MS);

    const res = await change(bob, 'engineer', 'accepted');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ decision: 'accepted', final: true });
    expect(res.body.offer).toBeUndefined();
    const page = await decisionPage('eve', bob, 'engineer');
    expect(page.body).toMatchObject({ decision: 'accepted', offer: null, offerDeadline: null });
    const [message] = await messagesTo('eve', 'decisionChanged');
    expect(message).toMatchObject({ to: 'eve@example.com', state: 'queued' });
    expect(message!.text).toContain('Engineer: Accepted');
    expect(message!.text).toContain(`/apply/decision/${bob.id}/engineer`);
    expect(await auditOf('decision.changed')).toEqual([
      expect.objectContaining({
        actorId: 'dora',
        target: { collection: COLLECTIONS.reviewStatuses, id: `${bob.id}__engineer` },
        before: { decision: 'waitlist', offer: null },
        after: { decision: 'accepted', offer: null, offerDeadline: null },
      }),
    ]);
    // Bob answers his new offer, and his reply is confirmed.
    expect((await reply('eve', bob, 'engineer', 'accept')).status).toBe(200);
    expect(await messagesTo('eve', 'offerReply')).toHaveLength(1);
    const offers = await dora().get(`/admin/forms/${FORM_ID}/offers`);
    expect(offers.body.items).toEqual([
      { role: 'engineer', offers: 2, accepted: 1, declined: 1, pending: 0, expired: 0 },
    ]);
  });

  it('corrects a wrong decision: the reply to the old offer is cleared, and a new offer is confirmed anew', async () => {
    await release();
    expect((await reply('ada', hana, 'engineer', 'decline')).status).toBe(200);

    expect((await change(hana, 'engineer', 'denied')).status).toBe(200);
    expect(await storedRow(harness, hana.id, 'engineer')).toMatchObject({ decision: 'denied', offerPending: false });
    expect((await storedRow(harness, hana.id, 'engineer'))?.offer).toBeUndefined();
    expect((await decisionPage('ada', hana, 'engineer')).body).toMatchObject({ decision: 'denied', offer: null });
    const [audited] = await auditOf('decision.changed');
    expect(audited).toMatchObject({
      before: { decision: 'accepted', offer: 'declined' },
      after: { decision: 'denied' },
    });

    harness.clock.now = later(START, 1000);
    expect((await change(hana, 'engineer', 'accepted')).status).toBe(200);
    expect(await storedRow(harness, hana.id, 'engineer')).toMatchObject({ decision: 'accepted', offerPending: true });
    expect(await messagesTo('ada', 'decisionChanged')).toHaveLength(2);
    expect((await reply('ada', hana, 'engineer', 'accept')).status).toBe(200);
    // The first offer's reply (declined) and the new one's (accepted) each have their confirmation.
    expect((await messagesTo('ada', 'offerReply')).map((message) => message.data.reply).sort()).toEqual([
      'accepted',
      'declined',
    ]);
  });

  it('is refused before release, for the same decision, and to anyone but a super-reviewer, writing nothing', async () => {
    const before = await dumpStore(harness);
    const early = await change(bob, 'engineer', 'accepted');
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(STAFF_MESSAGES.notReleased);
    expect(await dumpStore(harness)).toEqual(before);

    await release();
    const released = await dumpStore(harness);
    const same = await change(bob, 'engineer', 'waitlist');
    expect(same.status).toBe(409);
    expect(same.body.error.message).toBe(STAFF_MESSAGES.sameDecision);
    expect((await change(bob, 'engineer', 'accepted', 'rita')).status).toBe(403);
    expect((await change(bob, 'engineer', 'accepted', 'eve')).status).toBe(403);
    expect((await change(bob, 'engineer', 'maybe')).status).toBe(400);
    expect((await change(bob, 'designer', 'accepted')).status).toBe(404);
    expect(await dumpStore(harness)).toEqual(released);
  });

  it('leaves everything else read-only after release', async () => {
    await release();
    const before = await dumpStore(harness);
    const refused = [
      await dora().put(`/admin/rows/${bob.id}/engineer/decision`, { decision: 'accepted' }),
      await dora().put(`/admin/rows/${bob.id}/engineer/qualified`, { qualified: true }),
      await dora().post(`/admin/forms/${FORM_ID}/rows/decision`, {
        rows: [{ responseId: bob.id, role: 'engineer' }],
        decision: 'accepted',
      }),
      await dora().post(`/admin/forms/${FORM_ID}/release`, {}),
    ];
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(STAFF_MESSAGES.decisionsReleased);
    }
    expect(await dumpStore(harness)).toEqual(before);
  });
});

describe('offer deadlines', () => {
  const setDays = (offerReplyDays: number | null, caller: Caller = 'dora') =>
    offerReplyDays === null
      ? harness.as(caller).delete(`/admin/forms/${FORM_ID}/offer-deadline`)
      : harness.as(caller).put(`/admin/forms/${FORM_ID}/offer-deadline`, { offerReplyDays });

  it('PUT /api/admin/forms/{formId}/offer-deadline sets the days to reply (super only, audited)', async () => {
    expect((await setDays(3, 'rita')).status).toBe(403);
    expect((await setDays(0)).status).toBe(400);
    const res = await setDays(3);
    expect(res.status).toBe(200);
    expect(res.body.offerReplyDays).toBe(3);
    expect(await auditOf('form.offer-deadline-changed')).toEqual([
      expect.objectContaining({ before: { offerReplyDays: null }, after: { offerReplyDays: 3 } }),
    ]);
    expect((await setDays(null, 'rita')).status).toBe(403);
    const removed = await setDays(null);
    expect(removed.status).toBe(200);
    expect(removed.body.offerReplyDays).toBeUndefined();
    expect((await auditOf('form.offer-deadline-changed')).map((entry) => entry.after)).toContainEqual({
      offerReplyDays: null,
    });
  });

  it('an offer not answered by its deadline expires: the director is told and the waitlisted applicant can be offered the place', async () => {
    expect((await setDays(3)).status).toBe(200);
    await release();
    const deadline = later(START, 3 * DAY_MS).toISOString();
    expect(await storedRow(harness, hana.id, 'engineer')).toMatchObject({
      offerDeadline: deadline,
      offerPending: true,
    });
    expect((await decisionPage('ada', hana, 'engineer')).body).toMatchObject({ offer: null, offerDeadline: deadline });

    harness.clock.now = later(START, 3 * DAY_MS - 1000);
    expect((await scheduler().runOnce()).expiredOffers).toBe(0);
    harness.clock.now = later(START, 3 * DAY_MS + 60_000);
    expect((await scheduler().runOnce()).expiredOffers).toBe(1);
    expect((await scheduler().runOnce()).expiredOffers).toBe(0);

    expect(await storedRow(harness, hana.id, 'engineer')).toMatchObject({ offer: 'expired', offerPending: false });
    const [told] = await messagesTo('dora', 'offerExpired');
    expect(told!.text).toContain('ada Tester');
    expect(told!.text).toContain('Engineer');
    expect(await messagesTo('dora', 'offerExpired')).toHaveLength(1);
    expect(await auditOf('offer.expired')).toEqual([
      expect.objectContaining({ actorId: 'scheduler', before: { offer: 'pending', offerDeadline: deadline } }),
    ]);
    const late = await reply('ada', hana, 'engineer', 'accept');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(DECISION_MESSAGES.expired);
    const rows = await dora().get(`/admin/forms/${FORM_ID}/rows?tab=all&sort=submittedAt&dir=desc&limit=25`);
    expect(rows.body.items.find((row: { id: string }) => row.id === `${hana.id}__engineer`).offer).toBe('expired');

    // The place goes to Bob, whose new offer has a deadline of its own.
    expect((await change(bob, 'engineer', 'accepted')).status).toBe(200);
    const bobDeadline = later(harness.clock.now, 3 * DAY_MS).toISOString();
    expect(await storedRow(harness, bob.id, 'engineer')).toMatchObject({ offerDeadline: bobDeadline });
    const [letter] = await messagesTo('eve', 'decisionChanged');
    expect(letter!.text).toContain('Please accept or decline the offer by');
  });

  it('a reply after the deadline is refused even before the scheduler has run', async () => {
    expect((await setDays(1)).status).toBe(200);
    await release();
    harness.clock.now = later(START, DAY_MS + 1000);
    const late = await reply('ada', hana, 'engineer', 'decline');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(DECISION_MESSAGES.expired);
  });

  it('the scheduler reads only pending offers with a deadline, in deadline order, up to the first still open', async () => {
    const queries: QuerySpec[] = [];
    let read = 0;
    const store: DocumentStore = {
      ...harness.store,
      query: async <T extends DocumentData>(collection: string, spec: QuerySpec = {}) => {
        const page = await harness.store.query<T>(collection, spec);
        if (collection === COLLECTIONS.reviewStatuses) {
          queries.push(spec);
          read += page.items.length;
        }
        return page;
      },
    };
    expect((await setDays(2)).status).toBe(200);
    await release();
    harness.clock.now = later(START, 1000);
    expect((await change(bob, 'engineer', 'accepted')).status).toBe(200);

    const due = await createOffersRepository(store).pendingOffersDueBy(later(START, DAY_MS).toISOString());
    expect(due).toEqual([]);
    expect(queries).toEqual([
      expect.objectContaining({
        where: [{ field: 'offerPending', value: true }],
        orderBy: { field: 'offerDeadline', direction: 'asc' },
      }),
    ]);
    // Both pending offers have a deadline; the page holds them, the read stops at the first still open.
    expect(read).toBeLessThanOrEqual(2);
    expect(
      (await createOffersRepository(store).pendingOffersDueBy(later(START, 3 * DAY_MS).toISOString())).map(
        (row) => row.id,
      ),
    ).toEqual([`${hana.id}__engineer`, `${bob.id}__engineer`]);
  });
});

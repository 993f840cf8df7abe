import { RESPONSE_MESSAGES, typedMarkdown, type ApplicationResponse, type MyApplication } from '@portal/shared/domain';
import type { OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import {
  completeResponse,
  createHarness,
  FORM_ID,
  later,
  START,
  startResponse,
  withAnswer,
  type Harness,
} from '../testing/api-harness';

let harness: Harness;
let submitted: ApplicationResponse;

beforeEach(async () => {
  harness = await createHarness();
  const response = await startResponse(harness);
  const res = await harness.as('ada').post('/application/submit', await completeResponse(harness, response));
  expect(res.status).toBe(200);
  submitted = res.body;
  await decide('engineer', 'accepted');
  await decide('bootcamp', 'denied');
});
afterEach(() => harness.close());

const statusId = (role: string) => `${submitted.id}__${role}`;
const decide = (role: string, decision: string) =>
  harness.store.update(COLLECTIONS.reviewStatuses, statusId(role), { decision });
const release = () => harness.store.update(COLLECTIONS.forms, FORM_ID, { decisionsReleased: true });
const storedStatus = (role: string) => harness.store.get(COLLECTIONS.reviewStatuses, statusId(role));
const mine = async (caller: 'ada' | 'eve' = 'ada') => {
  const res = await harness.as(caller).get('/responses/mine');
  expect(res.status).toBe(200);
  return res.body.items as MyApplication[];
};
const decision = (role: string) => harness.as('ada').get(`/responses/${submitted.id}/decisions/${role}`);
const offerReplies = async () =>
  (
    await harness.store.query<OutboxMessage>(COLLECTIONS.outbox, { where: [{ field: 'recipientId', value: 'ada' }] })
  ).items
    .map(({ data }) => data)
    .filter((message) => message.template === 'offerReply');
const reply = (role: string, body: object) =>
  harness.as('ada').post(`/responses/${submitted.id}/decisions/${role}/reply`, body);

/** Sends a reply that must be refused; the review status must not change. */
async function refusedReply(role: string, body: object) {
  const before = await storedStatus(role);
  const res = await reply(role, body);
  expect(await storedStatus(role)).toEqual(before);
  return res;
}

describe('GET /api/responses/mine', () => {
  it('lists the applications with their form, and no decision before release', async () => {
    const items = await mine();
    expect(items).toEqual([
      {
        response: submitted,
        form: { id: FORM_ID, semester: harness.form.semester, dueDate: harness.form.dueDate, decisionsReleased: false },
        roles: [
          { role: 'engineer', decision: null, offer: null },
          { role: 'bootcamp', decision: null, offer: null },
        ],
      },
    ]);
    expect(JSON.stringify(items)).not.toMatch(/accepted|denied/);
  });

  it('shows the decision per role once decisions are released', async () => {
    await release();
    const [item] = await mine();
    expect(item?.form.decisionsReleased).toBe(true);
    expect(item?.roles).toEqual([
      { role: 'engineer', decision: 'accepted', offer: null },
      { role: 'bootcamp', decision: 'denied', offer: null },
    ]);
  });

  it("lists only the caller's own applications, in progress ones included", async () => {
    expect(await mine('eve')).toEqual([]);
    const eves = await startResponse(harness, 'eve');
    harness.clock.now = later(START, 1000);
    const saved = await harness
      .as('eve')
      .put(`/application/save/${eves.id}`, withAnswer(eves, 'roles', 'roles', ['designer']));
    expect(saved.status).toBe(200);
    expect(await mine('eve')).toEqual([
      {
        response: saved.body,
        form: expect.objectContaining({ id: FORM_ID }),
        roles: [{ role: 'designer', decision: null, offer: null }],
      },
    ]);
    expect((await mine('ada')).map((item) => item.response.id)).toEqual([submitted.id]);
  });
});

describe('the status an applicant sees', () => {
  /** Every applicant-facing read of the response: the list, the response, a start and a repeated submit. */
  async function statusesSeen(): Promise<string[]> {
    const ada = harness.as('ada');
    const [item] = await mine();
    const own = await ada.get(`/responses/${submitted.id}`);
    const started = await ada.post('/responses', { formId: FORM_ID });
    const again = await ada.post('/application/submit', submitted);
    for (const res of [own, started, again]) expect(res.status).toBe(200);
    return [item!.response.status, own.body.status, started.body.status, again.body.status];
  }
  const staffDecide = (role: string, decision: string) =>
    harness.as('dora').put(`/admin/rows/${submitted.id}/${role}/decision`, { decision });

  it("reads 'in-review' at the interview and decided stages until release, then 'decided'", async () => {
    const assigned = await harness.as('dora').post('/admin/assignments', {
      kind: 'interview',
      assignments: [{ responseId: submitted.id, role: 'engineer', staffId: 'rita' }],
    });
    expect(assigned.status).toBe(201);
    expect((await harness.store.get<ApplicationResponse>(COLLECTIONS.responses, submitted.id))?.status).toBe(
      'interview',
    );
    expect(await statusesSeen()).toEqual(['in-review', 'in-review', 'in-review', 'in-review']);

    expect((await staffDecide('engineer', 'accepted')).status).toBe(200);
    expect((await staffDecide('bootcamp', 'denied')).status).toBe(200);
    expect((await harness.store.get<ApplicationResponse>(COLLECTIONS.responses, submitted.id))?.status).toBe('decided');
    const before = await statusesSeen();
    expect(before).toEqual(['in-review', 'in-review', 'in-review', 'in-review']);

    expect((await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`)).status).toBe(200);
    expect(await statusesSeen()).toEqual(['decided', 'decided', 'decided', 'decided']);
  });
});

describe('GET /api/responses/:responseId/decisions/:role', () => {
  it('answers 403 before release', async () => {
    const res = await decision('engineer');
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'forbidden',
      message: RESPONSE_MESSAGES.decisionsNotReleased,
      reason: 'not-released',
    });
  });

  it('answers the decision after release, with the letter for the decision and role filled in', async () => {
    await release();
    const engineer = (await decision('engineer')).body;
    expect(engineer).toEqual({
      role: 'engineer',
      decision: 'accepted',
      offer: null,
      offerDeadline: null,
      letter: { body: expect.any(String) },
      // The letter's HTML, as the decision page shows it (it downloads no markdown renderer).
      renderedMarkdown: { [engineer.letter.body]: expect.stringContaining('<h5>Congratulations, ada!</h5>') },
    });
    expect(engineer.letter.body).toContain(`## Congratulations, ${typedMarkdown('ada')}!`);
    expect(engineer.letter.body).toContain('as **Engineer** for Demo Semester.');
    const bootcamp = (await decision('bootcamp')).body;
    expect(bootcamp).toMatchObject({ role: 'bootcamp', decision: 'denied', offer: null });
    expect(bootcamp.letter.body).toContain(
      'Thank you for applying for **Bootcamp**. We are not able to offer you a place in Demo Semester.',
    );
    expect(JSON.stringify([engineer, bootcamp])).not.toMatch(/\{(firstName|role|semester)\}/);
  });

  it("answers a letter only for the role it names, else the decision's default, else none (the generic text)", async () => {
    await decide('bootcamp', 'accepted');
    await release();
    expect((await decision('bootcamp')).body.letter.body).toContain(`## Welcome to Bootcamp, ${typedMarkdown('ada')}!`);
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { letters: [] });
    expect((await decision('bootcamp')).body.letter).toBeNull();
    expect((await decision('engineer')).body).toEqual({
      role: 'engineer',
      decision: 'accepted',
      offer: null,
      offerDeadline: null,
      letter: null,
    });
  });

  it("puts the applicant's name into the letter as text: markdown in a name cannot make a link", async () => {
    await harness.store.update(COLLECTIONS.users, 'ada', { firstName: '[Claim](https://evil.example.com) **now**' });
    await release();
    const body: string = (await decision('engineer')).body.letter.body;
    // Escaped, and marked as typed: the renderers link none of it.
    expect(body).toContain(
      'Congratulations, \uE000\\[Claim\\]\\(https\\:\\/\\/evil\\.example\\.com\\) \\*\\*now\\*\\*\uE001!',
    );
    // The HTML the server sends with it shows the name as text: no link, no bold.
    const html: string = (await decision('engineer')).body.renderedMarkdown[body];
    expect(html).toContain('<h5>Congratulations, [Claim](https://evil.example.com) **now**!</h5>');
    expect(html).not.toMatch(/href="[^"]*evil/);
  });

  it('sends the HTML of a hostile letter sanitized: its payloads show as text, its unsafe links lose their target', async () => {
    await harness.store.update(COLLECTIONS.users, 'ada', { firstName: 'www.evil.example ada@evil.example' });
    const letters = [
      {
        decision: 'accepted' as const,
        body: 'Hi {firstName}! <script>window.__xss=1</script> [go](javascript:alert(1)) ![p](https://evil.example/p.png)',
      },
    ];
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { letters });
    await release();
    const { letter, renderedMarkdown } = (await decision('engineer')).body;
    const html: string = renderedMarkdown[letter.body];
    expect(html).toBe(
      '<p>Hi www.evil.example ada@evil.example! &#x3C;script>window.__xss=1&#x3C;/script> ' +
        '<a target="_blank" rel="noopener noreferrer">go</a> ' +
        '<a href="https://evil.example/p.png" target="_blank" rel="noopener noreferrer">p</a></p>',
    );
  });

  it.each(['designer', 'ceo'])('answers 404 to the role %j, not applied for', async (role) => {
    await release();
    const res = await decision(role);
    expect(res.status).toBe(404);
    // The reason lets the decision page say so, instead of "No response for this ID!".
    expect(res.body.error).toEqual({
      code: 'not-found',
      message: 'You did not apply for this role',
      reason: 'not-applied',
    });
  });

  it("answers 404 to another applicant's response", async () => {
    await release();
    const res = await harness.as('eve').get(`/responses/${submitted.id}/decisions/engineer`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('No response for this ID!');
  });
});

describe('POST /api/responses/:responseId/decisions/:role/reply', () => {
  it('records the acceptance of an offer once, with the server time', async () => {
    await release();
    harness.clock.now = later(START, 5000);

    const res = await reply('engineer', { reply: 'accept' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'engineer', decision: 'accepted', offer: 'accepted' });
    expect(res.body.letter.body).toContain(`## Congratulations, ${typedMarkdown('ada')}!`);
    expect(await storedStatus('engineer')).toMatchObject({
      decision: 'accepted',
      offer: 'accepted',
      offerRepliedAt: later(START, 5000).toISOString(),
    });
    expect((await decision('engineer')).body.offer).toBe('accepted');
    expect((await mine())[0]?.roles[0]).toEqual({ role: 'engineer', decision: 'accepted', offer: 'accepted' });

    const again = await refusedReply('engineer', { reply: 'decline' });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'conflict',
      message: 'You have already replied to this offer',
      reason: 'offer-answered',
    });
  });

  it('records a declined offer', async () => {
    await release();
    const res = await reply('engineer', { reply: 'decline' });
    expect(res.status).toBe(200);
    expect(res.body.offer).toBe('declined');
  });

  it.each([
    ['accept', 'accepted'],
    ['decline', 'declined'],
  ] as const)('confirms a reply (%s) by email, queued with it, once', async (answer, offer) => {
    await release();
    harness.clock.now = later(START, 5000);
    expect((await reply('engineer', { reply: answer })).status).toBe(200);
    expect((await refusedReply('engineer', { reply: answer })).status).toBe(409);

    const confirmations = await offerReplies();
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toMatchObject({
      id: `offer-reply.${submitted.id}.engineer~ada`,
      to: 'ada@example.com',
      state: 'queued',
      subject: `You ${offer} the Engineer offer from Example Chapter`,
      data: expect.objectContaining({
        reply: offer,
        role: 'Engineer',
        decisionLink: expect.stringContaining(`/apply/decision/${submitted.id}/engineer`),
      }),
    });
    expect(confirmations[0]?.text).toContain(`you ${offer} the Engineer offer from Example Chapter`);
  });

  it('queues no confirmation for a refused reply', async () => {
    await release();
    expect((await refusedReply('bootcamp', { reply: 'accept' })).status).toBe(403);
    expect(await offerReplies()).toEqual([]);
  });

  it('takes exactly one of two racing replies', async () => {
    await release();
    const results = await Promise.all([
      reply('engineer', { reply: 'accept' }),
      reply('engineer', { reply: 'decline' }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    const winner = results.find((res) => res.status === 200)!;
    expect(await storedStatus('engineer')).toMatchObject({ offer: winner.body.offer });
  });

  it('refuses a reply before release with 403', async () => {
    const res = await refusedReply('engineer', { reply: 'accept' });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ message: RESPONSE_MESSAGES.decisionsNotReleased, reason: 'not-released' });
  });

  it('refuses a reply to a role that was not accepted with 403', async () => {
    await release();
    const res = await refusedReply('bootcamp', { reply: 'accept' });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      message: 'There is no offer to reply to for this role',
      reason: 'no-offer',
    });
  });

  it.each([{ reply: 'maybe' }, {}, { reply: 'accept', offer: 'accepted' }])(
    'refuses the body %j with 400',
    async (body) => {
      await release();
      const res = await refusedReply('engineer', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Invalid offer reply');
    },
  );

  it("refuses a reply on another applicant's response with 404", async () => {
    await release();
    const before = await storedStatus('engineer');
    const res = await harness
      .as('eve')
      .post(`/responses/${submitted.id}/decisions/engineer/reply`, { reply: 'decline' });
    expect(res.status).toBe(404);
    expect(await storedStatus('engineer')).toEqual(before);
  });
});

describe('an applicant promoted to staff', () => {
  beforeEach(async () => {
    const res = await harness.as('dora').post('/admin/users/role', { userIds: ['ada'], role: 'reviewer' });
    expect(res.status).toBe(200);
    await harness.store.update(COLLECTIONS.users, 'ada', {
      applicantRolePreferences: ['bootcamp', 'engineer', 'product'],
    });
  });

  it('keeps their application, its decisions and the offer', async () => {
    await release();
    expect((await mine()).map((item) => item.response.id)).toEqual([submitted.id]);
    expect((await decision('engineer')).body).toMatchObject({ role: 'engineer', decision: 'accepted', offer: null });
    const replied = await reply('engineer', { reply: 'accept' });
    expect(replied.status).toBe(200);
    expect(replied.body).toMatchObject({ role: 'engineer', offer: 'accepted' });
  });

  it('never sees their own application as a reviewer', async () => {
    expect((await harness.as('ada').get(`/admin/responses/${submitted.id}`)).status).toBe(403);
    const own = await harness.as('ada').get(`/admin/forms/${FORM_ID}/assessments`);
    expect(own.status).toBe(200);
    expect(own.body.items).toEqual([]);
    const plan = await harness
      .as('dora')
      .post(`/admin/forms/${FORM_ID}/auto-assign/preview`, { reviewersPerApplication: 3 });
    expect(plan.status).toBe(200);
    expect(plan.body.assignments.filter((item: { staffId: string }) => item.staffId === 'ada')).toEqual([]);
    const assigned = await harness.as('dora').post('/admin/assignments', {
      kind: 'review',
      assignments: [{ responseId: submitted.id, role: 'engineer', staffId: 'ada' }],
    });
    expect(assigned.status).toBe(400);
  });
});

describe('decision letters never reach an applicant through the form', () => {
  const read = async (caller: 'ada' | 'eve' | 'dora', path: string) => {
    const res = await harness.as(caller).get(path);
    expect(res.status).toBe(200);
    return res.body as Record<string, unknown>;
  };

  it.each([false, true])(
    'the form an applicant reads has no letters (released: %s); staff read them',
    async (released) => {
      if (released) await release();
      for (const path of ['/forms/active', `/forms/${FORM_ID}`]) {
        for (const applicant of ['ada', 'eve'] as const) {
          const form = await read(applicant, path);
          expect(form).not.toHaveProperty('letters');
          expect(JSON.stringify(form)).not.toMatch(/Congratulations|\{firstName\}/);
        }
        expect((await read('dora', path)).letters).toEqual(harness.form.letters);
      }
    },
  );

  it('an inactive form read by its applicant has no letters either', async () => {
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { isActive: false });
    expect(await read('ada', `/forms/${FORM_ID}`)).not.toHaveProperty('letters');
  });
});

import { LETTER_PREVIEW_MESSAGES, typedMarkdown, type ApplicationResponse } from '@portal/shared/domain';
import { COLLECTIONS } from '../../store/collections';
import { completeResponse, createHarness, FORM_ID, startResponse, type Harness } from '../../testing/api-harness';

let harness: Harness;
let submitted: ApplicationResponse;

beforeEach(async () => {
  harness = await createHarness();
  const response = await startResponse(harness);
  const res = await harness.as('ada').post('/application/submit', await completeResponse(harness, response));
  expect(res.status).toBe(200);
  submitted = res.body;
});
afterEach(() => harness.close());

const preview = (role: string) => harness.as('dora').get(`/admin/rows/${submitted.id}/${role}/letter`);
const decide = (role: string, decision: string) =>
  harness.as('dora').put(`/admin/rows/${submitted.id}/${role}/decision`, { decision });

describe('GET /api/admin/rows/:responseId/:role/letter', () => {
  it("answers the letter the row's applicant will read, before release, for the current decision", async () => {
    expect((await decide('bootcamp', 'accepted')).status).toBe(200);
    const res = await preview('bootcamp');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'bootcamp', decision: 'accepted', applicantName: expect.any(String) });
    expect(res.body.letter.body).toContain(`## Welcome to Bootcamp, ${typedMarkdown('ada')}!`);
    expect(res.body.letter.body).toContain('**Bootcamp** for Demo Semester');

    expect((await decide('bootcamp', 'waitlist')).status).toBe(200);
    expect((await preview('bootcamp')).body.letter.body).toContain('you are on our waitlist for Demo Semester');
    // The applicant still reads nothing before release.
    expect((await harness.as('ada').get(`/responses/${submitted.id}/decisions/bootcamp`)).status).toBe(403);
  });

  it('answers letter null when the form has no letter for the decision (the standard text applies)', async () => {
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { letters: [] });
    await decide('engineer', 'denied');
    expect((await preview('engineer')).body).toMatchObject({ decision: 'denied', letter: null });
  });

  it('refuses an undecided row with 409 and says why; an unknown row or role is 404', async () => {
    const undecided = await preview('engineer');
    expect(undecided.status).toBe(409);
    expect(undecided.body.error.message).toBe(LETTER_PREVIEW_MESSAGES.undecided);
    expect((await preview('designer')).status).toBe(404);
    expect((await preview('ceo')).status).toBe(404);
  });
});

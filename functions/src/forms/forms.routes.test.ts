import request from 'supertest';
import { type ApplicationForm } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { responseIndexId } from '../responses/responses.repository';
import { createHarness, FORM_ID, type Harness } from '../testing/api-harness';

let harness: Harness;
beforeEach(async () => {
  harness = await createHarness();
});
afterEach(() => harness.close());

const otherForm = (id: string, isActive: boolean): ApplicationForm => ({ ...harness.form, id, isActive });
/** What an applicant reads of a form: all of it but the decision letters. */
const withoutLetters = ({ letters: _letters, ...form }: ApplicationForm) => form;

describe('GET /api/forms/active', () => {
  it('answers the active form, its decision letters only to staff', async () => {
    const res = await harness.as('ada').get('/forms/active');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(withoutLetters(harness.form));
    expect((await harness.as('dora').get('/forms/active')).body).toEqual(harness.form);
  });

  it('answers the first active form by id when several are active, never an inactive one', async () => {
    await harness.store.set(COLLECTIONS.forms, 'a-closed-form', otherForm('a-closed-form', false));
    await harness.store.set(COLLECTIONS.forms, 'b-open-form', otherForm('b-open-form', true));
    await harness.store.set(COLLECTIONS.forms, 'z-open-form', otherForm('z-open-form', true));
    const res = await harness.as('ada').get('/forms/active');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe('b-open-form');
  });

  it('answers 404 "No active form!" when no form is active', async () => {
    await harness.store.update(COLLECTIONS.forms, FORM_ID, { isActive: false });
    const res = await harness.as('ada').get('/forms/active');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not-found', message: 'No active form!', reason: 'no-active-form' } });
  });

  it('needs a signed-in caller with a verified email', async () => {
    expect((await request(harness.server).get('/api/forms/active')).status).toBe(401);
    const res = await harness.as('unverified').get('/forms/active');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('email-not-verified');
  });
});

describe('GET /api/forms/:formId', () => {
  it('answers the active form to any verified caller, its decision letters only to staff', async () => {
    for (const caller of ['ada', 'eve'] as const) {
      expect((await harness.as(caller).get(`/forms/${FORM_ID}`)).body).toEqual(withoutLetters(harness.form));
    }
    for (const caller of ['rita', 'dora'] as const) {
      expect((await harness.as(caller).get(`/forms/${FORM_ID}`)).body).toEqual(harness.form);
    }
  });

  it('answers an inactive form only to staff and to applicants with a response to it; others get 404', async () => {
    await harness.store.set(COLLECTIONS.forms, 'old-form', otherForm('old-form', false));
    await harness.store.set(COLLECTIONS.responseIndex, responseIndexId('ada', 'old-form'), {
      userId: 'ada',
      applicationFormId: 'old-form',
      responseId: '11111111-1111-4111-8111-111111111111',
    });
    for (const caller of ['ada', 'rita', 'dora'] as const) {
      const res = await harness.as(caller).get('/forms/old-form');
      expect({ caller, status: res.status, body: res.body }).toEqual({
        caller,
        status: 200,
        body: caller === 'ada' ? withoutLetters(otherForm('old-form', false)) : otherForm('old-form', false),
      });
    }
    const eve = await harness.as('eve').get('/forms/old-form');
    expect(eve.status).toBe(404);
    expect(eve.body).toEqual({ error: { code: 'not-found', message: 'No form with this ID!' } });
  });

  it.each(['no-such-form', 'bad%2Fid', '..'])('answers 404 to the unknown form id %j', async (formId) => {
    const res = await harness.as('ada').get(`/forms/${formId}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not-found', message: 'No form with this ID!' } });
  });

  it('needs a verified email', async () => {
    expect((await harness.as('unverified').get(`/forms/${FORM_ID}`)).status).toBe(403);
  });
});

describe("the HTML of a form's markdown, rendered for applicants", () => {
  const PAYLOAD = '<script>window.__xss=1</script> <img src=x onerror="window.__xss=1">';
  const hostile = (): Partial<ApplicationForm> => {
    const sections = structuredClone(harness.form.sections);
    sections[0]!.description = `## About you\n\n**First** things. ${PAYLOAD}\n\n- [click me](javascript:alert(1))`;
    sections[0]!.questions[0]!.secondaryText = `_Tip:_ ![pic](https://evil.example/p.png) [d](data:text/html,x) ${PAYLOAD}`;
    return { description: `Read the [guide](https://club.example/guide). ${PAYLOAD}`, sections };
  };

  it('comes with the form an applicant reads: every markdown text, sanitized; none for plain texts or staff', async () => {
    const plain = await harness.as('ada').get('/forms/active');
    expect(plain.body).not.toHaveProperty('renderedMarkdown');

    await harness.store.update(COLLECTIONS.forms, FORM_ID, hostile());
    const form = hostile();
    for (const path of ['/forms/active', `/forms/${FORM_ID}`]) {
      const res = await harness.as('ada').get(path);
      const rendered = res.body.renderedMarkdown as Record<string, string>;
      expect(Object.keys(rendered).sort()).toEqual(
        [form.description!, form.sections![0]!.description!, form.sections![0]!.questions[0]!.secondaryText!].sort(),
      );
      const html = Object.values(rendered).join('\n');
      expect(html).toContain('<h5>About you</h5>');
      expect(html).toContain('<strong>First</strong>');
      expect(html).toContain(
        '<a href="https://club.example/guide" target="_blank" rel="noopener noreferrer">guide</a>',
      );
      // The payloads show as text; the unsafe links keep their text only; the image is a link, never loaded.
      expect(html).toContain('&#x3C;script>window.__xss=1&#x3C;/script>');
      expect(html).not.toMatch(/<(script|img|iframe|svg)|href="(javascript|data):|<[a-z][^>]*\son\w+=/i);
      expect(html).toContain('<a target="_blank" rel="noopener noreferrer">click me</a>');
      expect(html).toContain('<a href="https://evil.example/p.png" target="_blank" rel="noopener noreferrer">pic</a>');
    }
    expect((await harness.as('dora').get('/forms/active')).body).not.toHaveProperty('renderedMarkdown');
  });
});

import { type ApplicationForm, type ApplicationResponse, type FormSection } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { describeOnStores } from '../testing/store-targets';
import { STORE_LIMIT_MESSAGES } from '../http/error-middleware';
import { StoreLimitError, type DocumentStore } from '../store/document-store';
import { documentSize, STORE_LIMITS } from '../store/store-limits';
import {
  completeResponse,
  createHarness,
  FORM_ID,
  START,
  startResponse,
  storedResponse,
  withAnswer,
} from '../testing/api-harness';

/**
 * Firestore holds at most 1 MiB per document. A long application (64 essay questions answered with
 * 2,000 words each) fits and is stored whole on both stores; one that is too large is refused with
 * a 413 and a message saying what to do, never a 500, and nothing stored changes.
 */

jest.setTimeout(120_000);

const ESSAYS = 64;
const WORDS = 2000;
const VOCABULARY = ['students', 'build', 'software', 'for', 'local', 'nonprofits', 'and', 'learn', 'together', 'team'];
const essay = (words: number, seed: number) =>
  Array.from({ length: words }, (_, index) => VOCABULARY[(index * 7 + seed) % VOCABULARY.length]).join(' ');

const essaySection: FormSection = {
  sectionId: 'essays',
  sectionName: 'Essays',
  questions: Array.from({ length: ESSAYS }, (_, index) => ({
    questionId: `essay-${index + 1}`,
    questionType: 'long-answer' as const,
    questionText: `Essay question ${index + 1}`,
    maxWords: WORDS,
  })),
};

const withEssays = (response: ApplicationResponse, words: (index: number) => string) =>
  essaySection.questions.reduce(
    (current, question, index) => withAnswer(current, 'essays', question.questionId, words(index)),
    response,
  );

describeOnStores('application-size', 'a long application on %s', (run) => {
  run.beforeEach(async (harness) => {
    const form = await harness.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID);
    await harness.store.set(COLLECTIONS.forms, FORM_ID, { ...form!, sections: [...form!.sections, essaySection] });
  });

  run(`${ESSAYS} essays of ${WORDS} words each are saved and submitted whole`, async (harness) => {
    harness.clock.now = START;
    const started = await startResponse(harness);
    const body = withEssays(await completeResponse(harness, started), (index) => essay(WORDS, index));

    const saved = await harness.as('ada').put(`/application/save/${started.id}`, body);
    expect(saved.status).toBe(200);
    const stored = await storedResponse(harness, started.id);
    expect(stored).toEqual(saved.body);
    const bytes = documentSize(COLLECTIONS.responses, started.id, stored!);
    expect(bytes).toBeLessThan(STORE_LIMITS.documentBytes);
    console.log(
      `${ESSAYS} essays x ${WORDS} words: ${JSON.stringify(body).length} bytes of JSON, ` +
        `a ${bytes}-byte document (${((bytes / STORE_LIMITS.documentBytes) * 100).toFixed(0)}% of 1 MiB)`,
    );

    const submitted = await harness.as('ada').post('/application/submit', saved.body as ApplicationResponse);
    expect(submitted.status).toBe(200);
    expect((await storedResponse(harness, started.id))?.status).toBe('submitted');
  });

  run('an application too large to store is refused with 413 and a clear message, nothing stored', async (harness) => {
    const started = await startResponse(harness);
    const complete = await completeResponse(harness, started);
    const saved = await harness.as('ada').put(`/application/save/${started.id}`, complete);
    expect(saved.status).toBe(200);
    // 64 answers of 20,000 characters: 1.3 MB.
    const tooLarge = withEssays(saved.body as ApplicationResponse, (index) => `${index} ${'x'.repeat(19_990)}`);

    const res = await harness.as('ada').put(`/application/save/${started.id}`, tooLarge);
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({ code: 'payload-too-large', message: 'Request body is too large' });
    expect(await storedResponse(harness, started.id)).toEqual(saved.body);
  });

  run("a write the store refuses for Firestore's limits answers 413 with what to do, never a 500", async (harness) => {
    const started = await startResponse(harness);
    // Whatever route reaches a store limit (here the save's transaction) gets the same answer.
    const refusing: DocumentStore = {
      ...harness.store,
      transaction: () => Promise.reject(new StoreLimitError('document-size', 'responses/x would be 1048600 bytes')),
    };
    // Not closed: it shares the harness's store, which afterEach closes.
    const refused = await createHarness({ store: refusing });
    const res = await refused.as('ada').put(`/application/save/${started.id}`, started);
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({ code: 'payload-too-large', message: STORE_LIMIT_MESSAGES['document-size'] });
  });
});

import {
  applicantPseudonym,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRowView,
  type AssessmentView,
  type Page,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { completeResponse, FORM_ID, startResponse, updateForm, withAnswers, words, type Harness } from './api-harness';
import { assign } from './staff-fixtures';

/**
 * Searches find applications by what their applicants wrote, as far as the caller may read it
 * (docs/decisions/answer-search.md): the super-reviewer's dashboard rows by every answer, a
 * reviewer's own list by the answers they may read (none hidden from reviewers; in blind review,
 * no identifying one, and never by name or email). Run on SQLite and the Firestore emulator.
 */

/** ada's answers: "Nova" in About You (hidden from reviewers on the demo form), the rest shown to them. */
export const ADA_ANSWERS = {
  'about-you.preferred-name': 'Nova',
  // "ＣＨＥＳＳ" in fullwidth letters: a search for "chess" finds it (NFKC, then lower case).
  'motivation.why-join': `I build (Robotics) kits for hospitals, and tutor kids on weekends  in ＣＨＥＳＳ. ${words(12)}`,
  'motivation.interests': ['Education', 'Health'],
  'engineering.project': `A solar-powered weather station, logging to a Raspberry Pi. ${words(25, 'built')}`,
};

/** ada applies (engineer and bootcamp) with ADA_ANSWERS, through the API; rita reviews her engineer row. */
export async function adaApplies(harness: Harness): Promise<ApplicationResponse> {
  const started = await startResponse(harness, 'ada');
  const answers = withAnswers(await completeResponse(harness, started), ADA_ANSWERS);
  const res = await harness.as('ada').post('/application/submit', answers);
  if (res.status !== 200) throw new Error(`submit: ${res.status} ${res.text}`);
  await assign(harness, [{ responseId: started.id, role: 'engineer', staffId: 'rita' }]);
  return res.body as ApplicationResponse;
}

/** The form's reviews blind, About You shown to reviewers, its preferred name marked identifying. */
export async function blindWithIdentifyingName(harness: Harness): Promise<void> {
  const form = (await harness.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
  await updateForm(harness.store, FORM_ID, {
    blindReview: { review: true, interview: false },
    sections: form.sections.map((section) => ({
      ...section,
      hiddenFromReviewers: false,
      questions: section.questions.map((q) => (q.questionId === 'preferred-name' ? { ...q, identifying: true } : q)),
    })),
  });
}

const page = async <T>(harness: Harness, who: 'dora' | 'rita', path: string): Promise<Page<T>> => {
  const res = await harness.as(who).get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body as Page<T>;
};

/** The super-reviewer's dashboard search: the roles of the rows found. */
export async function rowsFound(harness: Harness, search: string): Promise<string[]> {
  const found = await page<ApplicationRowView>(
    harness,
    'dora',
    `/admin/forms/${FORM_ID}/rows?tab=all&search=${encodeURIComponent(search)}`,
  );
  return found.items.map((row) => row.role).sort();
}

/** A reviewer's list searched (rita's reviews, as `who`): the ids of the responses found, and the total. */
export async function reviewsFound(
  harness: Harness,
  search: string,
  who: 'dora' | 'rita' = 'rita',
): Promise<{ responses: string[]; total: number }> {
  const found = await page<AssessmentView>(
    harness,
    who,
    `/admin/forms/${FORM_ID}/assessments?kind=review&staffId=rita&search=${encodeURIComponent(search)}`,
  );
  return { responses: found.items.map((each) => each.responseId), total: found.total };
}

/** What each search finds, by caller: [search, what it found] for a compact comparison. */
export async function searchTable(
  harness: Harness,
  searches: string[],
  find: (search: string) => Promise<unknown>,
): Promise<[string, unknown][]> {
  const table: [string, unknown][] = [];
  for (const search of searches) table.push([search, await find(search)]);
  return table;
}

export const pseudonymOf = (response: ApplicationResponse) => applicantPseudonym(response.id);

/** The tests, on the store `run` gives each a fresh harness of (answer-search.test.ts, answer-search.emulator.test.ts). */
export function answerSearchTests(run: (title: string, fn: (harness: Harness) => Promise<void>) => void): void {
  run(
    'the super-reviewer finds rows by any answer, whole words, several at once, and still by name',
    async (harness) => {
      await adaApplies(harness);
      const both = ['bootcamp', 'engineer'];
      expect(
        await searchTable(
          harness,
          [
            'Robotics',
            'nova',
            'education',
            'solar-powered',
            'raspberry pi',
            'ada robotics',
            'weekends.',
            'robot',
            'zebra',
            'robotics zebra',
            'ada',
            'ada t',
            'ada@ex',
          ],
          (search) => rowsFound(harness, search),
        ),
      ).toEqual([
        ['Robotics', both],
        ['nova', both],
        ['education', both],
        ['solar-powered', both],
        ['raspberry pi', both],
        ['ada robotics', both],
        ['weekends.', both],
        ['robot', []],
        ['zebra', []],
        ['robotics zebra', []],
        ['ada', both],
        ['ada t', both],
        ['ada@ex', both],
      ]);
    },
  );

  run(
    'a reviewer finds their reviews by the answers they may read, never by one hidden from reviewers',
    async (harness) => {
      const response = await adaApplies(harness);
      const one = { responses: [response.id], total: 1 };
      const none = { responses: [], total: 0 };
      expect(
        await searchTable(
          harness,
          ['robotics', 'chess', 'weather station', 'health', 'nova', 'ada', 'ada@example.com'],
          (search) => reviewsFound(harness, search),
        ),
      ).toEqual([
        ['robotics', one],
        ['chess', one],
        ['weather station', one],
        ['health', one],
        ['nova', none],
        ['ada', one],
        ['ada@example.com', one],
      ]);
      // The super-reviewer reading rita's list finds her by it.
      expect(await reviewsFound(harness, 'nova', 'dora')).toEqual(one);
    },
  );

  run('in blind review a reviewer finds nothing by name, email or identifying answer', async (harness) => {
    const response = await adaApplies(harness);
    await blindWithIdentifyingName(harness);
    const one = { responses: [response.id], total: 1 };
    const none = { responses: [], total: 0 };
    expect(
      await searchTable(
        harness,
        ['robotics', 'ada', 'Ada Tester', 'ada@example.com', 'nova', 'nova robotics', pseudonymOf(response)],
        (search) => reviewsFound(harness, search),
      ),
    ).toEqual([
      ['robotics', one],
      ['ada', none],
      ['Ada Tester', none],
      ['ada@example.com', none],
      ['nova', none],
      ['nova robotics', none],
      [pseudonymOf(response), one],
    ]);
    // The super-reviewer is never blind.
    expect(await rowsFound(harness, 'nova')).toEqual(['bootcamp', 'engineer']);
  });

  run('an applicant who deleted their account is not found by their words', async (harness) => {
    await adaApplies(harness);
    expect(await rowsFound(harness, 'robotics')).toEqual(['bootcamp', 'engineer']);
    await harness.as('ada').post('/auth/delete', { confirmation: 'DELETE' }).expect(200);
    expect(await rowsFound(harness, 'robotics')).toEqual([]);
  });

  run("after release, an erased applicant's anonymous rows are not found by their words", async (harness) => {
    const response = await adaApplies(harness);
    for (const role of ['engineer', 'bootcamp']) {
      await harness.as('dora').put(`/admin/rows/${response.id}/${role}/decision`, { decision: 'denied' }).expect(200);
    }
    await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {}).expect(200);
    await harness.as('ada').post('/auth/delete', { confirmation: 'DELETE' }).expect(200);
    expect((await page<ApplicationRowView>(harness, 'dora', `/admin/forms/${FORM_ID}/rows?tab=all`)).total).toBe(2);
    expect(await rowsFound(harness, 'robotics')).toEqual([]);
    expect(await rowsFound(harness, 'nova')).toEqual([]);
  });
}

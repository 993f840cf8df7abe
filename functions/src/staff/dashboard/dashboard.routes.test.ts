import type { ApplicationRowView, Page } from '@portal/shared/domain';
import { createHarness, FORM_ID, later, START, type Harness } from '../../testing/api-harness';
import { COLLECTIONS } from '../../store/collections';
import { dumpStore, seedApplication } from '../../testing/staff-fixtures';

let harness: Harness;

const score = (index: number) => ((index * 7) % 30) / 10;

beforeEach(async () => {
  harness = await createHarness();
  for (let index = 0; index < 30; index++) {
    const number = String(index).padStart(2, '0');
    const firstName = index < 12 ? `Blair${number}` : `Alex${number}`;
    await seedApplication(harness, { id: `applicant-${number}`, firstName, lastName: 'Quinn' }, ['bootcamp'], {
      submittedAt: later(START, index * 1000).toISOString(),
      row: { reviewScore: score(index), qualified: index % 3 === 0 },
    });
  }
});
afterEach(() => harness.close());

async function rows(query: string) {
  const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?${query}`);
  expect(res.status).toBe(200);
  return res.body as Page<ApplicationRowView>;
}

/** Follows nextCursor to the end; every page reports the same total. */
async function walk(query: string) {
  const seen: ApplicationRowView[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Page<ApplicationRowView> = await rows(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...page.items);
    totals.push(page.total);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 10);
  return { seen, totals, pages };
}

describe('GET /api/admin/forms/:formId/rows', () => {
  it('pages 30 rows by 10, newest first, without search tokens', async () => {
    const { seen, totals, pages } = await walk('limit=10');
    expect(pages).toBe(3);
    expect(totals).toEqual([30, 30, 30]);
    expect(seen.map((row) => row.userId)).toEqual(
      Array.from({ length: 30 }, (_, index) => `applicant-${String(29 - index).padStart(2, '0')}`),
    );
    expect(seen[0]).not.toHaveProperty('searchTokens');
    expect(seen[0]).not.toHaveProperty('sortName');
  });

  it('searches by name prefix, case-insensitively, and pages the matches', async () => {
    const { seen, totals } = await walk('limit=10&search=%20bLAIR');
    expect(totals).toEqual([12, 12]);
    expect(seen.map((row) => row.applicantName).sort()).toEqual(
      Array.from({ length: 12 }, (_, index) => `Blair${String(index).padStart(2, '0')} Quinn`),
    );
    expect((await rows('search=blair05')).items.map((row) => row.userId)).toEqual(['applicant-05']);
    expect(await rows('search=zed')).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('sorts by review score, highest first, across pages', async () => {
    const { seen } = await walk('limit=10&sort=reviewScore&dir=desc');
    const scores = seen.map((row) => row.reviewScore as number);
    expect(scores).toHaveLength(30);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBe(2.9);
  });

  it('sorts by name and filters the qualified tab', async () => {
    const byName = await rows('sort=name&dir=asc&limit=3');
    expect(byName.items.map((row) => row.applicantName)).toEqual(['Alex12 Quinn', 'Alex13 Quinn', 'Alex14 Quinn']);
    const qualified = await walk('tab=qualified&limit=4');
    expect(qualified.totals[0]).toBe(10);
    expect(qualified.seen.every((row) => row.qualified)).toBe(true);
    expect(qualified.seen).toHaveLength(10);
  });

  it.each([
    'cursor=not-a-cursor',
    'cursor=eyJpZCI6MX0',
    'limit=0',
    'limit=101',
    'limit=ten',
    'sort=email',
    'dir=up',
    'tab=mine',
    'unknown=1',
    'tab=all&tab=qualified',
    `search=${'x'.repeat(101)}`,
  ])('answers 400 to the query %s', async (query) => {
    const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-request');
  });

  it('answers 404 to an unknown or malformed form id, and writes nothing', async () => {
    const before = await dumpStore(harness);
    expect((await harness.as('dora').get('/admin/forms/no-such-form/rows')).status).toBe(404);
    expect((await harness.as('dora').get('/admin/forms/bad%20id/rows')).status).toBe(404);
    // The rows are read beside the form; a form without counters would have them recounted and stored.
    expect(await dumpStore(harness)).toEqual(before);
  });

  it('reads a page in a stored order beside the form, not after it', async () => {
    const events: string[] = [];
    let release = () => {};
    const queried = new Promise<void>((resolve) => (release = resolve));
    const { get, query } = harness.store;
    const getSpy = jest.spyOn(harness.store, 'get').mockImplementation(async (collection, id) => {
      if (collection !== COLLECTIONS.forms) return get(collection, id);
      // The form's read ends once the rows' query has started, or after a second if it never does.
      await Promise.race([queried, new Promise((resolve) => setTimeout(resolve, 1000))]);
      events.push('form read');
      return get(collection, id);
    });
    const querySpy = jest.spyOn(harness.store, 'query').mockImplementation((collection, spec) => {
      if (collection === COLLECTIONS.reviewStatuses) {
        events.push('rows query');
        release();
      }
      return query(collection, spec);
    });
    const page = await rows('tab=all&sort=submittedAt&dir=desc&limit=5');
    getSpy.mockRestore();
    querySpy.mockRestore();
    expect(page.items).toHaveLength(5);
    expect(events.slice(0, 2)).toEqual(['rows query', 'form read']);
  });
});

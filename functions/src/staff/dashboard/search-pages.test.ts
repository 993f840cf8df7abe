import { createHarness, FORM_ID, type Harness } from '../../testing/api-harness';
import {
  assessmentSearchDifferences,
  indexedOnly,
  rowListings,
  rowSearchDifferences,
  seedSearchAssessments,
  seedSearchRows,
  userSearchDifferences,
} from '../../testing/search-scenarios';
import { testSqliteStore } from '../../testing/test-store';

/**
 * Searches of the dashboard rows, the assessments and the users, with every sort, filter and page,
 * answer what the listing without the search answers for the matches (search-scenarios.ts), on
 * SQLite with only the declared indexes; search-pages.emulator.test.ts runs the same on the
 * Firestore emulator.
 */

let harness: Harness;
let people: Awaited<ReturnType<typeof seedSearchRows>>;

beforeAll(async () => {
  harness = await createHarness({ store: indexedOnly(testSqliteStore()) });
  people = await seedSearchRows(harness);
  await seedSearchAssessments(harness, 'rita');
}, 60_000);
afterAll(() => harness.close());

describe('searches, sorted, filtered and paged (SQLite)', () => {
  it('has matches on several pages to compare: "An" finds 10 rows of 9 people, 2 of them of one name', async () => {
    const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?tab=all&search=An&limit=2`);
    expect(res.body).toMatchObject({ total: 10, nextCursor: expect.any(String) });
  });

  it.each(rowListings())('dashboard rows: %s', async (listing) => {
    expect(await rowSearchDifferences(harness, people, listing)).toEqual([]);
  });

  it("a staff member's assessments", async () => {
    expect(await assessmentSearchDifferences(harness, people, 'rita')).toEqual([]);
  });

  it('the users list, by role', async () => {
    expect(await userSearchDifferences(harness)).toEqual([]);
  });
});

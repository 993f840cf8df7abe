import { describeOnFirestore } from '../../testing/store-targets';
import {
  assessmentSearchDifferences,
  indexedOnly,
  memoryPagingDifferences,
  rowListings,
  rowSearchDifferences,
  seedSearchAssessments,
  seedSearchRows,
  userSearchDifferences,
} from '../../testing/search-scenarios';

/**
 * search-pages.test.ts and memory-pages.test.ts on Google's Cloud Firestore emulator: searches answer
 * what the listing without the search answers for the matches, every query through a declared index.
 */
// A search reads its words' postings and its rows by id (staff/search-postings.ts): more requests
// than the one query it was, which the emulator answers one by one on the shared machine.
jest.setTimeout(600_000);

describeOnFirestore(
  'search-pages',
  'searches, sorted, filtered and paged, on %s',
  (run) => {
    run('pages in memory as the store pages the same order (types, ties, missing fields, cursors)', async (harness) => {
      expect(await memoryPagingDifferences(harness.store)).toEqual([]);
    });
    run('dashboard rows (every tab, sort, direction and filter), assessments and users', async (harness) => {
      const people = await seedSearchRows(harness);
      await seedSearchAssessments(harness, 'rita');
      const differences: string[] = [];
      for (const listing of rowListings()) differences.push(...(await rowSearchDifferences(harness, people, listing)));
      differences.push(...(await assessmentSearchDifferences(harness, people, 'rita')));
      differences.push(...(await userSearchDifferences(harness)));
      expect(differences).toEqual([]);
    });
  },
  { wrap: indexedOnly },
);

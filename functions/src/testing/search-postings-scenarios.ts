import { isDeepStrictEqual } from 'node:util';
import type { ApplicationResponse, ApplicationRow, ApplicationRowView, Page } from '@portal/shared/domain';
import { searchPostingKeysMigration } from '../migrations/search-postings';
import {
  freshPostings,
  indexRowsForSearch,
  postingId,
  postingShard,
  rowsHolding,
  type IndexedRow,
  LISTED_ROW_FIELDS,
  POSTING_SHARDS,
  type Posting,
} from '../staff/search-postings';
import { DEFAULT_MAIL_SETTINGS } from '../outbox/outbox';
import { createScheduler } from '../scheduler/scheduler';
import { searchPostingsJobId } from '../staff/search-postings-job';
import { COLLECTIONS } from '../store/collections';
import type { CountingStore } from '../store/counting-store';
import type { DocumentStore, StoreTransaction } from '../store/document-store';
import { completeResponse, FORM_ID, startResponse, withAnswers, type Harness } from './api-harness';
import { ADA_ANSWERS } from './answer-search-scenarios';
import { seedApplication, seedApplications } from './staff-fixtures';
import type { StoreTest } from './store-targets';

/**
 * The dashboard search's postings (staff/search-postings.ts) on each store: a search reads its
 * postings and the rows it finds by id, and the postings always list exactly the rows holding each
 * token, through submits (at once too), decisions and erasures. Run on SQLite
 * (search-postings.test.ts) and on the Firestore emulator (search-postings.emulator.test.ts).
 */

/** A posting's rows, each with its keys, in id order (a posting keeps them in the order they were added). */
function inAnyOrder({ rows, sortNames, submittedAts, ...posting }: Posting) {
  const entries = rows.map((row, at) => [row, sortNames?.[at], submittedAts?.[at]] as const);
  return { ...posting, rows: entries.sort(([a], [b]) => (a < b ? -1 : 1)) };
}

/** How the stored postings differ from those of the rows stored now (none: []). */
export async function postingDifferences(harness: Harness): Promise<string[]> {
  const rows = (await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses)).items.map((item) => item.data);
  const wanted = new Map(freshPostings(rows).map(({ id, data }) => [id, inAnyOrder(data)]));
  const stored = new Map(
    (await harness.store.query<Posting>(COLLECTIONS.searchPostings)).items.map(({ id, data }) => [
      id,
      inAnyOrder(data),
    ]),
  );
  const differences: string[] = [];
  for (const id of new Set([...wanted.keys(), ...stored.keys()])) {
    const [want, have] = [wanted.get(id), stored.get(id)];
    if (!isDeepStrictEqual(want, have)) differences.push(`${id}: ${JSON.stringify({ want, have })}`);
  }
  return differences;
}

/** The ids of the rows a super-reviewer's search finds, and its total. */
async function found(harness: Harness, search: string): Promise<{ ids: string[]; total: number }> {
  const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?tab=all&search=${encodeURIComponent(search)}`);
  if (res.status !== 200) throw new Error(`search: ${res.status} ${res.text}`);
  const page = res.body as Page<ApplicationRowView>;
  return { ids: page.items.map((row) => `${row.responseId}__${row.role}`).sort(), total: page.total };
}

/** `who` submits a complete application with ADA_ANSWERS through the API. */
async function applies(harness: Harness, who: 'ada' | 'eve'): Promise<ApplicationResponse> {
  const started = await startResponse(harness, who);
  const answers = withAnswers(await completeResponse(harness, started), ADA_ANSWERS);
  const res = await harness.as(who).post('/application/submit', answers);
  if (res.status !== 200) throw new Error(`submit: ${res.status} ${res.text}`);
  return res.body as ApplicationResponse;
}

export function searchPostingsTests(run: StoreTest): void {
  run('a search reads its postings and the rows it finds by id, never the other rows', async (harness) => {
    const responses: ApplicationResponse[] = [];
    for (let index = 0; index < 12; index++) {
      const number = String(index).padStart(2, '0');
      responses.push(
        await seedApplication(harness, { id: `p${number}`, firstName: `Name${number}`, lastName: 'Sample' }, [
          'bootcamp',
        ]),
      );
    }
    const counting = harness.store as CountingStore;
    const { result, counts } = await counting.measure(() => found(harness, 'name07'));
    expect(result).toEqual({ ids: [`${responses[7]!.id}__bootcamp`], total: 1 });
    // The term's postings, one per shard, and the one row: not the form's 12.
    expect(counts.byCollection[COLLECTIONS.searchPostings]!.reads).toBe(POSTING_SHARDS);
    expect(counts.byCollection[COLLECTIONS.reviewStatuses]!.reads).toBe(1);
    // Two terms: both postings read, only the rows holding both.
    const both = await counting.measure(() => found(harness, 'sample name03'));
    expect(both.result.total).toBe(1);
    expect(both.counts.byCollection[COLLECTIONS.searchPostings]!.reads).toBe(2 * POSTING_SHARDS);
    expect(both.counts.byCollection[COLLECTIONS.reviewStatuses]!.reads).toBe(1);
    expect(await found(harness, 'nobody')).toEqual({ ids: [], total: 0 });
  });

  run(
    'more matches than a page: paged by the keys of their postings, or read with the fields that sort and filter them; the page without its tokens',
    async (harness) => {
      const applicants = (from: number, count: number) =>
        Array.from({ length: count }, (_, index) => {
          const number = String(from + index).padStart(2, '0');
          return { id: `s${number}`, firstName: `Name${number}`, lastName: 'Sample' };
        });
      await seedApplications(harness, applicants(0, 9), ['bootcamp'], { row: { qualified: true } });
      await seedApplications(harness, applicants(9, 7), ['bootcamp']);
      await seedApplication(harness, { id: 'other', firstName: 'Other', lastName: 'Person' }, ['bootcamp']);
      const store = harness.store as CountingStore;
      const getAll = jest.spyOn(store, 'getAll');
      const page = async (query: string) => {
        getAll.mockClear();
        const sort = query.includes('sort=') ? '' : 'sort=name&';
        const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?search=sample&${sort}${query}`);
        expect(res.status).toBe(200);
        const body = res.body as Page<ApplicationRowView>;
        const calls = getAll.mock.calls.map(([, ids, fields]) => ({ ids: ids.length, fields }));
        return { body, names: body.items.map((row) => row.applicantName), calls };
      };
      try {
        const first = await page('tab=all&dir=asc&limit=5');
        expect(first.body.total).toBe(16);
        expect(first.names).toEqual([
          'Name00 Sample',
          'Name01 Sample',
          'Name02 Sample',
          'Name03 Sample',
          'Name04 Sample',
        ]);
        // On the all tab with no filter, by name, the page comes from the names the postings hold:
        // only the page's 5 rows are read, with every listed field but their id (they were read by
        // it) and without their search tokens.
        const listed = LISTED_ROW_FIELDS.filter((field) => field !== 'id');
        expect(first.calls).toEqual([{ ids: 5, fields: listed }]);
        expect(first.body.items[0]).toMatchObject({ applicantEmail: 's00@example.com', role: 'bootcamp' });

        const next = await page(`tab=all&dir=asc&limit=5&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
        expect(next.names).toEqual([
          'Name05 Sample',
          'Name06 Sample',
          'Name07 Sample',
          'Name08 Sample',
          'Name09 Sample',
        ]);

        expect(next.calls).toEqual([{ ids: 5, fields: listed }]);

        // By submission too (the seeds' times follow their numbers), newest first.
        const newest = await harness
          .as('dora')
          .get(`/admin/forms/${FORM_ID}/rows?search=sample&sort=submittedAt&dir=desc&tab=all&limit=3`);
        const stored = (await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses)).items
          .map((item) => item.data)
          .filter((row) => row.applicantName.endsWith('Sample'))
          .sort((a, b) =>
            a.submittedAt === b.submittedAt ? (a.id < b.id ? 1 : -1) : a.submittedAt < b.submittedAt ? 1 : -1,
          );
        expect((newest.body as Page<ApplicationRowView>).items.map((row) => row.applicantName)).toEqual(
          stored.slice(0, 3).map((row) => row.applicantName),
        );
        expect(getAll.mock.calls.at(-1)![1]).toHaveLength(3);

        // A sort the postings hold no key for: the matches are read with its field alone (not their
        // id, which they were read by, nor their form: the postings are the form's).
        const byScore = await page('tab=all&sort=reviewScore&dir=asc&limit=5');
        expect(byScore.calls).toEqual([
          { ids: 16, fields: ['reviewScore'] },
          { ids: 5, fields: listed },
        ]);

        // The tab's filter holds on the fields read: the 9 qualified, in reverse.
        const qualified = await page('tab=qualified&dir=desc&limit=5');
        expect(qualified.body.total).toBe(9);
        expect(qualified.names).toEqual([
          'Name08 Sample',
          'Name07 Sample',
          'Name06 Sample',
          'Name05 Sample',
          'Name04 Sample',
        ]);
        expect(qualified.calls[0]!.fields).toEqual(['qualified', 'sortName']);

        // A page or fewer matches: read at once, without their tokens.
        const few = await page('tab=qualified&dir=asc&limit=20');
        expect(few.body.total).toBe(9);
        expect(few.calls).toEqual([{ ids: 16, fields: listed }]);
        expect(few.body.items[8]).toMatchObject({ applicantName: 'Name08 Sample', qualified: true });

        // A page without a search reads its rows without their tokens too.
        const query = jest.spyOn(store, 'query');
        try {
          const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?tab=all&sort=name&dir=asc&limit=5`);
          expect(res.status).toBe(200);
          expect((res.body as Page<ApplicationRowView>).items[0]).toMatchObject({
            applicantEmail: 's00@example.com',
          });
          const rowQueries = query.mock.calls.filter(([collection]) => collection === COLLECTIONS.reviewStatuses);
          expect(rowQueries.map(([, spec]) => spec?.fields)).toEqual([LISTED_ROW_FIELDS]);
        } finally {
          query.mockRestore();
        }
      } finally {
        getAll.mockRestore();
      }
    },
  );

  run(
    'the postings list exactly the rows holding each token after submits, decisions and an erasure',
    async (harness) => {
      const ada = await applies(harness, 'ada');
      const eve = await applies(harness, 'eve');
      expect(await postingDifferences(harness)).toEqual([]);
      const both = [`${ada.id}__bootcamp`, `${ada.id}__engineer`, `${eve.id}__bootcamp`, `${eve.id}__engineer`].sort();
      expect((await found(harness, 'robotics')).ids).toEqual(both);

      // A decision rewrites the row, not its tokens: the postings stay as they were.
      await harness.as('dora').put(`/admin/rows/${ada.id}/engineer/decision`, { decision: 'denied' }).expect(200);
      expect(await postingDifferences(harness)).toEqual([]);
      expect((await found(harness, 'robotics')).total).toBe(4);

      // A repeated submit writes nothing more.
      const again = await harness.as('eve').post('/application/submit', { ...eve, version: eve.version - 1 });
      expect(again.status).toBe(200);
      expect(await postingDifferences(harness)).toEqual([]);

      // ada deletes her account: no posting names her rows any more.
      await harness.as('ada').post('/auth/delete', { confirmation: 'DELETE' }).expect(200);
      expect(await postingDifferences(harness)).toEqual([]);
      const postings = (await harness.store.query<Posting>(COLLECTIONS.searchPostings)).items;
      expect(postings.filter(({ data }) => data.rows.some((row) => row.startsWith(ada.id)))).toEqual([]);
      expect((await found(harness, 'robotics')).ids).toEqual([`${eve.id}__bootcamp`, `${eve.id}__engineer`]);
    },
  );

  run('submits at once lose no posting', async (harness) => {
    await Promise.all([applies(harness, 'ada'), applies(harness, 'eve')]);
    expect(await postingDifferences(harness)).toEqual([]);
    // More at once, sharing their tokens, as the postings' writes after many submits are.
    const rows = Array.from({ length: 16 }, (_, index) => ({
      id: `r${index}__bootcamp`,
      responseId: `r${index}`,
      applicationFormId: FORM_ID,
      searchTokens: ['shared', 'common', `own${index}`],
      sortName: `name ${index}`,
      submittedAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
    }));
    await Promise.all(rows.map((row) => indexRowsForSearch(harness.store, [row])));
    const held = new Set<string>();
    for (const { data } of (await harness.store.query<Posting>(COLLECTIONS.searchPostings)).items) {
      for (const row of data.rows) held.add(row);
    }
    expect(rows.filter((row) => !held.has(row.id))).toEqual([]);
    const shared = (await harness.store.query<Posting>(COLLECTIONS.searchPostings)).items.filter(({ id }) =>
      id.endsWith(`__${Buffer.from('shared').toString('base64url')}`),
    );
    expect(shared.flatMap(({ data }) => data.rows).sort()).toEqual(rows.map((row) => row.id).sort());
    // Each row with its own keys.
    const keysOf = new Map(rows.map((row) => [row.id, [row.sortName, row.submittedAt]]));
    for (const { data } of shared) {
      expect(data.rows.map((row, at) => [data.sortNames![at], data.submittedAts![at]])).toEqual(
        data.rows.map((row) => keysOf.get(row)),
      );
    }
  });

  run(
    'postings stored before they held keys: a search reads its matches, and the migration fills the keys in',
    async (harness) => {
      await seedApplications(
        harness,
        Array.from({ length: 12 }, (_, index) => ({ id: `k${index}`, firstName: `Name${index}`, lastName: 'Keyed' })),
        ['bootcamp'],
      );
      // As the postings were stored before they held keys.
      const postings = (await harness.store.query<Posting>(COLLECTIONS.searchPostings)).items;
      await harness.store.batch(
        postings.map(({ id, data: { sortNames: _names, submittedAts: _times, ...old } }) => ({
          kind: 'set' as const,
          collection: COLLECTIONS.searchPostings,
          id,
          data: old,
        })),
      );
      const getAll = jest.spyOn(harness.store, 'getAll');
      const search = async () => {
        getAll.mockClear();
        const res = await harness
          .as('dora')
          .get(`/admin/forms/${FORM_ID}/rows?search=keyed&sort=name&dir=desc&limit=5`);
        expect(res.status).toBe(200);
        const body = res.body as Page<ApplicationRowView>;
        return {
          names: body.items.map((row) => row.applicantName),
          total: body.total,
          reads: getAll.mock.calls.length,
        };
      };
      try {
        const wanted = {
          names: ['Name9 Keyed', 'Name8 Keyed', 'Name7 Keyed', 'Name6 Keyed', 'Name5 Keyed'],
          total: 12,
        };
        // Without keys the matches are read (their names), then the page.
        expect(await search()).toEqual({ ...wanted, reads: 2 });
        expect(await postingDifferences(harness)).not.toEqual([]);

        expect(await searchPostingKeysMigration.run(harness.store)).toBeGreaterThan(0);
        expect(await postingDifferences(harness)).toEqual([]);
        // The same page, and only its rows read.
        expect(await search()).toEqual({ ...wanted, reads: 1 });
        // Run again (cut short, say), it writes nothing.
        expect(await searchPostingKeysMigration.run(harness.store)).toBe(0);
      } finally {
        getAll.mockRestore();
      }
    },
  );

  run(
    "a word held by more rows than a posting's bytes allow: the posting is full, under Firestore's 1 MiB",
    async (harness) => {
      // Rows of one shard with the longest names (two parts of 100 two-byte letters), all holding one word.
      const rows: IndexedRow[] = [];
      for (let index = 0; rows.length < 2200; index++) {
        const responseId = `long${index}`;
        if (postingShard(responseId) !== 0) continue;
        rows.push({
          id: `${responseId}__bootcamp`,
          responseId,
          applicationFormId: FORM_ID,
          searchTokens: ['everyone'],
          sortName: `${'é'.repeat(100)} ${'é'.repeat(95)}${String(index).padStart(5, '0')}`,
          submittedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
        });
      }
      await indexRowsForSearch(harness.store, rows.slice(0, 1000));
      await indexRowsForSearch(harness.store, rows.slice(1000));
      const posting = (await harness.store.get<Posting>(
        COLLECTIONS.searchPostings,
        postingId(FORM_ID, 'everyone', 0),
      ))!;
      expect(posting.full).toBe(true);
      expect(posting.rows.length).toBeGreaterThan(1500);
      expect(posting.rows.length).toBeLessThan(rows.length);
      expect(posting.rows).toEqual(rows.slice(0, posting.rows.length).map((row) => row.id));
      expect(posting.sortNames).toEqual(rows.slice(0, posting.rows.length).map((row) => row.sortName));
      expect(Buffer.byteLength(JSON.stringify(posting))).toBeLessThan(1_048_576);
      // A full posting names only some of the rows holding its word: the search does not read it.
      expect(await rowsHolding(harness.store, FORM_ID, 'everyone')).toBeNull();
    },
  );

  run('a submit whose request stops before its postings leaves a job the scheduler finishes', async (harness) => {
    // The request stops as it writes the postings (an instance stopped after the commit): every
    // transaction that reads a posting fails until the "instance" is back.
    const store = harness.store as DocumentStore;
    const transaction = store.transaction.bind(store);
    let stopped = true;
    store.transaction = <R>(work: (tx: StoreTransaction) => Promise<R>) =>
      transaction((tx) =>
        work(
          Object.assign(Object.create(tx) as StoreTransaction, {
            get: (collection: string, id: string) => {
              if (stopped && collection === COLLECTIONS.searchPostings) throw new Error('the instance stopped');
              return tx.get(collection, id);
            },
          }),
        ),
      );
    const started = await startResponse(harness, 'ada');
    const answers = withAnswers(await completeResponse(harness, started), ADA_ANSWERS);
    const res = await harness.as('ada').post('/application/submit', answers);
    // The submit stands (it committed): its rows are stored, no posting names them yet, the job is stored.
    expect(res.status).toBe(200);
    expect(await harness.store.get(COLLECTIONS.jobs, searchPostingsJobId(started.id))).toMatchObject({
      kind: 'search-postings',
      state: 'writing',
    });
    expect((await found(harness, 'robotics')).total).toBe(0);
    stopped = false;
    store.transaction = transaction;
    await createScheduler({ store, now: () => harness.clock.now, mail: DEFAULT_MAIL_SETTINGS }).runOnce();
    expect((await found(harness, 'robotics')).ids).toEqual([`${started.id}__bootcamp`, `${started.id}__engineer`]);
    expect(await postingDifferences(harness)).toEqual([]);
    expect(await harness.store.get(COLLECTIONS.jobs, searchPostingsJobId(started.id))).toBeNull();
  });

  run('a submit leaves no job behind once its postings are written', async (harness) => {
    const response = await applies(harness, 'ada');
    expect(await harness.store.get(COLLECTIONS.jobs, searchPostingsJobId(response.id))).toBeNull();
    expect(await postingDifferences(harness)).toEqual([]);
  });
}

import { isDeepStrictEqual } from 'node:util';
import type { ApplicationResponse, ApplicationRow, ApplicationRowView, Page } from '@portal/shared/domain';
import {
  freshPostings,
  indexRowsForSearch,
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

/** How the stored postings differ from those of the rows stored now (none: []). */
export async function postingDifferences(harness: Harness): Promise<string[]> {
  const rows = (await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses)).items.map((item) => item.data);
  const wanted = new Map(freshPostings(rows).map(({ id, data }) => [id, { ...data, rows: [...data.rows].sort() }]));
  const stored = new Map(
    (await harness.store.query<Posting>(COLLECTIONS.searchPostings)).items.map(({ id, data }) => [
      id,
      { ...data, rows: [...data.rows].sort() },
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
    'more matches than a page: the matches are read with the fields that sort and filter them, the page without its tokens',
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
        const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?search=sample&sort=name&${query}`);
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
        // The 16 matches with the fields that sort and filter them, then the page's 5 rows, both
        // without their search tokens.
        const withoutTokens = expect.not.arrayContaining(['searchTokens']) as unknown;
        expect(first.calls).toEqual([
          { ids: 16, fields: withoutTokens },
          { ids: 5, fields: withoutTokens },
        ]);
        // The matches, read by id from the form's postings, with their sort's field alone: not their
        // id (they were read by it), nor their form (the postings are the form's).
        expect(first.calls[0]!.fields).toEqual(['sortName']);
        // The page's rows with every listed field but their id (they were read by it).
        expect(first.calls[1]!.fields).toEqual(LISTED_ROW_FIELDS.filter((field) => field !== 'id'));
        expect(first.body.items[0]).toMatchObject({ applicantEmail: 's00@example.com', role: 'bootcamp' });

        const next = await page(`tab=all&dir=asc&limit=5&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
        expect(next.names).toEqual([
          'Name05 Sample',
          'Name06 Sample',
          'Name07 Sample',
          'Name08 Sample',
          'Name09 Sample',
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
        expect(few.calls).toEqual([{ ids: 16, fields: withoutTokens }]);
        expect(few.calls[0]!.fields).toEqual(first.calls[1]!.fields);
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
  });

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

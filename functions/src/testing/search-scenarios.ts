import {
  ROW_FILTERS,
  ROW_SORTS,
  ROW_TABS,
  matchesSearch,
  searchTerms,
  searchTokens,
  type ApplicationRow,
  type ApplicationRowView,
  type Assessment,
  type Page,
  type StaffMember,
  type TeamRole,
  withFilterKeys,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { assertIndexed, INDEX_FILE, readIndexFile } from '../store/firestore-indexes';
import { pageInMemory } from '../store/memory-pages';
import { FORM_ID, later, START, type Harness } from './api-harness';
import { seedApplication } from './staff-fixtures';

/**
 * Searches answer exactly what the same listing without the search answers, restricted to the
 * matches: the same rows, in the same order, paged the same way, with the same total, for every tab,
 * sort, direction and filter (the dashboard rows), for a staff member's assessments and for the users
 * list. Searches sort and page in memory (docs/performance.md#index-budget); the listings without a
 * search are the stores' own order, through their indexes. Run on SQLite and the Firestore emulator.
 */

/** The store, refusing (as production Firestore does) any query or count firestore.indexes.json has no index for. */
export function indexedOnly(store: DocumentStore): DocumentStore {
  const indexes = readIndexFile(INDEX_FILE);
  return {
    ...store,
    query: (collection, spec = {}) => {
      assertIndexed({ collection, where: spec.where ?? [], orderBy: spec.orderBy }, indexes);
      return store.query(collection, spec);
    },
    count: (collection, where = []) => {
      assertIndexed({ collection, where }, indexes);
      return store.count(collection, where);
    },
  };
}

interface Person {
  id: string;
  firstName: string;
  lastName: string;
}

/** Names that "An" finds (first, last, middle part, email) and some it does not; two share a name (ties by id). */
const PEOPLE: Person[] = [
  { id: 'p01', firstName: 'Ana', lastName: 'Smith' },
  { id: 'p02', firstName: 'Anna', lastName: 'Lee' },
  { id: 'p03', firstName: 'Bob', lastName: 'Andrews' },
  { id: 'p04', firstName: 'Ana', lastName: 'Smith' },
  { id: 'p05', firstName: 'Dan', lastName: 'Brown' },
  { id: 'p06', firstName: 'Maria Ana', lastName: 'Ortiz' },
  { id: 'p07', firstName: 'Ángel', lastName: 'Anders' },
  { id: 'p08', firstName: 'Zoë', lastName: 'Annan' },
  { id: 'p09', firstName: 'Carl', lastName: 'Nash' },
  { id: 'p10', firstName: 'André', lastName: 'Ng' },
  { id: 'p11', firstName: 'Anita', lastName: 'Zed' },
  { id: 'p12', firstName: 'Eve', lastName: 'Stone' },
];
export const SEARCHES = ['An', ' ana smith', 'ANA S', 'zz'];

const found = (person: Omit<Person, 'id'> & { email: string }, search: string) =>
  matchesSearch(searchTokens(person), searchTerms(search));

/** Rows in every state the tabs and filters tell apart, with tied scores and times. */
export async function seedSearchRows(harness: Harness): Promise<Map<string, Person & { email: string }>> {
  const people = new Map<string, Person & { email: string }>();
  for (const [index, person] of PEOPLE.entries()) {
    people.set(person.id, { ...person, email: `${person.id}@example.com` });
    const roles: TeamRole[] = index % 4 === 0 ? ['bootcamp', 'engineer'] : ['bootcamp'];
    const decision = (['accepted', 'denied', 'waitlist', 'not-reviewed', 'under-review'] as const)[index % 5]!;
    const offer = decision === 'accepted' ? ([undefined, 'accepted', 'declined'] as const)[index % 3] : undefined;
    const row: Partial<ApplicationRow> = {
      qualified: index % 2 === 0,
      decision,
      final: ['accepted', 'denied', 'waitlist'].includes(decision),
      ...(offer ? { offer } : {}),
      reviewScore: index % 3 === 0 ? null : (index % 4) * 1.5,
      interviewScore: index % 5 === 0 ? null : index % 2,
    };
    await seedApplication(harness, person, roles, {
      submittedAt: later(START, (index % 6) * 1000).toISOString(),
      row: withFilterKeys({ ...row } as ApplicationRow),
    });
  }
  return people;
}

/** Every page of a listing, following nextCursor: the items, each page's total, and whether only the last page had no cursor. */
export async function walk<T>(get: (cursor: string | null) => Promise<Page<T>>) {
  const items: T[] = [];
  const totals: number[] = [];
  const cursors: boolean[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await get(cursor);
    items.push(...page.items);
    totals.push(page.total);
    cursor = page.nextCursor;
    cursors.push(cursor !== null);
    if (cursors.length > 50) throw new Error('more than 50 pages');
  } while (cursor);
  return { items, totals, cursors };
}

const get = async <T>(harness: Harness, path: string): Promise<Page<T>> => {
  const res = await harness.as('dora').get(path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return res.body as Page<T>;
};
const withCursor = (path: string, cursor: string | null) => (cursor ? `${path}&cursor=${cursor}` : path);

/** How a searched listing paged by `size` differs from the `expected` ids (the same, each page with their total): null when it does not. */
function pagingDifference(
  expected: string[],
  searched: { items: string[]; totals: number[]; cursors: boolean[] },
  size: number,
): string | null {
  const pages = Math.max(1, Math.ceil(expected.length / size));
  const wanted = {
    ids: expected,
    totals: Array.from({ length: pages }, () => expected.length),
    cursors: Array.from({ length: pages }, (_, at) => at < pages - 1),
  };
  const actual = { ids: searched.items, totals: searched.totals, cursors: searched.cursors };
  return JSON.stringify(actual) === JSON.stringify(wanted) ? null : JSON.stringify({ actual, wanted });
}

/** The dashboard rows' listings: every tab, sort, direction and filter (filters on the `all` tab, as the dashboard offers them). */
export function rowListings(): string[] {
  const listings: string[] = [];
  for (const tab of ROW_TABS) {
    for (const sort of ROW_SORTS) {
      for (const dir of ['asc', 'desc']) {
        for (const filter of tab === 'all' ? ['', ...ROW_FILTERS] : ['']) {
          listings.push(`tab=${tab}&sort=${sort}&dir=${dir}${filter ? `&filter=${filter}` : ''}`);
        }
      }
    }
  }
  return listings;
}

/**
 * For one listing, each search paged by 2 against the listing without it (read by 100): the
 * differences (empty when the search answered the listing's matching rows in its order).
 */
export async function rowSearchDifferences(
  harness: Harness,
  people: Map<string, { firstName: string; lastName: string; email: string }>,
  listing: string,
): Promise<string[]> {
  const base = `/admin/forms/${FORM_ID}/rows?${listing}`;
  const all = await walk((cursor) => get<ApplicationRowView>(harness, withCursor(`${base}&limit=100`, cursor)));
  const differences: string[] = [];
  for (const search of SEARCHES) {
    const expected = all.items.filter((row) => found(people.get(row.userId)!, search)).map((row) => row.id);
    const searched = await walk(async (cursor) => {
      const page = await get<ApplicationRowView>(
        harness,
        withCursor(`${base}&limit=2&search=${encodeURIComponent(search)}`, cursor),
      );
      return { ...page, items: page.items.map((row) => row.id) };
    });
    const difference = pagingDifference(expected, searched, 2);
    if (difference) differences.push(`${listing}, search ${JSON.stringify(search)}: ${difference}`);
  }
  return differences;
}

/** A staff member's reviews of the seeded rows, created at tied times (the id decides). */
export async function seedSearchAssessments(harness: Harness, staffId: string): Promise<void> {
  const rows = await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses, {
    where: [{ field: 'applicationFormId', value: FORM_ID }],
  });
  for (const [index, { data: row }] of rows.items.entries()) {
    const review: Assessment = {
      id: `review-${String((index * 7) % rows.items.length).padStart(2, '0')}-${row.id}`,
      kind: 'review',
      applicationFormId: FORM_ID,
      responseId: row.responseId,
      role: row.role,
      staffId,
      staffName: 'Rita Tester',
      applicantUserId: row.userId,
      applicantName: row.applicantName,
      searchTokens: row.searchTokens,
      scores: {},
      comments: '',
      state: 'not-started',
      score: null,
      version: 0,
      createdAt: later(START, (index % 4) * 1000).toISOString(),
      updatedAt: START.toISOString(),
      submittedAt: null,
    };
    await harness.store.set(COLLECTIONS.reviews, review.id, review);
  }
}

/** The assessments list searched against the list without a search (see `rowSearchDifferences`). */
export async function assessmentSearchDifferences(
  harness: Harness,
  people: Map<string, { firstName: string; lastName: string; email: string }>,
  staffId: string,
): Promise<string[]> {
  const base = `/admin/forms/${FORM_ID}/assessments?kind=review&staffId=${staffId}`;
  const all = await walk((cursor) => get<Assessment>(harness, withCursor(`${base}&limit=100`, cursor)));
  const differences: string[] = [];
  for (const search of SEARCHES) {
    const expected = all.items
      .filter((each) => found(people.get(each.applicantUserId)!, search))
      .map((each) => each.id);
    const searched = await walk(async (cursor) => {
      const page = await get<Assessment>(
        harness,
        withCursor(`${base}&limit=3&search=${encodeURIComponent(search)}`, cursor),
      );
      return { ...page, items: page.items.map((each) => each.id) };
    });
    const difference = pagingDifference(expected, searched, 3);
    if (difference) differences.push(`assessments, search ${JSON.stringify(search)}: ${difference}`);
  }
  return differences;
}

/** The users list (each role, and none) searched against the list without a search (see `rowSearchDifferences`). */
export async function userSearchDifferences(harness: Harness): Promise<string[]> {
  const differences: string[] = [];
  for (const role of ['', 'role=applicant&', 'role=reviewer&']) {
    const base = `/admin/users?${role}`;
    const all = await walk((cursor) => get<StaffMember>(harness, withCursor(`${base}limit=100`, cursor)));
    for (const search of [...SEARCHES, 'tester', 'r']) {
      const expected = all.items.filter((user) => found(user, search)).map((user) => user.id);
      const searched = await walk(async (cursor) => {
        const page = await get<StaffMember>(
          harness,
          withCursor(`${base}limit=2&search=${encodeURIComponent(search)}`, cursor),
        );
        return { ...page, items: page.items.map((user) => user.id) };
      });
      const difference = pagingDifference(expected, searched, 2);
      if (difference) differences.push(`users ${role}search ${JSON.stringify(search)}: ${difference}`);
    }
  }
  return differences;
}

/**
 * `pageInMemory` against the store's own paging of the same order, over values of every type a list
 * sorts by (null, booleans, numbers, text past the BMP and in its private use area), ties, documents
 * lacking the field and ids of mixed case: the differences (empty when each page is the store's).
 */
export async function memoryPagingDifferences(store: DocumentStore): Promise<string[]> {
  // A collection of its own: ordered alone, a single-field index serves the order.
  const collection = 'memory-paging';
  const values: unknown[] = [
    null,
    false,
    true,
    -2,
    0,
    1.5,
    1.5,
    3,
    '',
    'A',
    'a',
    'é',
    '\u{1F600}',
    '\uE000',
    'zz',
    'a',
  ];
  const docs = values.map((value, at) => ({
    id: `${at % 3 === 0 ? 'D' : 'd'}${String((at * 5) % values.length).padStart(2, '0')}`,
    value,
  }));
  docs.push({ id: 'd99', value: undefined });
  for (const doc of docs) {
    const { value, ...rest } = doc;
    await store.set(collection, doc.id, value === undefined ? rest : doc);
  }
  const stored = docs.map(({ value, ...rest }) => (value === undefined ? rest : { ...rest, value }));
  const differences: string[] = [];
  for (const direction of ['asc', 'desc'] as const) {
    for (const limit of [1, 2, 5, 40]) {
      const orderBy = { field: 'value', direction };
      const fromStore = await walk(async (cursor) => {
        const page = await store.query(collection, { orderBy, limit, after: cursor ?? undefined });
        return { items: page.items.map((item) => item.id), nextCursor: page.nextCursor, total: docs.length };
      });
      const inMemory = await walk(async (cursor) => {
        const page = pageInMemory(stored, { orderBy, limit, after: cursor ?? undefined });
        return { ...page, items: page.items.map((item) => item.id) };
      });
      if (JSON.stringify(fromStore) !== JSON.stringify(inMemory)) {
        differences.push(`${direction} by ${limit}: ${JSON.stringify({ fromStore, inMemory })}`);
      }
    }
  }
  await store.batch(docs.map((doc) => ({ kind: 'delete', collection, id: doc.id })));
  return differences;
}

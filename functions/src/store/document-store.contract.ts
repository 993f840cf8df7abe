import {
  DocumentExistsError,
  DocumentNotFoundError,
  InvalidCursorError,
  StoreLimitError,
  type DocumentData,
  type DocumentStore,
  type QuerySpec,
  type WriteOperation,
} from './document-store';
import { DerivedCache } from './derived-cache';
import { documentSize, STORE_LIMITS } from './store-limits';

/**
 * What an adapter (or the server it is tested against) may be unable to do here. Each skipped test
 * shows the reason in its name; the Firestore emulator from npm is what needs most of these.
 */
type Capability =
  | 'transactionIsolation'
  | 'cursors'
  /** A commit (batch, transaction) that fails at one write applies none of its writes. */
  | 'atomicCommit'
  /** Results ordered by document id: the default order, and ties of an ordered field. */
  | 'documentIdOrder'
  /** Field paths beyond plain top-level names: dotted nested paths, names with hyphens. */
  | 'fieldPaths'
  /** An equality filter on null matches only an explicit null. */
  | 'nullEquality'
  /** Ordering by a field leaves out the documents lacking it. */
  | 'orderByExcludesMissing'
  /** `set` replaces the whole document (drops the fields it does not name). */
  | 'setReplaces'
  /** An update that makes a stored document larger than 1 MiB is refused (Firestore's server checks it). */
  | 'updateSizeLimit';

export interface DocumentStoreContractOptions {
  /** Capabilities the adapter cannot be tested for here; the value is the reason shown in the test name. */
  skip?: Partial<Record<Capability, string>>;
}

const richDocument = {
  title: 'Grüße, 世界 — 🎉 naïve café',
  empty: '',
  count: 42,
  negative: -7,
  ratio: 0.125,
  zero: 0,
  active: true,
  archived: false,
  missing: null,
  tags: ['a', 'b', 'ç'],
  // Arrays hold no arrays directly (Firestore's rule); an array of maps holding arrays is fine.
  matrix: [{ row: [1, 2] }, { row: [3, 4] }],
  mixed: [1, 'two', true, null, { three: 3 }],
  nested: { level: { deeper: { value: 'x', list: [] }, flag: false }, emptyObject: {} },
};

export function describeDocumentStoreContract(
  name: string,
  makeStore: () => Promise<{ store: DocumentStore; cleanup: () => Promise<void> }>,
  options: DocumentStoreContractOptions = {},
): void {
  const itWith = (...capabilities: Capability[]) => {
    const reasons = capabilities.flatMap((capability) => {
      const reason = options.skip?.[capability];
      return reason === undefined ? [] : [reason];
    });
    if (reasons.length === 0) return it;
    return (title: string, fn: () => Promise<void>) => it.skip(`${title} [skipped: ${reasons.join('; ')}]`, fn);
  };

  describe(`DocumentStore contract: ${name}`, () => {
    let store: DocumentStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await makeStore());
    });

    afterEach(async () => {
      await cleanup();
    });

    const ids = async (collection: string, spec?: QuerySpec) =>
      (await store.query(collection, spec)).items.map((item) => item.id);

    const seed = async (collection: string, docs: Record<string, DocumentData>) => {
      for (const [id, data] of Object.entries(docs)) await store.create(collection, id, data);
    };

    const walkPages = async (collection: string, spec: QuerySpec) => {
      const seen: string[] = [];
      const pageSizes: number[] = [];
      let after: string | undefined;
      for (let page = 0; page < 100; page++) {
        const result = await store.query(collection, { ...spec, ...(after === undefined ? {} : { after }) });
        seen.push(...result.items.map((item) => item.id));
        pageSizes.push(result.items.length);
        if (result.nextCursor === null) return { seen, pageSizes };
        after = result.nextCursor;
      }
      throw new Error('Pagination did not terminate');
    };

    describe('single documents', () => {
      it('returns null for a missing document', async () => {
        expect(await store.get('people', 'nobody')).toBeNull();
      });

      it('reads many documents by id at once (getAll), in the order asked, null where one is missing', async () => {
        await seed('people', { ada: { name: 'Ada' }, bob: { name: 'Bob' }, cy: { name: 'Cy' } });
        expect(await store.getAll('people', ['cy', 'nobody', 'ada', 'cy'])).toEqual([
          { name: 'Cy' },
          null,
          { name: 'Ada' },
          { name: 'Cy' },
        ]);
        expect(await store.getAll('people', [])).toEqual([]);
        await expect(store.getAll('people', ['ada', 'a/b'])).rejects.toThrow();
      });

      it('reads only the fields asked for (getAll with fields), a missing field left out', async () => {
        await seed('people', {
          ada: { name: 'Ada', age: 36, tags: ['math'], address: { city: 'London' } },
          bob: { name: 'Bob' },
        });
        const read = await store.getAll('people', ['ada', 'nobody', 'bob', 'ada'], ['name', 'address', 'age']);
        expect(read).toEqual([
          { name: 'Ada', age: 36, address: { city: 'London' } },
          null,
          { name: 'Bob' },
          { name: 'Ada', age: 36, address: { city: 'London' } },
        ]);
        // An id asked for twice is two reads: changing one leaves the other as stored.
        expect(read[3]).not.toBe(read[0]);
        expect(read[3]!.address).not.toBe(read[0]!.address);
        expect(await store.getAll('people', ['ada'], [])).toEqual([{}]);
        await expect(store.getAll('people', ['ada'], ['address.city'])).rejects.toThrow(/top-level/);
      });

      it('gives each field asked for exactly as stored: every digit of a number, nulls, nesting, any name', async () => {
        const stored = {
          score: 0.30000000000000004,
          tiny: -1.2345678901234568e-300,
          count: 9007199254740991,
          empty: null,
          flag: false,
          text: 'a "quoted" line\nand é',
          nested: { list: [1, { deep: null }, 'x'], when: '2026-11-30T12:00:00.000Z' },
          'odd-name': 'kept',
          '2nd_field': 1,
          bulk: 'z'.repeat(2000),
        };
        await seed('people', { ada: stored });
        const fields = ['score', 'tiny', 'count', 'empty', 'flag', 'text', 'nested', 'missing'];
        const [picked] = await store.getAll('people', ['ada'], fields);
        expect(picked).toEqual({
          score: stored.score,
          tiny: stored.tiny,
          count: stored.count,
          empty: null,
          flag: false,
          text: stored.text,
          nested: stored.nested,
        });
        expect(Object.hasOwn(picked!, 'missing')).toBe(false);
        expect(await store.getAll('people', ['ada'], ['odd-name', '2nd_field', 'score', 'score'])).toEqual([
          { 'odd-name': 'kept', '2nd_field': 1, score: stored.score },
        ]);
      });

      it('a query answers only the fields asked for and the ordered one, and pages on as a whole query does', async () => {
        await seed('people', {
          ada: { name: 'Ada', age: 36, bio: 'x'.repeat(100), team: 'a' },
          bob: { name: 'Bob', age: 41, bio: 'y', team: 'a' },
          cy: { name: 'Cy', age: 29, team: 'a' },
        });
        const spec = { where: [{ field: 'team', value: 'a' }], orderBy: { field: 'age' }, limit: 2 };
        const first = await store.query('people', { ...spec, fields: ['name'] });
        expect(first.items).toEqual([
          { id: 'cy', data: { name: 'Cy', age: 29 } },
          { id: 'ada', data: { name: 'Ada', age: 36 } },
        ]);
        const next = await store.query('people', { ...spec, fields: ['name', 'bio'], after: first.nextCursor! });
        expect(next).toEqual({ items: [{ id: 'bob', data: { name: 'Bob', age: 41, bio: 'y' } }], nextCursor: null });
        expect((await store.query('people', { where: spec.where, fields: [] })).items.map((item) => item.data)).toEqual(
          [{}, {}, {}],
        );
        await expect(store.query('people', { fields: ['bio.text'] })).rejects.toThrow(/top-level/);
      });

      it('derives a document again (getDerived) only once it has changed, in and out of transactions', async () => {
        const derived: DocumentData[] = [];
        const cache = new DerivedCache((data) => {
          derived.push(data);
          return { name: String(data.name) };
        });
        expect(await store.getDerived('people', 'ada', cache)).toBeNull();
        await store.create('people', 'ada', { name: 'Ada' });
        expect(await store.getDerived('people', 'ada', cache)).toEqual({ name: 'Ada' });
        expect(await store.transaction((tx) => tx.getDerived('people', 'ada', cache))).toEqual({ name: 'Ada' });
        expect(derived).toHaveLength(1);

        await store.update('people', 'ada', { name: 'Ada L.' });
        expect(await store.transaction((tx) => tx.getDerived('people', 'ada', cache))).toEqual({ name: 'Ada L.' });
        expect(await store.getDerived('people', 'ada', cache)).toEqual({ name: 'Ada L.' });
        expect(derived).toHaveLength(2);

        // Deleted and created again with other data: never the value of the document before.
        await store.delete('people', 'ada');
        expect(await store.getDerived('people', 'ada', cache)).toBeNull();
        await store.create('people', 'ada', { name: 'Ada K.' });
        expect(await store.getDerived('people', 'ada', cache)).toEqual({ name: 'Ada K.' });
      });

      it('round-trips nested objects, arrays, numbers, booleans, null and unicode', async () => {
        await store.create('people', 'ada', richDocument);
        expect(await store.get('people', 'ada')).toEqual(richDocument);
      });

      it('round-trips unicode document ids', async () => {
        await store.create('people', 'zoë-😀', { ok: true });
        expect(await store.get('people', 'zoë-😀')).toEqual({ ok: true });
        expect(await ids('people')).toEqual(['zoë-😀']);
      });

      it('rejects create on an existing id with DocumentExistsError and keeps the original', async () => {
        await store.create('people', 'ada', { name: 'Ada' });
        await expect(store.create('people', 'ada', { name: 'Impostor' })).rejects.toBeInstanceOf(DocumentExistsError);
        expect(await store.get('people', 'ada')).toEqual({ name: 'Ada' });
      });

      it('set creates a missing document', async () => {
        await store.set('people', 'ada', { name: 'Ada' });
        expect(await store.get('people', 'ada')).toEqual({ name: 'Ada' });
      });

      itWith('setReplaces')('set replaces the whole document', async () => {
        await store.create('people', 'ada', { name: 'Ada', born: 1815, nested: { a: 1 } });
        await store.set('people', 'ada', { name: 'Ada Lovelace' });
        expect(await store.get('people', 'ada')).toEqual({ name: 'Ada Lovelace' });
      });

      it('update merges top-level fields shallowly', async () => {
        await store.create('people', 'ada', { name: 'Ada', born: 1815, address: { city: 'London', zip: 'W1' } });
        await store.update('people', 'ada', { born: 1816, address: { city: 'Paris' }, title: 'Countess' });
        expect(await store.get('people', 'ada')).toEqual({
          name: 'Ada',
          born: 1816,
          address: { city: 'Paris' },
          title: 'Countess',
        });
      });

      it('update of a missing document rejects with DocumentNotFoundError and creates nothing', async () => {
        await expect(store.update('people', 'nobody', { name: 'x' })).rejects.toBeInstanceOf(DocumentNotFoundError);
        expect(await store.get('people', 'nobody')).toBeNull();
      });

      it('delete removes the document', async () => {
        await store.create('people', 'ada', { name: 'Ada' });
        await store.delete('people', 'ada');
        expect(await store.get('people', 'ada')).toBeNull();
        expect(await ids('people')).toEqual([]);
      });

      it('delete of a missing document is a no-op', async () => {
        await store.create('people', 'ada', { name: 'Ada' });
        await expect(store.delete('people', 'nobody')).resolves.toBeUndefined();
        expect(await ids('people')).toEqual(['ada']);
      });

      it('a deleted id can be created again', async () => {
        await store.create('people', 'ada', { v: 1 });
        await store.delete('people', 'ada');
        await store.create('people', 'ada', { v: 2 });
        expect(await store.get('people', 'ada')).toEqual({ v: 2 });
      });

      it('keeps collections isolated', async () => {
        await store.create('people', 'x', { kind: 'person' });
        await store.create('teams', 'x', { kind: 'team' });
        expect(await store.get('people', 'x')).toEqual({ kind: 'person' });
        expect(await store.get('teams', 'x')).toEqual({ kind: 'team' });
        await store.delete('teams', 'x');
        expect(await store.get('people', 'x')).toEqual({ kind: 'person' });
        expect(await store.get('teams', 'x')).toBeNull();
        await store.create('teams', 'y', { kind: 'team' });
        expect(await ids('people')).toEqual(['x']);
        expect(await ids('people', { where: [{ field: 'kind', value: 'team' }] })).toEqual([]);
      });

      it('returns copies: mutating a read result does not change the store', async () => {
        await store.create('people', 'ada', { name: 'Ada', tags: ['a'], nested: { n: 1 } });
        const first = await store.get<{ name: string; tags: string[]; nested: { n: number } }>('people', 'ada');
        first!.name = 'changed';
        first!.tags.push('b');
        first!.nested.n = 2;
        const listed = await store.query<{ tags: string[] }>('people');
        listed.items[0]!.data.tags.push('c');
        expect(await store.get('people', 'ada')).toEqual({ name: 'Ada', tags: ['a'], nested: { n: 1 } });
      });

      it('copies written data: mutating the input after a write does not change the store', async () => {
        const input = { name: 'Ada', tags: ['a'] };
        await store.create('people', 'ada', input);
        input.name = 'changed';
        input.tags.push('b');
        expect(await store.get('people', 'ada')).toEqual({ name: 'Ada', tags: ['a'] });
      });
    });

    describe('queries', () => {
      itWith('documentIdOrder')('returns every document ordered by id when no spec is given', async () => {
        await seed('items', { m: { n: 1 }, b: { n: 2 }, z: { n: 3 }, a: { n: 4 } });
        const page = await store.query('items');
        expect(page.items).toEqual([
          { id: 'a', data: { n: 4 } },
          { id: 'b', data: { n: 2 } },
          { id: 'm', data: { n: 1 } },
          { id: 'z', data: { n: 3 } },
        ]);
        expect(page.nextCursor).toBeNull();
      });

      it('returns an empty page for an empty collection', async () => {
        expect(await store.query('items')).toEqual({ items: [], nextCursor: null });
      });

      it('filters by equality on one field', async () => {
        await seed('items', { a: { status: 'open' }, b: { status: 'closed' }, c: { status: 'open' } });
        expect(await ids('items', { where: [{ field: 'status', value: 'open' }] })).toEqual(['a', 'c']);
      });

      it('filters by equality on several fields (AND)', async () => {
        await seed('items', {
          a: { status: 'open', round: 1 },
          b: { status: 'open', round: 2 },
          c: { status: 'closed', round: 1 },
          d: { status: 'open', round: 1 },
        });
        const where = [
          { field: 'status', value: 'open' },
          { field: 'round', value: 1 },
        ];
        expect(await ids('items', { where })).toEqual(['a', 'd']);
      });

      itWith('fieldPaths')('filters on a dotted nested path', async () => {
        await seed('items', {
          a: { profile: { address: { city: 'Oslo' } } },
          b: { profile: { address: { city: 'Rome' } } },
          c: { profile: { city: 'Oslo' } },
          d: { 'profile.address.city': 'Oslo' },
        });
        expect(await ids('items', { where: [{ field: 'profile.address.city', value: 'Oslo' }] })).toEqual(['a']);
      });

      itWith('fieldPaths')('filters on field names with underscores, hyphens and digits', async () => {
        await seed('items', { a: { 'first_name-2': 'x' }, b: { 'first_name-2': 'y' } });
        expect(await ids('items', { where: [{ field: 'first_name-2', value: 'x' }] })).toEqual(['a']);
      });

      it('keeps booleans, numbers and strings apart', async () => {
        await seed('items', {
          bTrue: { v: true },
          bFalse: { v: false },
          one: { v: 1 },
          zero: { v: 0 },
          sOne: { v: '1' },
          sTrue: { v: 'true' },
          nul: { v: null },
          none: {},
        });
        expect(await ids('items', { where: [{ field: 'v', value: true }] })).toEqual(['bTrue']);
        expect(await ids('items', { where: [{ field: 'v', value: false }] })).toEqual(['bFalse']);
        expect(await ids('items', { where: [{ field: 'v', value: 1 }] })).toEqual(['one']);
        expect(await ids('items', { where: [{ field: 'v', value: 0 }] })).toEqual(['zero']);
        expect(await ids('items', { where: [{ field: 'v', value: '1' }] })).toEqual(['sOne']);
        expect(await ids('items', { where: [{ field: 'v', value: 'true' }] })).toEqual(['sTrue']);
      });

      it('matches fractional and negative numbers exactly', async () => {
        await seed('items', { a: { v: 1.5 }, b: { v: -1.5 }, c: { v: 1 }, d: { v: 2 } });
        expect(await ids('items', { where: [{ field: 'v', value: 1.5 }] })).toEqual(['a']);
        expect(await ids('items', { where: [{ field: 'v', value: -1.5 }] })).toEqual(['b']);
      });

      itWith('nullEquality', 'fieldPaths')(
        'matches null only for an explicit null, never for a missing field',
        async () => {
          await seed('items', { explicit: { v: null }, absent: {}, nestedAbsent: { w: {} }, value: { v: 'x' } });
          expect(await ids('items', { where: [{ field: 'v', value: null }] })).toEqual(['explicit']);
          expect(await ids('items', { where: [{ field: 'w.v', value: null }] })).toEqual([]);
        },
      );

      itWith('fieldPaths')('never matches documents lacking the filtered field', async () => {
        await seed('items', { a: { v: 'x' }, b: { other: 'x' }, c: { v: { nested: 'x' } } });
        expect(await ids('items', { where: [{ field: 'v', value: 'x' }] })).toEqual(['a']);
        expect(await ids('items', { where: [{ field: 'nope', value: 'x' }] })).toEqual([]);
        expect(await ids('items', { where: [{ field: 'v.nested.deeper', value: 'x' }] })).toEqual([]);
      });

      itWith('documentIdOrder')('orders ascending by a field, ties broken by id', async () => {
        await seed('items', { d: { n: 2 }, a: { n: 10 }, c: { n: 1 }, b: { n: 2 }, e: { n: 2 } });
        expect(await ids('items', { orderBy: { field: 'n' } })).toEqual(['c', 'b', 'd', 'e', 'a']);
        expect(await ids('items', { orderBy: { field: 'n', direction: 'asc' } })).toEqual(['c', 'b', 'd', 'e', 'a']);
      });

      itWith('documentIdOrder')('orders descending by a field, ties broken by id descending', async () => {
        await seed('items', { d: { n: 2 }, a: { n: 10 }, c: { n: 1 }, b: { n: 2 }, e: { n: 2 } });
        expect(await ids('items', { orderBy: { field: 'n', direction: 'desc' } })).toEqual(['a', 'e', 'd', 'b', 'c']);
      });

      itWith('fieldPaths')('orders strings and nested fields', async () => {
        await seed('items', {
          x: { p: { name: 'carol' } },
          y: { p: { name: 'alice' } },
          z: { p: { name: 'bob' } },
        });
        expect(await ids('items', { orderBy: { field: 'p.name' } })).toEqual(['y', 'z', 'x']);
        expect(await ids('items', { orderBy: { field: 'p.name', direction: 'desc' } })).toEqual(['x', 'z', 'y']);
      });

      itWith('orderByExcludesMissing')(
        'leaves documents lacking the ordered field out of ordered results',
        async () => {
          await seed('items', { a: { n: 2 }, b: {}, c: { n: 1 }, d: { m: 0 } });
          expect(await ids('items', { orderBy: { field: 'n' } })).toEqual(['c', 'a']);
        },
      );

      it('combines filters with ordering', async () => {
        await seed('items', {
          a: { s: 'open', n: 3 },
          b: { s: 'closed', n: 1 },
          c: { s: 'open', n: 1 },
          d: { s: 'open', n: 2 },
        });
        expect(
          await ids('items', { where: [{ field: 's', value: 'open' }], orderBy: { field: 'n', direction: 'desc' } }),
        ).toEqual(['a', 'd', 'c']);
      });

      itWith('documentIdOrder', 'orderByExcludesMissing')('limits the number of results', async () => {
        await seed('items', { c: {}, a: {}, d: {}, b: {} });
        const page = await store.query('items', { limit: 2 });
        expect(page.items.map((item) => item.id)).toEqual(['a', 'b']);
        expect(page.nextCursor).not.toBeNull();
        expect(await ids('items', { orderBy: { field: 'missing' }, limit: 2 })).toEqual([]);
      });

      it("filters by a range on one field, ordered by it: values of the bound's type only", async () => {
        await seed('items', {
          a: { n: 1, s: 'x' },
          b: { n: 5, s: 'x' },
          c: { n: '3', s: 'x' },
          d: { n: 3, s: 'y' },
          e: { s: 'x' },
          f: { n: null, s: 'x' },
          g: { n: 3.5, s: 'x' },
          h: { n: true, s: 'x' },
        });
        const n = (op: '<' | '<=' | '>' | '>=', value: number | string) => ({ field: 'n', op, value });
        expect(await ids('items', { where: [n('<=', 3)], orderBy: { field: 'n' } })).toEqual(['a', 'd']);
        expect(await ids('items', { where: [n('>', 3)], orderBy: { field: 'n', direction: 'desc' } })).toEqual([
          'b',
          'g',
        ]);
        expect(await ids('items', { where: [n('>=', 1), n('<', 5)], orderBy: { field: 'n' } })).toEqual([
          'a',
          'd',
          'g',
        ]);
        expect(await ids('items', { where: [n('<', 'z')], orderBy: { field: 'n' } })).toEqual(['c']);
        expect(
          await ids('items', { where: [{ field: 's', value: 'x' }, n('<', 4)], orderBy: { field: 'n' }, limit: 1 }),
        ).toEqual(['a']);
        expect(await store.count('items', [n('<=', 3)])).toBe(2);
        expect(await store.count('items', [{ field: 's', value: 'x' }, n('<=', 3)])).toBe(1);
      });

      it('refuses range filters on two fields, or ordered by another field', async () => {
        await seed('items', { a: { n: 1, m: 1 } });
        const range = { field: 'n', op: '<' as const, value: 2 };
        await expect(
          store.query('items', { where: [range, { field: 'm', op: '>', value: 0 }], orderBy: { field: 'n' } }),
        ).rejects.toThrow();
        await expect(store.query('items', { where: [range], orderBy: { field: 'm' } })).rejects.toThrow();
        await expect(store.query('items', { where: [range] })).rejects.toThrow();
      });

      it('returns no cursor when the limit covers every document', async () => {
        await seed('items', { a: {}, b: {} });
        expect((await store.query('items', { limit: 2 })).nextCursor).toBeNull();
        expect((await store.query('items', { limit: 5 })).nextCursor).toBeNull();
      });
    });

    describe('array-contains and count', () => {
      it('finds documents whose array field holds the value, type included', async () => {
        await seed('items', {
          a: { tags: ['x', 'y'] },
          b: { tags: ['y'] },
          c: { tags: [1, true] },
          d: { tags: 'x' },
          e: {},
        });
        const where = (value: string | number | boolean) => [{ field: 'tags', op: 'array-contains' as const, value }];
        expect(await ids('items', { where: where('x') })).toEqual(['a']);
        expect(await ids('items', { where: where('y') })).toEqual(['a', 'b']);
        expect(await ids('items', { where: where(1) })).toEqual(['c']);
        expect(await ids('items', { where: where('1') })).toEqual([]);
        expect(await ids('items', { where: where(true) })).toEqual(['c']);
      });

      it('matches escaped, non-ASCII and numeric elements exactly, not text that merely contains them', async () => {
        await seed('items', {
          quote: { tags: ['say "hi"', 'back\\slash'] },
          accents: { tags: ['Zoë', '名前', '😀'] },
          ten: { tags: [10, 2.5] },
          one: { tags: [1] },
          elsewhere: { tags: ['other'], note: 'say "hi" Zoë 1 true', nested: { tags: ['Zoë'] } },
          inMap: { tags: [{ v: 'Zoë' }, { v: 1 }] },
        });
        const where = (value: string | number | boolean) => [{ field: 'tags', op: 'array-contains' as const, value }];
        expect(await ids('items', { where: where('say "hi"') })).toEqual(['quote']);
        expect(await ids('items', { where: where('back\\slash') })).toEqual(['quote']);
        expect(await ids('items', { where: where('Zoë') })).toEqual(['accents']);
        expect(await ids('items', { where: where('名前') })).toEqual(['accents']);
        expect(await ids('items', { where: where('😀') })).toEqual(['accents']);
        expect(await ids('items', { where: where(1) })).toEqual(['one']);
        expect(await ids('items', { where: where(2.5) })).toEqual(['ten']);
        expect(await ids('items', { where: where(true) })).toEqual([]);
        expect(await store.count('items', where('Zoë'))).toBe(1);
      });

      itWith('cursors')('combines array-contains with equality, ordering, limits and cursors', async () => {
        await seed('items', {
          a: { s: 'open', n: 3, tags: ['k'] },
          b: { s: 'open', n: 1, tags: ['k'] },
          c: { s: 'closed', n: 2, tags: ['k'] },
          d: { s: 'open', n: 2, tags: ['k', 'z'] },
          e: { s: 'open', n: 0, tags: ['z'] },
        });
        const spec: QuerySpec = {
          where: [
            { field: 's', value: 'open' },
            { field: 'tags', op: 'array-contains', value: 'k' },
          ],
          orderBy: { field: 'n', direction: 'desc' },
        };
        expect(await ids('items', spec)).toEqual(['a', 'd', 'b']);
        expect((await walkPages('items', { ...spec, limit: 2 })).seen).toEqual(['a', 'd', 'b']);
      });

      it('counts the documents matching equality and array-contains filters', async () => {
        await seed('items', {
          a: { s: 'open', done: false, tags: ['k'] },
          b: { s: 'open', done: true, tags: [] },
          c: { s: 'closed', done: false, tags: ['k'] },
        });
        await seed('other', { a: { s: 'open' } });
        expect(await store.count('items')).toBe(3);
        expect(await store.count('items', [{ field: 's', value: 'open' }])).toBe(2);
        expect(await store.count('items', [{ field: 'done', value: false }])).toBe(2);
        expect(await store.count('items', [{ field: 'tags', op: 'array-contains', value: 'k' }])).toBe(2);
        expect(await store.count('nothing-here')).toBe(0);
      });
    });

    describe('cursors', () => {
      const itCursors = itWith('cursors');
      const tenDocs = {
        j: { n: 3, s: 'x' },
        c: { n: 1, s: 'y' },
        h: { n: 2, s: 'x' },
        a: { n: 3, s: 'x' },
        e: { n: 1, s: 'x' },
        b: { n: 2, s: 'y' },
        i: { n: 3, s: 'y' },
        d: { n: 1, s: 'x' },
        g: { n: 2, s: 'x' },
        f: { n: 3, s: 'y' },
      };

      itCursors('walks every document exactly once in id order', async () => {
        await seed('items', tenDocs);
        const { seen, pageSizes } = await walkPages('items', { limit: 3 });
        expect(seen).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
        expect(pageSizes).toEqual([3, 3, 3, 1]);
      });

      itCursors('walks every document exactly once ascending by a field with ties', async () => {
        await seed('items', tenDocs);
        const all = await ids('items', { orderBy: { field: 'n' } });
        expect(all).toEqual(['c', 'd', 'e', 'b', 'g', 'h', 'a', 'f', 'i', 'j']);
        expect((await walkPages('items', { orderBy: { field: 'n' }, limit: 2 })).seen).toEqual(all);
        expect((await walkPages('items', { orderBy: { field: 'n' }, limit: 3 })).seen).toEqual(all);
      });

      itCursors('walks every document exactly once descending by a field with ties', async () => {
        await seed('items', tenDocs);
        const all = await ids('items', { orderBy: { field: 'n', direction: 'desc' } });
        expect(all).toEqual(['j', 'i', 'f', 'a', 'h', 'g', 'b', 'e', 'd', 'c']);
        expect((await walkPages('items', { orderBy: { field: 'n', direction: 'desc' }, limit: 3 })).seen).toEqual(all);
        expect((await walkPages('items', { orderBy: { field: 'n', direction: 'desc' }, limit: 4 })).seen).toEqual(all);
      });

      itCursors('walks every matching document exactly once with a filter', async () => {
        await seed('items', tenDocs);
        const spec: QuerySpec = { where: [{ field: 's', value: 'x' }], orderBy: { field: 'n', direction: 'desc' } };
        const all = await ids('items', spec);
        expect(all).toEqual(['j', 'a', 'h', 'g', 'e', 'd']);
        expect((await walkPages('items', { ...spec, limit: 4 })).seen).toEqual(all);
        expect((await walkPages('items', { where: spec.where, limit: 4 })).seen).toEqual([
          'a',
          'd',
          'e',
          'g',
          'h',
          'j',
        ]);
      });

      itCursors('returns a null cursor on the last page when pages divide evenly', async () => {
        await seed('items', tenDocs);
        const { seen, pageSizes } = await walkPages('items', { orderBy: { field: 'n' }, limit: 5 });
        expect(seen).toHaveLength(10);
        expect(pageSizes).toEqual([5, 5]);
      });

      itCursors('walks mixed value types including null and booleans exactly once', async () => {
        await seed('items', {
          a: { v: null },
          b: { v: true },
          c: { v: false },
          d: { v: 0 },
          e: { v: 1 },
          f: { v: 'a' },
          g: { v: null },
          h: { v: 'b' },
        });
        for (const direction of ['asc', 'desc'] as const) {
          const all = await ids('items', { orderBy: { field: 'v', direction } });
          expect([...all].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
          expect((await walkPages('items', { orderBy: { field: 'v', direction }, limit: 3 })).seen).toEqual(all);
        }
      });

      itCursors(
        'starts after a position (a value of the ordered field and an id) as after a cursor there',
        async () => {
          await seed('items', { ...tenDocs, k: { n: null, s: 'x' }, l: { n: null, s: 'y' } });
          const ascending = { orderBy: { field: 'n' }, limit: 3 } as const;
          const first = await store.query('items', ascending);
          expect(first.items.map((item) => item.id)).toEqual(['k', 'l', 'c']);
          expect(await ids('items', { ...ascending, startAfter: { value: 1, id: 'c' } })).toEqual(
            await ids('items', { ...ascending, after: first.nextCursor! }),
          );
          expect(await ids('items', { ...ascending, startAfter: { value: null, id: 'k' } })).toEqual(['l', 'c', 'd']);
          expect(await ids('items', { ...ascending, startAfter: { value: 2, id: 'b' } })).toEqual(['g', 'h', 'a']);
          const descending = { orderBy: { field: 'n', direction: 'desc' }, limit: 3 } as const;
          expect(await ids('items', { ...descending, startAfter: { value: 3, id: 'f' } })).toEqual(['a', 'h', 'g']);
          expect(await ids('items', { ...descending, startAfter: { value: 1, id: 'c' } })).toEqual(['l', 'k']);
        },
      );

      it('rejects a malformed cursor with InvalidCursorError instead of restarting', async () => {
        await seed('items', tenDocs);
        const garbage = [
          'not a cursor!',
          Buffer.from('garbage').toString('base64url'),
          Buffer.from(JSON.stringify({ nope: 1 })).toString('base64url'),
          Buffer.from(JSON.stringify([1, 2])).toString('base64url'),
        ];
        for (const after of garbage) {
          await expect(store.query('items', { limit: 3, after })).rejects.toThrow(InvalidCursorError);
          await expect(store.query('items', { orderBy: { field: 'n' }, limit: 3, after })).rejects.toThrow(
            InvalidCursorError,
          );
        }
      });
    });

    describe('batch', () => {
      itWith('documentIdOrder', 'setReplaces')('applies mixed operations together', async () => {
        await seed('items', {
          keep: { v: 1 },
          change: { v: 1, extra: true },
          drop: { v: 1 },
          replace: { v: 1, old: 1 },
        });
        await store.batch([
          { kind: 'create', collection: 'items', id: 'fresh', data: { v: 2 } },
          { kind: 'update', collection: 'items', id: 'change', patch: { v: 2 } },
          { kind: 'delete', collection: 'items', id: 'drop' },
          { kind: 'set', collection: 'items', id: 'replace', data: { v: 2 } },
          { kind: 'set', collection: 'other', id: 'new', data: { v: 3 } },
        ]);
        expect((await store.query('items')).items).toEqual([
          { id: 'change', data: { v: 2, extra: true } },
          { id: 'fresh', data: { v: 2 } },
          { id: 'keep', data: { v: 1 } },
          { id: 'replace', data: { v: 2 } },
        ]);
        expect(await store.get('other', 'new')).toEqual({ v: 3 });
      });

      it('applies operations in order', async () => {
        await store.batch([
          { kind: 'create', collection: 'items', id: 'a', data: { v: 1 } },
          { kind: 'update', collection: 'items', id: 'a', patch: { w: 2 } },
          { kind: 'create', collection: 'items', id: 'b', data: { v: 1 } },
          { kind: 'delete', collection: 'items', id: 'b' },
        ]);
        expect((await store.query('items')).items).toEqual([{ id: 'a', data: { v: 1, w: 2 } }]);
      });

      it('accepts an empty batch', async () => {
        await expect(store.batch([])).resolves.toBeUndefined();
      });

      const before = { a: { v: 1 }, b: { v: 1 }, c: { v: 1 } };
      const failing = [
        [
          'a create on an existing id',
          { kind: 'create', collection: 'items', id: 'c', data: { v: 9 } },
          DocumentExistsError,
        ],
        [
          'an update of a missing document',
          { kind: 'update', collection: 'items', id: 'zz', patch: { v: 9 } },
          DocumentNotFoundError,
        ],
      ] as const;

      for (const [label, operation, errorType] of failing) {
        itWith('atomicCommit')(`applies nothing when ${label} fails`, async () => {
          await seed('items', before);
          await expect(
            store.batch([
              { kind: 'set', collection: 'items', id: 'a', data: { v: 2 } },
              { kind: 'delete', collection: 'items', id: 'b' },
              { kind: 'create', collection: 'items', id: 'new', data: { v: 2 } },
              { kind: 'update', collection: 'items', id: 'c', patch: { w: 2 } },
              operation,
              { kind: 'set', collection: 'items', id: 'after', data: { v: 2 } },
            ]),
          ).rejects.toBeInstanceOf(errorType);
          expect((await store.query('items')).items).toEqual(
            Object.entries(before).map(([id, data]) => ({ id, data })),
          );
        });
      }
    });

    describe('transactions', () => {
      const increment = () =>
        store.transaction(async (tx) => {
          const counter = await tx.get<{ n: number }>('counters', 'c');
          tx.set('counters', 'c', { n: (counter?.n ?? 0) + 1 });
        });

      it('reads committed data and returns the value of the work', async () => {
        await store.create('accounts', 'a', { balance: 10 });
        const result = await store.transaction(async (tx) => {
          const account = await tx.get<{ balance: number }>('accounts', 'a');
          const missing = await tx.get('accounts', 'nobody');
          return { balance: account?.balance, missing };
        });
        expect(result).toEqual({ balance: 10, missing: null });
      });

      it('applies all writes at commit', async () => {
        await seed('accounts', { a: { balance: 10 }, b: { balance: 0 }, old: { x: 1 } });
        await store.transaction(async (tx) => {
          const a = await tx.get<{ balance: number }>('accounts', 'a');
          const b = await tx.get<{ balance: number }>('accounts', 'b');
          tx.update('accounts', 'a', { balance: a!.balance - 4 });
          tx.set('accounts', 'b', { balance: b!.balance + 4 });
          tx.create('ledger', 'entry-1', { amount: 4 });
          tx.delete('accounts', 'old');
        });
        expect(await store.get('accounts', 'a')).toEqual({ balance: 6 });
        expect(await store.get('accounts', 'b')).toEqual({ balance: 4 });
        expect(await store.get('ledger', 'entry-1')).toEqual({ amount: 4 });
        expect(await store.get('accounts', 'old')).toBeNull();
      });

      it('does not expose its writes before commit', async () => {
        await store.create('accounts', 'a', { balance: 10 });
        let seenOutside: unknown;
        await store.transaction(async (tx) => {
          await tx.get('accounts', 'a');
          tx.set('accounts', 'a', { balance: 99 });
          tx.create('accounts', 'b', { balance: 1 });
          seenOutside = [await store.get('accounts', 'a'), await store.get('accounts', 'b')];
        });
        expect(seenOutside).toEqual([{ balance: 10 }, null]);
        expect(await store.get('accounts', 'a')).toEqual({ balance: 99 });
      });

      it('rolls back every write and rethrows the same error when the work throws', async () => {
        await store.create('accounts', 'a', { balance: 10 });
        const failure = new Error('boom');
        let runs = 0;
        const attempt = store.transaction(async (tx) => {
          runs++;
          await tx.get('accounts', 'a');
          tx.set('accounts', 'a', { balance: 0 });
          tx.create('accounts', 'b', { balance: 10 });
          tx.delete('accounts', 'a');
          throw failure;
        });
        await expect(attempt).rejects.toBe(failure);
        expect(runs).toBe(1);
        expect(await store.get('accounts', 'a')).toEqual({ balance: 10 });
        expect(await store.get('accounts', 'b')).toBeNull();
      });

      itWith('atomicCommit')('applies nothing when one of its writes fails at commit', async () => {
        await seed('accounts', { a: { balance: 10 }, taken: { x: 1 } });
        await expect(
          store.transaction(async (tx) => {
            tx.set('accounts', 'a', { balance: 0 });
            tx.create('accounts', 'taken', { x: 2 });
          }),
        ).rejects.toBeInstanceOf(DocumentExistsError);
        expect(await store.get('accounts', 'a')).toEqual({ balance: 10 });
        expect(await store.get('accounts', 'taken')).toEqual({ x: 1 });
      });

      it('rejects a read after a write', async () => {
        await store.create('accounts', 'a', { balance: 10 });
        await expect(
          store.transaction(async (tx) => {
            tx.set('accounts', 'a', { balance: 0 });
            await tx.get('accounts', 'a');
          }),
        ).rejects.toThrow(Error);
        expect(await store.get('accounts', 'a')).toEqual({ balance: 10 });
      });

      /**
       * A write from outside, started while a transaction runs on a document it read: the store either
       * holds the write until the transaction has committed (Firestore's locks) or runs the work again
       * on the new data (SQLite); the outcome is one of the two serial orders, never a lost update.
       * The work does not wait for that write to finish (under locks it would wait on itself).
       */
      const OUTSIDE_WRITE_GRACE_MS = 250;
      const startOutsideWrite = async (write: () => Promise<unknown>) => {
        const settled = write().then(
          () => 'written' as const,
          (error: unknown) => error,
        );
        await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, OUTSIDE_WRITE_GRACE_MS))]);
        // Wrapped: an async function returning the promise itself would make the caller wait for it.
        return { settled };
      };

      itWith('transactionIsolation')(
        'never commits on a stale read: a write to a document it read waits for it or makes it run again',
        async () => {
          await store.create('counters', 'c', { n: 0 });
          let runs = 0;
          const seen: number[] = [];
          let outside: Promise<unknown> = Promise.resolve();
          const result = await store.transaction(async (tx) => {
            runs++;
            const counter = await tx.get<{ n: number }>('counters', 'c');
            seen.push(counter!.n);
            if (runs === 1)
              ({ settled: outside } = await startOutsideWrite(() => store.set('counters', 'c', { n: 10 })));
            tx.set('counters', 'c', { n: counter!.n + 1 });
            return counter!.n + 1;
          });
          const outcome = { runs, seen, result, outside: await outside, stored: await store.get('counters', 'c') };
          const writeWaited = { runs: 1, seen: [0], result: 1, outside: 'written', stored: { n: 10 } };
          const workRanAgain = { runs: 2, seen: [0, 10], result: 11, outside: 'written', stored: { n: 11 } };
          expect([writeWaited, workRanAgain]).toContainEqual(outcome);
        },
      );

      itWith('transactionIsolation')(
        'never commits on a stale read: a document it found missing and another creates is created once',
        async () => {
          let runs = 0;
          let outside: Promise<unknown> = Promise.resolve();
          await store.transaction(async (tx) => {
            runs++;
            const existing = await tx.get('users', 'u');
            if (runs === 1) {
              ({ settled: outside } = await startOutsideWrite(() => store.create('users', 'u', { by: 'other' })));
            }
            if (!existing) tx.create('users', 'u', { by: 'tx' });
          });
          const settled = await outside;
          const outcome = {
            runs,
            outside: settled instanceof DocumentExistsError ? 'DocumentExistsError' : settled,
            stored: await store.get('users', 'u'),
          };
          const createWaited = { runs: 1, outside: 'DocumentExistsError', stored: { by: 'tx' } };
          const workRanAgain = { runs: 2, outside: 'written', stored: { by: 'other' } };
          expect([createWaited, workRanAgain]).toContainEqual(outcome);
        },
      );

      itWith('transactionIsolation')(
        'never commits on a stale read: a document it read is deleted and recreated meanwhile',
        async () => {
          await store.create('counters', 'c', { n: 0 });
          let runs = 0;
          let outside: Promise<unknown> = Promise.resolve();
          await store.transaction(async (tx) => {
            runs++;
            const counter = await tx.get<{ n: number }>('counters', 'c');
            if (runs === 1) {
              ({ settled: outside } = await startOutsideWrite(async () => {
                await store.delete('counters', 'c');
                await store.create('counters', 'c', { n: 5 });
              }));
            }
            tx.set('counters', 'c', { n: counter!.n + 1 });
          });
          const outcome = { runs, outside: await outside, stored: await store.get('counters', 'c') };
          const writesWaited = { runs: 1, outside: 'written', stored: { n: 5 } };
          const workRanAgain = { runs: 2, outside: 'written', stored: { n: 6 } };
          expect([writesWaited, workRanAgain]).toContainEqual(outcome);
        },
      );

      itWith('transactionIsolation')(
        'sees one consistent view: two documents changed together between its reads never show it half',
        async () => {
          await seed('pairs', { a: { n: 0 }, b: { n: 0 } });
          let runs = 0;
          let outside: Promise<unknown> = Promise.resolve();
          const result = await store.transaction(async (tx) => {
            runs++;
            const a = await tx.get<{ n: number }>('pairs', 'a');
            if (runs === 1) {
              ({ settled: outside } = await startOutsideWrite(() =>
                store.batch([
                  { kind: 'set', collection: 'pairs', id: 'a', data: { n: 1 } },
                  { kind: 'set', collection: 'pairs', id: 'b', data: { n: 1 } },
                ]),
              ));
            }
            const b = await tx.get<{ n: number }>('pairs', 'b');
            // Business logic refusing what it should never see: a half-updated pair.
            if (a!.n !== b!.n) throw new Error(`inconsistent view: a=${a!.n} b=${b!.n}`);
            return [a!.n, b!.n];
          });
          const outcome = { result, outside: await outside };
          expect([
            { result: [0, 0], outside: 'written' },
            { result: [1, 1], outside: 'written' },
          ]).toContainEqual(outcome);
        },
      );

      itWith('transactionIsolation')(
        'sees one consistent view: a document created with a summary of it between its reads never shows it half',
        async () => {
          await seed('summaries', { rows: { n: 1 } });
          await seed('rows', { r1: { kind: 'row' } });
          let runs = 0;
          let outside: Promise<unknown> = Promise.resolve();
          const result = await store.transaction(async (tx) => {
            runs++;
            const counted = await tx.count('rows', [{ field: 'kind', value: 'row' }]);
            if (runs === 1) {
              ({ settled: outside } = await startOutsideWrite(() =>
                store.batch([
                  { kind: 'create', collection: 'rows', id: 'r2', data: { kind: 'row' } },
                  { kind: 'set', collection: 'summaries', id: 'rows', data: { n: 2 } },
                ]),
              ));
            }
            const summary = await tx.get<{ n: number }>('summaries', 'rows');
            if (summary!.n !== counted) throw new Error(`inconsistent view: ${counted} rows, summary ${summary!.n}`);
            return counted;
          });
          expect([
            { result: 1, outside: 'written' },
            { result: 2, outside: 'written' },
          ]).toContainEqual({ result, outside: await outside });
        },
      );

      it('counts committed documents matching filters, and refuses a count after a write', async () => {
        await seed('rows', {
          a: { form: 'f', final: false },
          b: { form: 'f', final: true },
          c: { form: 'g', final: false },
        });
        const counted = await store.transaction(async (tx) =>
          tx.count('rows', [
            { field: 'form', value: 'f' },
            { field: 'final', value: false },
          ]),
        );
        expect(counted).toBe(1);
        await expect(
          store.transaction(async (tx) => {
            tx.set('rows', 'd', { form: 'f', final: false });
            await tx.count('rows', [{ field: 'form', value: 'f' }]);
          }),
        ).rejects.toThrow(Error);
        expect(await store.get('rows', 'd')).toBeNull();
      });

      itWith('transactionIsolation')(
        'never commits on a stale count: a document that joins the counted range waits for it or makes it run again',
        async () => {
          await seed('rows', { a: { form: 'f', final: true } });
          let runs = 0;
          const seen: number[] = [];
          let outside: Promise<unknown> = Promise.resolve();
          await store.transaction(async (tx) => {
            runs++;
            const undecided = await tx.count('rows', [
              { field: 'form', value: 'f' },
              { field: 'final', value: false },
            ]);
            seen.push(undecided);
            if (runs === 1) {
              ({ settled: outside } = await startOutsideWrite(() =>
                store.create('rows', 'b', { form: 'f', final: false }),
              ));
            }
            if (undecided === 0) tx.set('forms', 'f', { released: true });
          });
          const outcome = {
            runs,
            seen,
            outside: await outside,
            released: await store.get('forms', 'f'),
            joined: await store.get('rows', 'b'),
          };
          // Either the create waited for the release (released first, then the row), or the work ran again and saw it.
          const createWaited = {
            runs: 1,
            seen: [0],
            outside: 'written',
            released: { released: true },
            joined: { form: 'f', final: false },
          };
          const workRanAgain = {
            runs: 2,
            seen: [0, 1],
            outside: 'written',
            released: null,
            joined: { form: 'f', final: false },
          };
          expect([createWaited, workRanAgain]).toContainEqual(outcome);
        },
      );

      itWith('transactionIsolation')('lands two concurrent increments', async () => {
        await Promise.all([increment(), increment()]);
        expect(await store.get('counters', 'c')).toEqual({ n: 2 });
      });

      itWith('transactionIsolation')('lands twenty concurrent increments', async () => {
        await Promise.all(Array.from({ length: 20 }, increment));
        expect(await store.get('counters', 'c')).toEqual({ n: 20 });
      });
    });

    describe("Firestore's limits, in every adapter", () => {
      const writesOf = (count: number, data: (index: number) => DocumentData): WriteOperation[] =>
        Array.from({ length: count }, (_, index) => ({
          kind: 'set',
          collection: 'items',
          id: `doc-${String(index).padStart(3, '0')}`,
          data: data(index),
        }));
      const limitOf = (error: unknown) => (error instanceof StoreLimitError ? error.limit : error);

      /** A document of exactly `bytes` as Firestore counts them, its text in two-byte characters where it can. */
      const documentOf = (id: string, bytes: number) => {
        const base = documentSize('items', id, { a: '', b: '' });
        const text = bytes - base;
        const half = Math.floor(text / 2);
        // 'é' is two bytes in UTF-8: the count is in bytes, not characters.
        const a = 'é'.repeat(Math.floor(half / 2)) + 'x'.repeat(half % 2);
        const data = { a, b: 'y'.repeat(text - Buffer.byteLength(a)) };
        expect(documentSize('items', id, data)).toBe(bytes);
        return data;
      };

      it('stores a document of exactly 1 MiB and refuses one byte more with StoreLimitError, writing nothing', async () => {
        const fits = documentOf('big', STORE_LIMITS.documentBytes);
        await store.create('items', 'big', fits);
        expect(await store.get('items', 'big')).toEqual(fits);
        const over = documentOf('over', STORE_LIMITS.documentBytes + 1);
        await expect(store.create('items', 'over', over).catch(limitOf)).resolves.toBe('document-size');
        await expect(
          store.set('items', 'big', documentOf('big', STORE_LIMITS.documentBytes + 1)).catch(limitOf),
        ).resolves.toBe('document-size');
        await expect(
          store.batch([{ kind: 'create', collection: 'items', id: 'over', data: over }]).catch(limitOf),
        ).resolves.toBe('document-size');
        expect(await store.get('items', 'over')).toBeNull();
        expect(await store.get('items', 'big')).toEqual(fits);
      });

      itWith('updateSizeLimit')(
        'refuses an update that takes a stored document past 1 MiB, in a batch or a transaction, writing nothing',
        async () => {
          const half = { a: 'x'.repeat(600_000) };
          await store.create('items', 'growing', half);
          await store.create('items', 'other', { v: 1 });
          const grow = { b: 'y'.repeat(600_000) };
          await expect(store.update('items', 'growing', grow).catch(limitOf)).resolves.toBe('document-size');
          await expect(
            store
              .batch([
                { kind: 'update', collection: 'items', id: 'other', patch: { v: 2 } },
                { kind: 'update', collection: 'items', id: 'growing', patch: grow },
              ])
              .catch(limitOf),
          ).resolves.toBe('document-size');
          await expect(
            store
              .transaction(async (tx) => {
                await tx.get('items', 'growing');
                tx.update('items', 'other', { v: 3 });
                tx.update('items', 'growing', grow);
              })
              .catch(limitOf),
          ).resolves.toBe('document-size');
          expect(await store.get('items', 'growing')).toEqual(half);
          expect(await store.get('items', 'other')).toEqual({ v: 1 });
        },
      );

      it('commits 500 writes at once and refuses 501, in a batch or a transaction, writing nothing', async () => {
        await expect(store.batch(writesOf(501, (index) => ({ index }))).catch(limitOf)).resolves.toBe('commit-writes');
        await expect(
          store
            .transaction(async (tx) => {
              for (const write of writesOf(501, (index) => ({ index }))) {
                if (write.kind === 'set') tx.set(write.collection, write.id, write.data);
              }
            })
            .catch(limitOf),
        ).resolves.toBe('commit-writes');
        expect(await store.count('items')).toBe(0);
        await store.batch(writesOf(500, (index) => ({ index })));
        expect(await store.count('items')).toBe(500);
      });

      it('refuses a commit over 10 MiB before sending it, writing nothing', async () => {
        const large = (index: number) => ({ index, text: 'z'.repeat(1_000_000) });
        await expect(store.batch(writesOf(11, large)).catch(limitOf)).resolves.toBe('commit-size');
        expect(await store.count('items')).toBe(0);
      });

      it('refuses data Firestore cannot store: arrays in arrays, deep nesting, empty or reserved field names', async () => {
        // Each map or array is one level ({ a: { b: {} } } has two): 21 maps are one too many.
        const nest = (levels: number) => {
          let data: DocumentData = { v: 1 };
          for (let level = 0; level < levels; level++) data = { d: data };
          return data;
        };
        const deep = nest(STORE_LIMITS.depth + 1);
        const refused: DocumentData[] = [
          { matrix: [[1, 2]] },
          { nested: { list: [1, ['x']] } },
          deep,
          { '': 1 },
          { nested: { '': 1 } },
          { __reserved__: 1 },
          { ['f'.repeat(STORE_LIMITS.nameBytes + 1)]: 1 },
        ];
        await store.create('items', 'a', { v: 1 });
        for (const data of refused) {
          await expect(store.create('items', 'new', data)).rejects.toThrow(TypeError);
          await expect(store.set('items', 'a', data)).rejects.toThrow(TypeError);
          await expect(store.update('items', 'a', data)).rejects.toThrow(TypeError);
          await expect(store.batch([{ kind: 'set', collection: 'items', id: 'a', data }])).rejects.toThrow(TypeError);
          await expect(
            store.transaction(async (tx) => {
              await tx.get('items', 'a');
              tx.set('items', 'a', data);
            }),
          ).rejects.toThrow(TypeError);
        }
        const deepest = nest(STORE_LIMITS.depth);
        await store.set('items', 'deepest', deepest);
        expect(await store.get('items', 'deepest')).toEqual(deepest);
        expect(await store.get('items', 'new')).toBeNull();
        expect(await store.get('items', 'a')).toEqual({ v: 1 });
      });

      it('refuses reserved and over-long ids and collection names; takes 1500-byte ids', async () => {
        const long = 'é'.repeat(750);
        await store.create('items', long, { v: 1 });
        expect(await store.get('items', long)).toEqual({ v: 1 });
        for (const id of ['__id__', `${long}x`]) {
          await expect(store.create('items', id, { v: 1 })).rejects.toThrow(/Invalid document id/);
          await expect(store.get('items', id)).rejects.toThrow(/Invalid document id/);
        }
        for (const collection of ['__items__', 'c'.repeat(STORE_LIMITS.nameBytes + 1)]) {
          await expect(store.create(collection, 'a', { v: 1 })).rejects.toThrow(/Invalid collection/);
          await expect(store.query(collection)).rejects.toThrow(/Invalid collection/);
        }
      });
    });
  });
}

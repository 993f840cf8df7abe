import { FirestoreServer } from '@firestore-emulator/server';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { describeDocumentStoreContract } from './document-store.contract';
import {
  DocumentExistsError,
  DocumentNotFoundError,
  TransactionContentionError,
  type DocumentStore,
  type QuerySpec,
} from './document-store';
import { decodeCursor, encodeCursor } from './firestore-query';
import type { CompositeIndex } from './firestore-indexes';
import { createFirestoreStore } from './firestore-store';
import { connectTestFirestore, testFirestoreEmulatorHost } from '../testing/test-firestore';
import { PORT_OFFSET } from '../../../tools/port-offset';

/**
 * The Firestore adapter against Google's Cloud Firestore emulator (started once for the whole run by
 * the jest global setup), with no test skipped. Where the emulator is not installed (a machine
 * without the Cloud SDK; never CI, where that fails the run), against `@firestore-emulator/server`,
 * an in-process gRPC emulator from npm: a partial implementation, so what it cannot do is skipped by
 * capability, with the reason in the test's name (read in node_modules/@firestore-emulator/server).
 */

jest.setTimeout(60_000);

const NPM_EMULATOR_GAPS = {
  transactionIsolation:
    'the npm emulator does not isolate transactions: BeginTransaction hands out a dummy id and Commit never checks what the transaction read, so it never answers ABORTED and firebase-admin never retries',
  cursors:
    'the npm emulator ignores start_at/end_at of a structured query (it reads only from, where, order_by and limit), so startAfter returns the first page again',
  atomicCommit:
    "the npm emulator's Commit applies the writes one by one and keeps those before the one that fails (no rollback)",
  documentIdOrder:
    'the npm emulator cannot order by __name__ (FieldPath.documentId()): it looks it up among the fields, finds nothing and keeps insertion order',
  fieldPaths:
    "the npm emulator's getField throws 'Not implemented' for dotted paths and does not unquote backticked names such as `first_name-2`",
  nullEquality:
    'firebase-admin sends == null as a unary IS_NULL filter, which the npm emulator ignores (it evaluates only field and composite filters), so every document matches',
  orderByExcludesMissing: 'the npm emulator sorts documents lacking the ordered field last instead of leaving them out',
  setReplaces:
    "the npm emulator's set without a mask merges the given fields into the stored document instead of replacing it",
  updateSizeLimit:
    'the npm emulator stores an update that makes a document larger than 1 MiB (Firestore refuses it with INVALID_ARGUMENT)',
} as const;

interface Target {
  label: string;
  db: () => Firestore;
  clear: () => Promise<void>;
  skip?: typeof NPM_EMULATOR_GAPS;
}

function cloudFirestoreEmulator(): Target {
  let firestore: ReturnType<typeof connectTestFirestore>;
  beforeAll(() => {
    firestore = connectTestFirestore('firestore-store-test');
  });
  afterAll(() => firestore?.close());
  return {
    label: "Firestore (firebase-admin against Google's Cloud Firestore emulator)",
    db: () => firestore.db,
    clear: () => firestore.clear(),
  };
}

function npmEmulator(): Target {
  const port = 18481 + PORT_OFFSET;
  let server: FirestoreServer;
  let app: App;
  let db: Firestore;
  beforeAll(async () => {
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
    server = new FirestoreServer();
    await server.start(port);
    // A named app of its own, so nothing else in the process shares (or terminates) this client.
    app = initializeApp({ projectId: 'demo-portal-store-test' }, 'firestore-store-test');
    db = getFirestore(app);
  });
  afterAll(async () => {
    await db?.terminate();
    if (app) await deleteApp(app);
    server?.stop();
  });
  return {
    label: 'Firestore (firebase-admin against @firestore-emulator/server, the fallback without the Cloud SDK)',
    db: () => db,
    // server.state.clear() drops every project.
    clear: async () => server.state.clear(),
    skip: NPM_EMULATOR_GAPS,
  };
}

const target = testFirestoreEmulatorHost() ? cloudFirestoreEmulator() : npmEmulator();

describeDocumentStoreContract(
  target.label,
  async () => {
    await target.clear();
    // No store.close() in cleanup: it would terminate the shared client; the emulator is cleared instead.
    return { store: createFirestoreStore(target.db()), cleanup: () => target.clear() };
  },
  { skip: target.skip },
);

describe('Firestore store (adapter behaviour beyond the contract)', () => {
  let store: DocumentStore;

  beforeEach(async () => {
    await target.clear();
    store = createFirestoreStore(target.db());
  });

  describe('cursors', () => {
    it('round-trips ordered values of every JSON type and unordered ids', () => {
      for (const v of [null, true, false, 0, -1.5, 42, '', 'Zoë 😀', [1, 'a'], { a: { b: null } }]) {
        const text = encodeCursor({ id: 'doc-1', v });
        expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeCursor(text, true)).toEqual({ id: 'doc-1', v });
      }
      expect(decodeCursor(encodeCursor({ id: 'zoë-😀' }), false)).toEqual({ id: 'zoë-😀' });
    });

    it('rejects malformed cursors and cursors of the other kind of query', async () => {
      const bad = [
        '',
        'not a cursor!',
        'a+b/c=',
        Buffer.from('garbage').toString('base64url'),
        Buffer.from('null').toString('base64url'),
        Buffer.from(JSON.stringify([1, 2])).toString('base64url'),
        Buffer.from(JSON.stringify({ nope: 1 })).toString('base64url'),
        Buffer.from(JSON.stringify({ id: 7 })).toString('base64url'),
        Buffer.from(JSON.stringify({ id: 'a/b' })).toString('base64url'),
        Buffer.from(JSON.stringify({ id: 'a', v: 1, extra: true })).toString('base64url'),
      ];
      for (const after of bad) {
        await expect(store.query('items', { limit: 2, after })).rejects.toThrow('Malformed query cursor');
        await expect(store.query('items', { orderBy: { field: 'n' }, limit: 2, after })).rejects.toThrow(
          'Malformed query cursor',
        );
      }
      const unordered = encodeCursor({ id: 'a' });
      const ordered = encodeCursor({ id: 'a', v: 1 });
      await expect(store.query('items', { orderBy: { field: 'n' }, after: unordered })).rejects.toThrow(
        'Malformed query cursor',
      );
      await expect(store.query('items', { after: ordered })).rejects.toThrow('Malformed query cursor');
    });

    it("hands out the last item's ordered value and id, only when more may follow", async () => {
      // Seeded in id and value order: the emulator keeps insertion order, so this needs none of its gaps.
      for (const [id, n] of [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ] as const) {
        await store.create('items', id, { n, s: 'x' });
      }
      const ordered = await store.query('items', { orderBy: { field: 'n' }, limit: 2 });
      expect(ordered.items.map((item) => item.id)).toEqual(['a', 'b']);
      expect(decodeCursor(ordered.nextCursor!, true)).toEqual({ id: 'b', v: 2 });
      const unordered = await store.query('items', { where: [{ field: 's', value: 'x' }], limit: 1 });
      expect(decodeCursor(unordered.nextCursor!, false)).toEqual({ id: 'a' });
      expect((await store.query('items', { orderBy: { field: 'n' }, limit: 3 })).nextCursor).toBeNull();
    });
  });

  describe('queries', () => {
    it('refuses invalid field paths, operators, values, directions and limits', async () => {
      for (const field of ["v') OR 1=1 --", '$.v', 'v..w', '.v', 'v.', 'v w', '']) {
        await expect(store.query('items', { where: [{ field, value: 1 }] })).rejects.toThrow(/Invalid field path/);
        await expect(store.query('items', { orderBy: { field } })).rejects.toThrow(/Invalid field path/);
        await expect(store.count('items', [{ field, value: 1 }])).rejects.toThrow(/Invalid field path/);
      }
      const where = (op: string, value: unknown) => [{ field: 'v', op, value }] as never;
      await expect(store.query('items', { where: where('LIKE', 1) })).rejects.toThrow(/Invalid filter operator/);
      // A range filter is an operator of the port (document-store.ts RANGE_OPERATORS), ordered by its field.
      await expect(store.query('items', { where: where('>', 1) })).rejects.toThrow(/orders by its field/);
      await expect(store.query('items', { where: where('==', Number.NaN) })).rejects.toThrow(/Invalid filter value/);
      await expect(store.query('items', { where: where('==', { a: 1 }) })).rejects.toThrow(/Invalid filter value/);
      await expect(store.query('items', { where: where('array-contains', null) })).rejects.toThrow(/null/);
      await expect(
        store.query('items', {
          where: [
            { field: 'a', op: 'array-contains', value: 1 },
            { field: 'b', op: 'array-contains', value: 1 },
          ],
        }),
      ).rejects.toThrow(/at most one array-contains/);
      await expect(store.query('items', { orderBy: { field: 'v', direction: 'up' as never } })).rejects.toThrow(
        /Invalid order direction/,
      );
      for (const limit of [0, -1, 1.5]) {
        await expect(store.query('items', { limit })).rejects.toThrow(/Invalid query limit/);
      }
    });
  });

  describe('composite indexes', () => {
    it('given the declared indexes (under the emulator), refuses a query or count whose index is missing', async () => {
      const indexes: CompositeIndex[] = [
        {
          collectionGroup: 'items',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 's', order: 'ASCENDING' },
            { fieldPath: 'n', order: 'DESCENDING' },
          ],
        },
      ];
      const checked = createFirestoreStore(target.db(), { indexes });
      await checked.create('items', 'a', { s: 'x', n: 1, tags: ['k'] });
      const open = [{ field: 's', value: 'x' }];
      const ids = async (spec: QuerySpec) => (await checked.query('items', spec)).items.map((item) => item.id);
      expect(await ids({ where: open, orderBy: { field: 'n', direction: 'desc' } })).toEqual(['a']);
      // Single-field indexes serve these: equality alone, an order alone, one array-contains alone.
      expect(await ids({ where: open })).toEqual(['a']);
      expect(await ids({ orderBy: { field: 'n' } })).toEqual(['a']);
      expect(await checked.count('items', [{ field: 'tags', op: 'array-contains', value: 'k' }])).toBe(1);
      await expect(checked.query('items', { where: open, orderBy: { field: 'n' } })).rejects.toThrow(
        /requires an index.*"fieldPath":"s","order":"ASCENDING"\},\{"fieldPath":"n","order":"ASCENDING"/,
      );
      await expect(
        checked.count('items', [...open, { field: 'tags', op: 'array-contains', value: 'k' }]),
      ).rejects.toThrow(/requires an index/);
      // Without the list (production), Firestore itself decides.
      expect((await store.query('items', { where: open, orderBy: { field: 'n' } })).items).toHaveLength(1);
    });
  });

  describe('writes', () => {
    it('validates collection names and ids like the SQLite adapter', async () => {
      for (const collection of ['', 'items/x', '.', '..']) {
        await expect(store.create(collection, 'a', {})).rejects.toThrow(/Invalid collection/);
        await expect(store.query(collection)).rejects.toThrow(/Invalid collection/);
      }
      for (const id of ['', 'a/b', '.', '..']) {
        await expect(store.create('items', id, {})).rejects.toThrow(/Invalid document id/);
        await expect(store.get('items', id)).rejects.toThrow(/Invalid document id/);
      }
      await expect(store.set('items', 'a', [] as never)).rejects.toThrow(/plain object/);
    });

    it('update writes top-level keys as field paths: a dotted key stays one field', async () => {
      await store.create('items', 'x', { a: { b: 0, c: 1 } });
      await store.update('items', 'x', { 'a.b': 1 });
      expect(await store.get('items', 'x')).toEqual({ a: { b: 0, c: 1 }, 'a.b': 1 });
    });

    it('an update with an empty patch checks existence and changes nothing', async () => {
      await store.create('items', 'x', { v: 1 });
      await expect(store.update('items', 'x', {})).resolves.toBeUndefined();
      expect(await store.get('items', 'x')).toEqual({ v: 1 });
      await expect(store.update('items', 'nobody', {})).rejects.toEqual(new DocumentNotFoundError('items', 'nobody'));
      await expect(
        store.batch([{ kind: 'update', collection: 'items', id: 'nobody', patch: {} }]),
      ).rejects.toBeInstanceOf(DocumentNotFoundError);
      await store.batch([
        { kind: 'create', collection: 'items', id: 'new', data: { v: 2 } },
        { kind: 'update', collection: 'items', id: 'new', patch: {} },
      ]);
      expect(await store.get('items', 'new')).toEqual({ v: 2 });
      await expect(
        store.transaction(async (tx) => {
          tx.update('items', 'nobody', {});
        }),
      ).rejects.toBeInstanceOf(DocumentNotFoundError);
      expect(await store.get('items', 'nobody')).toBeNull();
    });

    it('names the document a failing batch write was about', async () => {
      await store.create('items', 'a', { v: 1 });
      await store.create('items', 'ab', { v: 1 });
      await expect(
        store.batch([
          { kind: 'create', collection: 'items', id: 'fresh', data: {} },
          { kind: 'create', collection: 'items', id: 'ab', data: {} },
        ]),
      ).rejects.toEqual(new DocumentExistsError('items', 'ab'));
      await expect(
        store.batch([
          { kind: 'update', collection: 'items', id: 'a', patch: { w: 1 } },
          { kind: 'update', collection: 'items', id: 'zz', patch: { w: 1 } },
        ]),
      ).rejects.toEqual(new DocumentNotFoundError('items', 'zz'));
      await expect(
        store.transaction(async (tx) => {
          await tx.get('items', 'a');
          tx.create('items', 'a', { v: 2 });
        }),
      ).rejects.toEqual(new DocumentExistsError('items', 'a'));
    });

    it('refuses a read after a write inside a transaction with the SQLite message', async () => {
      await expect(
        store.transaction(async (tx) => {
          tx.set('items', 'a', {});
          await tx.get('items', 'a');
        }),
      ).rejects.toThrow('Transaction reads must come before its writes');
    });
  });

  it('reports contention firebase-admin gave up on as TransactionContentionError', async () => {
    // The emulator never aborts a transaction, so the ABORTED that ends firebase-admin's retries is simulated.
    const aborted = Object.assign(new Error('10 ABORTED: Transaction lock timeout'), { code: 10 });
    const fake = {
      runTransaction: async (fn: (tx: unknown) => Promise<unknown>) => {
        for (let attempt = 0; attempt < 3; attempt++) await fn({ get: () => Promise.reject(aborted) }).catch(() => {});
        throw aborted;
      },
    } as unknown as Firestore;
    const fakeStore = createFirestoreStore(fake);
    const attempt = fakeStore.transaction(async (tx) => {
      await tx.get('counters', 'c');
    });
    await expect(attempt).rejects.toBeInstanceOf(TransactionContentionError);
    await expect(attempt).rejects.toThrow('after 3 attempts');
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describeDocumentStoreContract } from './document-store.contract';
import { CHECKPOINT_INTERVAL_MS } from './sqlite-checkpointer';
import { TransactionContentionError, type DocumentData } from './document-store';
import { createSqliteStore, openDatabase, RARE_ELEMENT, runIntegrityCheck, type SqliteStore } from './sqlite-store';
import type { IndexDeclarations } from './firestore-indexes';

/**
 * The test databases are real files, in memory-backed /dev/shm where the machine has one: the same
 * files, WAL and checkpoints, with no wait for the disk (a quarter of this file's time on a busy machine).
 */
const TEMP_ROOT = (() => {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
})();
const makeTempDir = () => fs.mkdtempSync(path.join(TEMP_ROOT, 'sqlite-store-'));

describeDocumentStoreContract('sqlite (file)', async () => {
  const dir = makeTempDir();
  const store = createSqliteStore({ filename: path.join(dir, 'store.db') });
  return {
    store,
    cleanup: async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeDocumentStoreContract('sqlite (:memory:)', async () => {
  const store = createSqliteStore({ filename: ':memory:' });
  return { store, cleanup: () => store.close() };
});

/** `items.tags` (the contract's array field) with a multi-valued index: its array-contains filters read through it. */
const TAGS_INDEXED: IndexDeclarations = {
  indexes: [
    {
      collectionGroup: 'items',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 's', order: 'ASCENDING' },
        { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
      ],
    },
  ],
  fieldOverrides: [],
};

describeDocumentStoreContract('sqlite (:memory:, array elements indexed)', async () => {
  const store = createSqliteStore({ filename: ':memory:', indexes: TAGS_INDEXED });
  return { store, cleanup: () => store.close() };
});

// The contract on a store that creates each index when a query first runs through it, as the tests' stores do.
describeDocumentStoreContract('sqlite (:memory:, indexes created on first query)', async () => {
  const store = createSqliteStore({ filename: ':memory:', indexes: TAGS_INDEXED, createIndexes: 'on-first-query' });
  return { store, cleanup: () => store.close() };
});

const NO_INDEXES: IndexDeclarations = { indexes: [], fieldOverrides: [] };

/** The rows of the multi-valued index in a file, in key order. */
function elementRows(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT field, type, value, doc FROM document_elements ORDER BY field, doc, type, value').all();
  } finally {
    db.close();
  }
}

/** The multi-valued index a fill from scratch makes of the documents now in `file` (in a copy of them). */
async function elementsFromScratch(file: string) {
  const copy = path.join(makeTempDir(), 'copy.db');
  await createSqliteStore({ filename: copy, indexes: NO_INDEXES }).close();
  const db = new Database(copy);
  db.prepare('ATTACH ? AS source').run(file);
  db.exec('INSERT INTO documents SELECT * FROM source.documents');
  db.close();
  const store = createSqliteStore({ filename: copy, indexes: TAGS_INDEXED });
  await store.fillElements();
  await store.close();
  const rows = elementRows(copy);
  fs.rmSync(path.dirname(copy), { recursive: true, force: true });
  return rows;
}

// The contract on a store whose multi-valued index is never filled while it runs (its
// array-contains filters walk the other index); afterwards the triggers must have kept the
// element table exactly as a fill from scratch of the same documents makes it.
describeDocumentStoreContract('sqlite (file, array elements indexed, fill pending)', async () => {
  const dir = makeTempDir();
  const filename = path.join(dir, 'store.db');
  const store = createSqliteStore({ filename, indexes: TAGS_INDEXED, elementFill: 'paused' });
  return {
    store,
    cleanup: async () => {
      await store.fillElements();
      await store.close();
      expect(elementRows(filename)).toEqual(await elementsFromScratch(filename));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('sqlite store', () => {
  let dir: string;
  let filename: string;

  beforeEach(() => {
    dir = makeTempDir();
    filename = path.join(dir, 'nested', 'deeper', 'store.db');
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates missing parent directories and uses WAL', async () => {
    const store = createSqliteStore({ filename });
    await store.create('items', 'a', { v: 1 });
    const db = new Database(filename, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
    await store.close();
  });

  it('copies committed pages into the database file from its worker thread, with no further commit', async () => {
    const store = createSqliteStore({ filename });
    try {
      for (let i = 0; i < 40; i++) await store.set('items', `doc-${i}`, { text: 'x'.repeat(2000), i });
      const sizeAfterCommits = fs.statSync(filename).size;
      // Far fewer pages than SQLite's automatic checkpoint waits for (1000): only the worker moves them.
      // The worker starts after its first interval. In an `npm test` run beside every other step, no
      // checkpoint came within 5 s (alone it takes under 1 s): the wait is for the pages, up to 20 s.
      let size = sizeAfterCommits;
      for (const deadline = Date.now() + 20_000; Date.now() < deadline && size <= sizeAfterCommits;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        size = fs.statSync(filename).size;
      }
      expect(size).toBeGreaterThan(sizeAfterCommits + 40 * 2000);
      expect(await store.get('items', 'doc-39')).toEqual({ text: 'x'.repeat(2000), i: 39 });
    } finally {
      await store.close();
    }
  }, 30_000);

  it('keeps a process with nothing else to do alive until its store has closed', () => {
    // The checkpoint worker does not keep a process alive, but closing the store waits for it. The
    // worker starts after the first interval: the store stays open past it, so there is one.
    const script = `
      const { createSqliteStore } = require(${JSON.stringify(path.join(__dirname, 'sqlite-store.ts'))});
      (async () => {
        const store = createSqliteStore({ filename: ${JSON.stringify(filename)} });
        await store.set('items', 'a', { v: 1 });
        await new Promise((resolve) => setTimeout(resolve, ${2 * CHECKPOINT_INTERVAL_MS}));
        await store.close();
        console.log('closed, then went on');
      })();
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: path.resolve(__dirname, '../../..'),
      encoding: 'utf8',
    });
    expect(run.stdout.trim()).toBe('closed, then went on');
  });

  it('syncs the WAL at checkpoints, not at each commit (synchronous NORMAL: a killed process loses nothing)', () => {
    const db = openDatabase(filename);
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      // 1 is NORMAL (2 is FULL); crash-recovery.emulator.test.ts SIGKILLs the API under saves on this setting.
      expect(db.pragma('synchronous', { simple: true })).toBe(1);
    } finally {
      db.close();
    }
  });

  /** A file of an earlier layout: its documents table as `CREATE TABLE documents (…) <options>`, the documents as JSON text. */
  function earlierLayoutFile(name: string, options: string, documents: [string, DocumentData, number][]): string {
    const file = path.join(dir, name);
    const old = new Database(file);
    old.exec(`CREATE TABLE documents (
      collection TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, version INTEGER NOT NULL,
      PRIMARY KEY (collection, id)
    ) ${options}`);
    const insert = old.prepare('INSERT INTO documents VALUES (?, ?, ?, ?)');
    for (const [id, data, version] of documents) insert.run('rows', id, JSON.stringify(data), version);
    old.close();
    return file;
  }

  it('moves a file of the first layout (documents WITHOUT ROWID) to a table with rowids, keeping every document', async () => {
    const oldFile = earlierLayoutFile('first-layout.db', 'WITHOUT ROWID', [
      ['a', { formId: 'f1', n: 1 }, 3],
      ['b', { formId: 'f2', n: 2 }, 1],
    ]);

    const store = createSqliteStore({ filename: oldFile });
    expect((await store.query('rows', { orderBy: { field: 'n' } })).items).toEqual([
      { id: 'a', data: { formId: 'f1', n: 1 } },
      { id: 'b', data: { formId: 'f2', n: 2 } },
    ]);
    expect(await store.count('rows', [{ field: 'formId', value: 'f1' }])).toBe(1);
    // Versions carry over: a transaction that read the document before the move still sees it unchanged.
    await store.update('rows', 'a', { n: 5 });
    await store.close();

    const moved = new Database(oldFile, { readonly: true });
    try {
      const layout = moved.prepare("SELECT sql FROM sqlite_master WHERE name = 'documents'").pluck().get();
      expect(layout).not.toMatch(/WITHOUT ROWID/i);
      expect(moved.prepare("SELECT version FROM documents WHERE id = 'a'").pluck().get()).toBe(4);
      expect(
        moved.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name LIKE 'ix%'").pluck().get(),
      ).toBeGreaterThan(0);
    } finally {
      moved.close();
    }
    expect(runIntegrityCheck(oldFile)).toBe('ok');
  });

  it('moves a file of the second layout (documents as JSON text) to JSONB, keeping every document and version', async () => {
    const ada = { formId: 'f1', n: 1, tags: ['say "hi"', 'Zoë', true], note: null, nested: { a: [1, 2.5] } };
    const oldFile = earlierLayoutFile('second-layout.db', '', [
      ['a', ada, 3],
      ['b', { formId: 'f2', n: 2, tags: ['x'] }, 1],
    ]);

    const store = createSqliteStore({ filename: oldFile });
    expect(await store.get('rows', 'a')).toEqual(ada);
    expect(await store.getAll('rows', ['a', 'b'], ['n', 'note'])).toEqual([{ n: 1, note: null }, { n: 2 }]);
    const tagged = (value: string | boolean) => [{ field: 'tags', op: 'array-contains' as const, value }];
    expect((await store.query('rows', { where: tagged('say "hi"') })).items.map((item) => item.id)).toEqual(['a']);
    expect((await store.query('rows', { where: tagged(true) })).items.map((item) => item.id)).toEqual(['a']);
    expect((await store.query('rows', { orderBy: { field: 'n' }, fields: ['formId'] })).items).toEqual([
      { id: 'a', data: { formId: 'f1', n: 1 } },
      { id: 'b', data: { formId: 'f2', n: 2 } },
    ]);
    await store.update('rows', 'a', { n: 5 });
    await store.close();

    const moved = new Database(oldFile, { readonly: true });
    try {
      const layout = moved.prepare("SELECT sql FROM sqlite_master WHERE name = 'documents'").pluck().get();
      expect(layout).toMatch(/\bdata BLOB\b/);
      expect(moved.prepare('SELECT DISTINCT typeof(data) FROM documents').pluck().all()).toEqual(['blob']);
      expect(moved.prepare("SELECT version FROM documents WHERE id = 'a'").pluck().get()).toBe(4);
      expect(moved.prepare("SELECT version FROM documents WHERE id = 'b'").pluck().get()).toBe(1);
    } finally {
      moved.close();
    }
    // The move is made once: the next open finds the current layout and reads the same documents.
    const again = createSqliteStore({ filename: oldFile });
    try {
      expect(await again.get('rows', 'a')).toEqual({ ...ada, n: 5 });
    } finally {
      await again.close();
    }
    expect(runIntegrityCheck(oldFile)).toBe('ok');
  });

  describe('kept counts', () => {
    const countsRun = (log: string[]) =>
      log.filter((sql) => /^SELECT count\(\*\) AS n FROM documents\b/.test(sql)).length;
    const ofForm = (formId: string) => [{ field: 'formId', value: formId }];

    it('answers a repeated count without counting again, until its collection is written through the store', async () => {
      const log: string[] = [];
      const store = createSqliteStore({ filename, verbose: (sql) => log.push(sql) });
      await store.batch(
        ['a', 'b', 'c'].map((id) => ({ kind: 'create' as const, collection: 'rows', id, data: { formId: 'f1' } })),
      );
      expect(await store.count('rows', ofForm('f1'))).toBe(3);
      expect(await store.count('rows', ofForm('f1'))).toBe(3);
      expect(countsRun(log)).toBe(1);

      // Another collection's writes leave the count alone.
      await store.set('other', 'x', { formId: 'f1' });
      expect(await store.count('rows', ofForm('f1'))).toBe(3);
      expect(countsRun(log)).toBe(1);

      await store.delete('rows', 'a');
      expect(await store.count('rows', ofForm('f1'))).toBe(2);
      await store.transaction(async (tx) => {
        tx.create('rows', 'd', { formId: 'f1' });
      });
      expect(await store.count('rows', ofForm('f1'))).toBe(3);
      await store.update('rows', 'b', { formId: 'f2' });
      expect(await store.count('rows', ofForm('f1'))).toBe(2);
      expect(await store.count('rows', ofForm('f2'))).toBe(1);
      expect(countsRun(log)).toBe(5);
      await store.close();
    });

    it('counts again after another connection to the file commits (another process, a migration)', async () => {
      const log: string[] = [];
      const store = createSqliteStore({ filename, verbose: (sql) => log.push(sql) });
      await store.create('rows', 'a', { formId: 'f1' });
      expect(await store.count('rows', ofForm('f1'))).toBe(1);

      const other = createSqliteStore({ filename });
      await other.create('rows', 'b', { formId: 'f1' });
      await other.close();
      expect(await store.count('rows', ofForm('f1'))).toBe(2);
      expect(await store.count('rows', ofForm('f1'))).toBe(2);
      expect(countsRun(log)).toBe(2);
      await store.close();
    });
  });

  describe('array elements', () => {
    const elements = (file: string) => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare('SELECT field, type, value, doc FROM document_elements ORDER BY doc, type, value').all();
      } finally {
        db.close();
      }
    };

    it('keeps the multi-valued index in step with every write, and fills it for documents stored before', async () => {
      const before = createSqliteStore({ filename, indexes: { indexes: [], fieldOverrides: [] } });
      await before.set('items', 'old', { s: 'open', tags: ['k', 'k', 2, true, null, { o: 1 }] });
      await before.close();
      expect(elements(filename)).toEqual([]);

      const store = createSqliteStore({ filename, indexes: TAGS_INDEXED });
      await store.fillElements();
      // Filled from the stored document: each distinct element a filter can name, once.
      expect(elements(filename)).toEqual([
        { field: 'tags', type: 'integer', value: 2, doc: 'old' },
        { field: 'tags', type: 'null', value: '', doc: 'old' },
        { field: 'tags', type: 'text', value: 'k', doc: 'old' },
        { field: 'tags', type: 'true', value: 1, doc: 'old' },
      ]);
      await store.create('items', 'a', { s: 'open', tags: ['x'] });
      await store.create('other', 'a', { s: 'open', tags: ['x'] });
      await store.update('items', 'old', { tags: ['y'] });
      await store.set('items', 'a', { s: 'open', tags: 'not an array' });
      await store.batch([{ kind: 'create', collection: 'items', id: 'b', data: { tags: ['x', 'y'] } }]);
      await store.transaction(async (tx) => {
        tx.delete('items', 'b');
        tx.set('items', 'c', { tags: ['z'] });
      });
      await expect(
        store.transaction(async (tx) => {
          tx.set('items', 'd', { tags: ['x'] });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(elements(filename)).toEqual([
        { field: 'tags', type: 'text', value: 'z', doc: 'c' },
        { field: 'tags', type: 'text', value: 'y', doc: 'old' },
      ]);
      expect(
        (await store.query('items', { where: [{ field: 'tags', op: 'array-contains', value: 'y' }] })).items,
      ).toEqual([{ id: 'old', data: { s: 'open', tags: ['y'] } }]);
      await store.close();

      // A field no longer declared loses its elements.
      await createSqliteStore({ filename, indexes: { indexes: [], fieldOverrides: [] } }).close();
      expect(elements(filename)).toEqual([]);
    });

    it('pages a common element and a rare one in the same order (walking the index, or reading the elements)', async () => {
      const store = createSqliteStore({ filename, indexes: TAGS_INDEXED });
      // The (empty) fill completes, so a rare element is read from the elements.
      await store.fillElements();
      const count = RARE_ELEMENT + 50;
      const writes = Array.from({ length: count }, (_, n) => ({
        kind: 'set' as const,
        collection: 'items',
        id: `i${String(n).padStart(5, '0')}`,
        data: { s: n % 3 === 0 ? 'closed' : 'open', n: (n * 7) % 13, tags: n % 20 === 0 ? ['all', 'rare'] : ['all'] },
      }));
      for (let at = 0; at < count; at += 500) await store.batch(writes.slice(at, at + 500));
      const page = async (tag: string) => {
        const where = [
          { field: 's', value: 'open' },
          { field: 'tags', op: 'array-contains' as const, value: tag },
        ];
        const seen: string[] = [];
        let after: string | undefined;
        do {
          const result = await store.query('items', {
            where,
            orderBy: { field: 'n', direction: 'desc' },
            limit: 7,
            after,
          });
          seen.push(...result.items.map((item) => item.id));
          after = result.nextCursor ?? undefined;
        } while (after);
        return { seen, total: await store.count('items', where) };
      };
      const common = await page('all');
      const rare = await page('rare');
      const rareIds = new Set(Array.from({ length: count }, (_, n) => n).filter((n) => n % 20 === 0 && n % 3 !== 0));
      expect(rare.seen).toEqual(common.seen.filter((id) => rareIds.has(Number(id.slice(1)))));
      expect([rare.total, common.total]).toEqual([rare.seen.length, common.seen.length]);
      await store.close();
    });
  });

  describe('filling a multi-valued index for documents stored before it', () => {
    const DOCUMENTS = 60;
    const BATCH = 7;
    const id = (n: number) => `i${String(n).padStart(3, '0')}`;
    const seed = async () => {
      const store = createSqliteStore({ filename, indexes: NO_INDEXES });
      await store.batch(
        Array.from({ length: DOCUMENTS }, (_, n) => ({
          kind: 'set' as const,
          collection: 'items',
          id: id(n),
          data: { s: n % 3 === 0 ? 'closed' : 'open', n: (n * 7) % 13, tags: n % 5 === 0 ? ['all', 'rare'] : ['all'] },
        })),
      );
      await store.close();
    };
    /** The recorded position of the fill of items.tags (undefined once complete). */
    const fillPosition = (): string | undefined => {
      const db = new Database(filename, { readonly: true });
      try {
        const row = db.prepare("SELECT after_id FROM document_element_fills WHERE field = 'tags'").get() as
          { after_id: string } | undefined;
        return row?.after_id;
      } finally {
        db.close();
      }
    };
    const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
    const answers = async (store: SqliteStore) => {
      const result: unknown[] = [];
      for (const tag of ['all', 'rare', 'none']) {
        const where = [
          { field: 's', value: 'open' },
          { field: 'tags', op: 'array-contains' as const, value: tag },
        ];
        result.push(await store.query('items', { where, orderBy: { field: 'n', direction: 'desc' }, limit: 5 }));
        result.push(await store.query('items', { where: [where[1]!] }));
        result.push(await store.count('items', where));
      }
      return result;
    };

    it('answers array-contains queries and counts before its fill has run, the same as once it is complete', async () => {
      await seed();
      const log: string[] = [];
      const store = createSqliteStore({
        filename,
        indexes: TAGS_INDEXED,
        elementFill: 'paused',
        elementFillBatch: BATCH,
        verbose: (sql) => log.push(sql),
      });
      try {
        // What the open ran (creating the table, installing the triggers) aside.
        log.length = 0;
        const before = await answers(store);
        expect(elementRows(filename)).toEqual([]);
        expect(log.filter((sql) => sql.includes('FROM document_elements'))).toEqual([]);
        await store.fillElements();
        expect(fillPosition()).toBeUndefined();
        expect(elementRows(filename)).toEqual(await elementsFromScratch(filename));
        expect(await answers(store)).toEqual(before);
        // Once complete, the searches read the elements.
        expect(log.some((sql) => /^SELECT id, json\(data\) AS data\b.*\bdocument_elements\b/s.test(sql))).toBe(true);
        expect((before[4] as { items: unknown[] }).items.length).toBe(DOCUMENTS / 5);
      } finally {
        await store.close();
      }
    });

    it('keeps the element table exact under writes to documents already filled and not yet filled', async () => {
      await seed();
      const store = createSqliteStore({ filename, indexes: TAGS_INDEXED, elementFillBatch: BATCH });
      try {
        while ((fillPosition() ?? '') < id(20)) await turn();
        const position = fillPosition();
        expect(position !== undefined && position < id(DOCUMENTS - BATCH)).toBe(true);
        // Filled (0-19) and not yet (50-59): updates, deletes, inserts before and after the position.
        await store.update('items', id(1), { tags: ['changed', 'rare'] });
        await store.delete('items', id(5));
        await store.update('items', id(52), { tags: ['later'] });
        await store.delete('items', id(55));
        await store.set('items', id(57), { tags: 'not an array' });
        await store.batch([
          { kind: 'create', collection: 'items', id: 'a-first', data: { tags: ['new'] } },
          { kind: 'create', collection: 'items', id: 'z-last', data: { tags: ['new', 'all'] } },
        ]);
        await store.fillElements();
        expect(fillPosition()).toBeUndefined();
        expect(elementRows(filename)).toEqual(await elementsFromScratch(filename));
        expect(
          (await store.query('items', { where: [{ field: 'tags', op: 'array-contains', value: 'new' }] })).items.map(
            (item) => item.id,
          ),
        ).toEqual(['a-first', 'z-last']);
      } finally {
        await store.close();
      }
    });

    it('closes cleanly mid-fill, resumes where it stopped after a restart, and never fills a complete index again', async () => {
      await seed();
      const first = createSqliteStore({ filename, indexes: TAGS_INDEXED, elementFillBatch: BATCH });
      while ((fillPosition() ?? '') < id(BATCH)) await turn();
      await first.close();
      const stopped = fillPosition();
      expect(stopped !== undefined && stopped >= id(BATCH - 1) && stopped < id(DOCUMENTS - 1)).toBe(true);
      const filledBefore = elementRows(filename);
      expect(filledBefore.length).toBeGreaterThan(0);

      const log: string[] = [];
      const second = createSqliteStore({
        filename,
        indexes: TAGS_INDEXED,
        elementFillBatch: BATCH,
        verbose: (sql) => log.push(sql),
      });
      await second.fillElements();
      await second.close();
      const batches = log.filter(
        (sql) => sql.startsWith('INSERT OR IGNORE INTO document_elements') && sql.includes('AS batch'),
      );
      // Only the documents after the recorded position were read again.
      expect(batches.length).toBe(Math.ceil((DOCUMENTS - 1 - Number(stopped!.slice(1))) / BATCH));
      expect(elementRows(filename)).toEqual(await elementsFromScratch(filename));

      log.length = 0;
      const third = createSqliteStore({ filename, indexes: TAGS_INDEXED, verbose: (sql) => log.push(sql) });
      await third.fillElements();
      await third.close();
      expect(log.filter((sql) => sql.includes('AS batch'))).toEqual([]);
      expect(log.filter((sql) => /^DELETE FROM document_elements/.test(sql))).toEqual([]);
    });
  });

  it('keeps data across closing and reopening the file', async () => {
    const first = createSqliteStore({ filename });
    await first.create('items', 'a', { v: 1, nested: { ok: true } });
    await first.set('items', 'b', { v: 2 });
    await first.delete('items', 'b');
    await first.close();

    const second = createSqliteStore({ filename });
    expect((await second.query('items')).items).toEqual([{ id: 'a', data: { v: 1, nested: { ok: true } } }]);
    await second.close();
  });

  it('opens a copy of an in-memory store from its image: same documents and indexes, writes kept apart', async () => {
    const original = createSqliteStore({ filename: ':memory:' });
    await original.create('items', 'a', { v: 1, tags: ['x'] });
    const copy = createSqliteStore({ filename: ':memory:', image: original.serialize() });
    expect((await copy.query('items')).items).toEqual([{ id: 'a', data: { v: 1, tags: ['x'] } }]);
    await copy.set('items', 'b', { v: 2 });
    await original.update('items', 'a', { v: 3 });
    expect((await copy.query('items')).items.map((item) => item.data)).toEqual([{ v: 1, tags: ['x'] }, { v: 2 }]);
    expect((await original.query('items')).items.map((item) => item.data)).toEqual([{ v: 3, tags: ['x'] }]);
    // An image opens in memory only (never over a file).
    expect(() => createSqliteStore({ filename, image: original.serialize() })).toThrow(/in memory only/);
    await Promise.all([original.close(), copy.close()]);
  });

  it('creates an index when a query first runs through it, with its statistic, when asked to (in memory only)', async () => {
    const declarations: IndexDeclarations = {
      indexes: [
        {
          collectionGroup: 'items',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 's', order: 'ASCENDING' },
            { fieldPath: 'n', order: 'ASCENDING' },
          ],
        },
      ],
      fieldOverrides: [],
    };
    const statements: string[] = [];
    const onFirstQuery = createSqliteStore({
      filename: ':memory:',
      indexes: declarations,
      createIndexes: 'on-first-query',
      verbose: (sql) => statements.push(sql),
    });
    const atOpen = createSqliteStore({ filename: ':memory:', indexes: declarations });
    const documents = Array.from({ length: 30 }, (_, i) => ({ s: i % 3 === 0 ? 'a' : 'b', n: (i * 7) % 11 }));
    for (const store of [onFirstQuery, atOpen]) {
      await store.batch(documents.map((data, i) => ({ kind: 'set', collection: 'items', id: `d${i}`, data })));
    }
    /** The database's indexes on the documents and their planner statistics. */
    const indexes = (store: SqliteStore) => {
      const db = new Database(store.serialize());
      try {
        return db
          .prepare(
            "SELECT name, stat FROM sqlite_master LEFT JOIN sqlite_stat1 ON idx = name WHERE type = 'index' AND name LIKE 'ix\\_%' ESCAPE '\\' ORDER BY name",
          )
          .all() as { name: string; stat: string }[];
      } finally {
        db.close();
      }
    };
    const declared = indexes(atOpen);
    expect(declared.map(({ name }) => name)).toEqual(['ix_items_s', 'ix_items_s_by-n']);
    expect(indexes(onFirstQuery)).toEqual([]);

    const page = {
      where: [{ field: 's', op: '==' as const, value: 'a' }],
      orderBy: { field: 'n', direction: 'desc' as const },
    };
    expect(await onFirstQuery.query('items', page)).toEqual(await atOpen.query('items', page));
    expect(indexes(onFirstQuery)).toEqual(declared.filter(({ name }) => name === 'ix_items_s_by-n'));
    expect(statements.filter((sql) => /^SELECT .* INDEXED BY "ix_items_s_by-n"/s.test(sql))).toHaveLength(1);
    expect(await onFirstQuery.count('items', [{ field: 's', value: 'b' }])).toBe(20);
    expect(indexes(onFirstQuery)).toEqual(declared);

    // A copy of such a store's image, opened as any image, makes sure of an index before a query runs through it.
    const image = createSqliteStore({ filename: ':memory:', indexes: declarations, createIndexes: 'on-first-query' });
    const copy = createSqliteStore({ filename: ':memory:', indexes: declarations, image: image.serialize() });
    await copy.batch(documents.map((data, i) => ({ kind: 'set', collection: 'items', id: `d${i}`, data })));
    expect(await copy.query('items', page)).toEqual(await atOpen.query('items', page));
    expect(() => createSqliteStore({ filename, createIndexes: 'on-first-query' })).toThrow(/in memory only/);
    await Promise.all([onFirstQuery, atOpen, image, copy].map((store) => store.close()));
  });

  it('reports a healthy file as ok', async () => {
    const store = createSqliteStore({ filename });
    await store.batch([
      { kind: 'create', collection: 'items', id: 'a', data: { v: 1 } },
      { kind: 'create', collection: 'items', id: 'b', data: { v: 2 } },
    ]);
    await store.close();
    expect(runIntegrityCheck(filename)).toBe('ok');
  });

  it('refuses to check a file that does not exist', () => {
    expect(() => runIntegrityCheck(path.join(dir, 'missing.db'))).toThrow();
    expect(fs.existsSync(path.join(dir, 'missing.db'))).toBe(false);
  });

  describe('field path validation', () => {
    const attacks = ["v') OR 1=1 --", 'v" OR 1=1 --', '$.v', 'v[0]', 'v..w', '.v', 'v.', 'v w', ''];

    it.each(attacks)('rejects %j in a filter and in an order', async (field) => {
      const store = createSqliteStore({ filename: ':memory:' });
      await store.create('items', 'a', { v: 1 });
      await expect(store.query('items', { where: [{ field, value: 1 }] })).rejects.toThrow(/Invalid field path/);
      await expect(store.query('items', { orderBy: { field } })).rejects.toThrow(/Invalid field path/);
      expect((await store.query('items')).items).toHaveLength(1);
      await store.close();
    });
  });

  it('rejects collection names and ids containing a slash', async () => {
    const store = createSqliteStore({ filename: ':memory:' });
    await expect(store.create('items/x', 'a', {})).rejects.toThrow(/Invalid collection/);
    await expect(store.create('items', 'a/b', {})).rejects.toThrow(/Invalid document id/);
    await expect(store.get('items', '')).rejects.toThrow(/Invalid document id/);
    await store.close();
  });

  it('gives up with TransactionContentionError when a document keeps changing', async () => {
    const store = createSqliteStore({ filename: ':memory:' });
    await store.create('counters', 'c', { n: 0 });
    let runs = 0;
    const attempt = store.transaction(async (tx) => {
      runs++;
      const counter = await tx.get<{ n: number }>('counters', 'c');
      await store.update('counters', 'c', { n: counter!.n + 100 });
      tx.set('counters', 'c', { n: -1 });
    });
    await expect(attempt).rejects.toBeInstanceOf(TransactionContentionError);
    expect(runs).toBe(10);
    expect(await store.get('counters', 'c')).toEqual({ n: 1000 });
    await store.close();
  });

  it('lands concurrent increments from two connections to the same file', async () => {
    const first = createSqliteStore({ filename });
    const second = createSqliteStore({ filename });
    const increment = (store: typeof first) =>
      store.transaction(async (tx) => {
        const counter = await tx.get<{ n: number }>('counters', 'c');
        tx.set('counters', 'c', { n: (counter?.n ?? 0) + 1 });
      });
    await Promise.all(Array.from({ length: 20 }, (_, index) => increment(index % 2 === 0 ? first : second)));
    expect(await first.get('counters', 'c')).toEqual({ n: 20 });
    await first.close();
    await second.close();
  });
});

import { InvalidCursorError } from './document-store';
import { compareText, pageInMemory } from './memory-pages';
import { createSqliteStore } from './sqlite-store';
import { memoryPagingDifferences } from '../testing/search-scenarios';

describe('pageInMemory', () => {
  it("pages as the SQLite store pages the same order (search-pages.emulator.test.ts: as Firestore's)", async () => {
    const store = createSqliteStore({ filename: ':memory:' });
    try {
      expect(await memoryPagingDifferences(store)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('compares text by code point, as UTF-8 bytes compare', () => {
    const texts = ['\u{1F600}', '\uE000', 'z', 'é', 'a', ''];
    const bytes = [...texts].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...texts].sort(compareText)).toEqual(bytes);
    expect(bytes).toEqual(['', 'a', 'z', 'é', '\uE000', '\u{1F600}']);
  });

  it('refuses a cursor it did not hand out', () => {
    const docs = [{ id: 'a', n: 1 }];
    const orderBy = { field: 'n' };
    for (const after of ['not a cursor', Buffer.from('{"id":"a","t":3,"v":1}').toString('base64url')]) {
      expect(() => pageInMemory(docs, { orderBy, limit: 1, after })).toThrow(InvalidCursorError);
    }
  });
});

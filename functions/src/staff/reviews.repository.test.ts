import type { Assessment } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { createSqliteStore } from '../store/sqlite-store';
import { createReviewsRepository } from './reviews.repository';

describe('submittedReviews', () => {
  it('reads every submitted review of the form, over several pages, by submittedAt then id, seeking in id order', async () => {
    const statements: string[] = [];
    const store = createSqliteStore({ filename: ':memory:', verbose: (sql) => statements.push(sql) });
    try {
      const review = (n: number, formId: string, state: string): Assessment =>
        ({
          id: `r-${String((n * 7919) % 1201).padStart(4, '0')}-${n}`,
          kind: 'review',
          applicationFormId: formId,
          state,
          // Many share a time, so the id decides between them.
          submittedAt: `2026-01-01T00:00:${String(n % 37).padStart(2, '0')}.000Z`,
        }) as unknown as Assessment;
      const docs = [
        ...Array.from({ length: 1100 }, (_, n) => review(n, 'form-a', 'submitted')),
        ...Array.from({ length: 20 }, (_, n) => review(2000 + n, 'form-a', 'draft')),
        ...Array.from({ length: 20 }, (_, n) => review(3000 + n, 'form-b', 'submitted')),
      ];
      for (let start = 0; start < docs.length; start += 500) {
        await store.batch(
          docs
            .slice(start, start + 500)
            .map((doc) => ({ kind: 'set', collection: COLLECTIONS.reviews, id: doc.id, data: doc })),
        );
      }
      statements.length = 0;
      const found = await createReviewsRepository(store).submittedReviews('form-a');
      const expected = docs
        .filter((doc) => doc.applicationFormId === 'form-a' && doc.state === 'submitted')
        .sort((a, b) => a.submittedAt!.localeCompare(b.submittedAt!) || (a.id < b.id ? -1 : 1));
      expect(found.map((doc) => doc.id)).toEqual(expected.map((doc) => doc.id));
      const pages = statements.filter((sql) => sql.includes('FROM documents'));
      expect(pages.length).toBeGreaterThan(2);
      // A cursor on the submittedAt order cannot seek in the index: each page would re-read all before it.
      for (const sql of pages) expect(sql).not.toContain('@cursorValue');
    } finally {
      await store.close();
    }
  });
});

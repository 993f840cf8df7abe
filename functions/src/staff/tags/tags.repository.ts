import {
  DELETED_APPLICANT,
  displayName,
  type ApplicationForm,
  type ApplicationRow,
  type AuditEntry,
  type RowTagsDocument,
  type SavedViewsDocument,
  type User,
} from '@portal/shared/domain';
import { recordInTransaction } from '../../audit/audit-entry';
import { COLLECTIONS } from '../../store/collections';
import type { DocumentStore, EqualityFilter } from '../../store/document-store';

/**
 * Every store access of tags and saved views (docs/product.md#tags-and-saved-views). A form's tags
 * and its saved views are one document each, by the form's id: read whole (no index), and an
 * erasure of an applicant rewrites them by id inside its own transaction (`eraseTagsAndViewsAbout`).
 */

export interface TagsTransaction {
  getForm(id: string): Promise<ApplicationForm | null>;
  getTags(formId: string): Promise<RowTagsDocument | null>;
  getViews(formId: string): Promise<SavedViewsDocument | null>;
  getRow(id: string): Promise<ApplicationRow | null>;
  setTags(doc: RowTagsDocument): void;
  setViews(doc: SavedViewsDocument): void;
  /** Only the row's `tags`: nothing else of the row changes. */
  setRowTags(rowId: string, tags: string[]): void;
  record(entry: AuditEntry): void;
}

export interface TagsRepository {
  getForm(id: string): Promise<ApplicationForm | null>;
  getTags(formId: string): Promise<RowTagsDocument | null>;
  getViews(formId: string): Promise<SavedViewsDocument | null>;
  getUser(id: string): Promise<User | null>;
  /** How many of the form's rows hold the tag (an aggregation, the tag filter's index). */
  countTagged(formId: string, tagId: string): Promise<number>;
  /** Up to `limit` ids of the form's rows holding the tag (the tag filter's query and index). */
  taggedRowIds(formId: string, tagId: string, limit: number): Promise<string[]>;
  transaction<R>(work: (tx: TagsTransaction) => Promise<R>): Promise<R>;
}

/** The form's rows holding a tag: one array-contains beside the form's equality (the tag filter's composite index). */
const taggedWhere = (formId: string, tagId: string): EqualityFilter[] => [
  { field: 'applicationFormId', value: formId },
  { field: 'tags', op: 'array-contains', value: tagId },
];

export function createTagsRepository(store: DocumentStore): TagsRepository {
  return {
    getForm: (id) => store.get<ApplicationForm>(COLLECTIONS.forms, id),
    getTags: (formId) => store.get<RowTagsDocument>(COLLECTIONS.rowTags, formId),
    getViews: (formId) => store.get<SavedViewsDocument>(COLLECTIONS.savedViews, formId),
    getUser: (id) => store.get<User>(COLLECTIONS.users, id),
    countTagged: (formId, tagId) => store.count(COLLECTIONS.reviewStatuses, taggedWhere(formId, tagId)),
    taggedRowIds: async (formId, tagId, limit) =>
      (await store.query(COLLECTIONS.reviewStatuses, { where: taggedWhere(formId, tagId), limit })).items.map(
        (item) => item.id,
      ),
    transaction: (work) =>
      store.transaction((tx) =>
        work({
          getForm: (id) => tx.get<ApplicationForm>(COLLECTIONS.forms, id),
          getTags: (formId) => tx.get<RowTagsDocument>(COLLECTIONS.rowTags, formId),
          getViews: (formId) => tx.get<SavedViewsDocument>(COLLECTIONS.savedViews, formId),
          getRow: (id) => tx.get<ApplicationRow>(COLLECTIONS.reviewStatuses, id),
          setTags: (doc) => tx.set(COLLECTIONS.rowTags, doc.formId, doc),
          setViews: (doc) => tx.set(COLLECTIONS.savedViews, doc.formId, doc),
          setRowTags: (rowId, tags) => tx.update(COLLECTIONS.reviewStatuses, rowId, { tags }),
          record: (entry) => recordInTransaction(tx, entry),
        }),
      ),
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What names the person in a text someone typed (a tag's or view's name, a view's search): their
 * email, their full name, or their first or last name standing alone, in any case.
 */
function personPattern(user: Pick<User, 'firstName' | 'lastName' | 'email'>): RegExp | null {
  const words = [user.email, displayName(user), user.firstName, user.lastName]
    .map((each) => each.trim())
    .filter((each) => each.length > 0)
    .sort((a, b) => b.length - a.length);
  if (words.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

/** The tags and saved views of each form, as read in an erasure's transaction before it writes. */
export interface TagsAndViews {
  tags: RowTagsDocument | null;
  views: SavedViewsDocument | null;
}

/**
 * In an erasure's transaction (staff/user-erasure.ts), after its reads: the person leaves no trace in
 * the tags and saved views of the forms they applied to. A tag's or view's name that names them has
 * their name replaced (DELETED_APPLICANT); a view's search that names them is dropped (the view keeps
 * its tab, filter, sort and tag). Their rows, which hold the tag ids, go (or stay anonymous) with the
 * erasure itself.
 */
export function eraseTagsAndViewsAbout(
  tx: { patch(collection: 'rowTags' | 'savedViews', id: string, fields: Record<string, unknown>): void },
  user: Pick<User, 'firstName' | 'lastName' | 'email'>,
  read: TagsAndViews[],
): void {
  const pattern = personPattern(user);
  if (!pattern) return;
  const names = (text: string) => {
    pattern.lastIndex = 0;
    return pattern.test(text);
  };
  const scrub = (text: string) => text.replace(pattern, DELETED_APPLICANT);
  for (const { tags, views } of read) {
    if (tags && tags.tags.some((tag) => names(tag.name))) {
      tx.patch('rowTags', tags.formId, {
        tags: tags.tags.map((tag) => (names(tag.name) ? { ...tag, name: scrub(tag.name) } : tag)),
      });
    }
    if (views && views.views.some((view) => names(view.name) || names(view.state.q ?? ''))) {
      tx.patch('savedViews', views.formId, {
        views: views.views.map((view) => {
          const { q, ...state } = view.state;
          return {
            ...view,
            name: names(view.name) ? scrub(view.name) : view.name,
            state: q !== undefined && names(q) ? state : view.state,
          };
        }),
      });
    }
  }
}

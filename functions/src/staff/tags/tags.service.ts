import { randomUUID } from 'node:crypto';
import {
  displayName,
  MAX_TAGS_PER_FORM,
  MAX_VIEWS_PER_FORM,
  normalizeSearch,
  TAG_MESSAGES,
  type RowTag,
  type RowTagsDocument,
  type RowTagsResult,
  type SavedView,
  type SavedViewItem,
  type savedViewBodySchema,
  type SavedViewsDocument,
  type TagDeletedResult,
  type tagBodySchema,
  type User,
} from '@portal/shared/domain';
import type { z } from 'zod/mini';
import { auditEntry } from '../../audit/audit-entry';
import { noFormError } from '../../forms/forms.service';
import { ApiError } from '../../http/api-error';
import { COLLECTIONS } from '../../store/collections';
import type { TagsRepository, TagsTransaction } from './tags.repository';

type TagInput = z.output<typeof tagBodySchema>;
type ViewInput = z.output<typeof savedViewBodySchema>;

/** Who saved a view once they are no longer a user. */
export const FORMER_SUPER_REVIEWER = 'A former super-reviewer';

/**
 * How many rows one transaction of a tag's deletion takes it off: a read and a write each, well
 * within a commit's 500 writes on Firestore.
 */
export const TAG_REMOVAL_PAGE = 200;

const sameName = (a: string, b: string) => normalizeSearch(a) === normalizeSearch(b);
const emptyTags = (formId: string): RowTagsDocument => ({ formId, tags: [] });
const emptyViews = (formId: string): SavedViewsDocument => ({ formId, views: [] });

async function formIn(tx: Pick<TagsTransaction, 'getForm'>, formId: string) {
  const form = await tx.getForm(formId);
  if (!form) throw noFormError();
  return form;
}

/** Tags of a form's rows and its saved views: super-reviewers only (docs/product.md#tags-and-saved-views). */
export function createTagsService(deps: { tags: TagsRepository; now: () => Date }) {
  const { tags: repo } = deps;
  const now = () => deps.now().toISOString();

  return {
    async listTags(formId: string): Promise<{ items: RowTag[] }> {
      if (!(await repo.getForm(formId))) throw noFormError();
      return { items: (await repo.getTags(formId))?.tags ?? [] };
    },

    /** A new tag (audited); its name is the form's only one of that name. */
    createTag: (formId: string, caller: User, input: TagInput): Promise<RowTag> =>
      repo.transaction(async (tx) => {
        await formIn(tx, formId);
        const doc = (await tx.getTags(formId)) ?? emptyTags(formId);
        if (doc.tags.length >= MAX_TAGS_PER_FORM) throw new ApiError('conflict', TAG_MESSAGES.tooManyTags);
        if (doc.tags.some((tag) => sameName(tag.name, input.name))) {
          throw new ApiError('conflict', TAG_MESSAGES.duplicateTag);
        }
        const at = now();
        const tag: RowTag = { id: randomUUID(), name: input.name, color: input.color, createdAt: at };
        tx.setTags({ ...doc, tags: [...doc.tags, tag] });
        tx.record(
          auditEntry({
            actor: caller,
            action: 'tag.created',
            target: { collection: COLLECTIONS.rowTags, id: tag.id },
            formId,
            before: null,
            after: { name: tag.name, color: tag.color },
            at,
          }),
        );
        return tag;
      }),

    /** A tag renamed or recoloured (audited): the rows keep it, by id. */
    updateTag: (formId: string, tagId: string, caller: User, input: TagInput): Promise<RowTag> =>
      repo.transaction(async (tx) => {
        await formIn(tx, formId);
        const doc = (await tx.getTags(formId)) ?? emptyTags(formId);
        const old = doc.tags.find((tag) => tag.id === tagId);
        if (!old) throw new ApiError('not-found', TAG_MESSAGES.noTag);
        if (doc.tags.some((tag) => tag.id !== tagId && sameName(tag.name, input.name))) {
          throw new ApiError('conflict', TAG_MESSAGES.duplicateTag);
        }
        const tag: RowTag = { ...old, name: input.name, color: input.color };
        tx.setTags({ ...doc, tags: doc.tags.map((each) => (each.id === tagId ? tag : each)) });
        tx.record(
          auditEntry({
            actor: caller,
            action: 'tag.changed',
            target: { collection: COLLECTIONS.rowTags, id: tag.id },
            formId,
            before: { name: old.name, color: old.color },
            after: { name: tag.name, color: tag.color },
            at: now(),
          }),
        );
        return tag;
      }),

    /**
     * A tag deleted (audited, with how many rows held it): first the tag itself and the saved views'
     * filter by it, in one transaction, so no one can put it on a row any more; then it comes off the
     * rows holding it, a page of rows per transaction (each row read again in it, so a tag added or
     * removed meanwhile is kept), until none holds it. A view that filtered by it keeps its tab,
     * filter, search and sort (docs/product.md#tags-and-saved-views).
     */
    async deleteTag(formId: string, tagId: string, caller: User): Promise<TagDeletedResult> {
      const held = await repo.countTagged(formId, tagId);
      const views = await repo.transaction(async (tx) => {
        await formIn(tx, formId);
        const doc = (await tx.getTags(formId)) ?? emptyTags(formId);
        const tag = doc.tags.find((each) => each.id === tagId);
        if (!tag) throw new ApiError('not-found', TAG_MESSAGES.noTag);
        const viewsDoc = (await tx.getViews(formId)) ?? emptyViews(formId);
        const filtering = viewsDoc.views.filter((view) => view.state.tag === tagId);
        tx.setTags({ ...doc, tags: doc.tags.filter((each) => each.id !== tagId) });
        if (filtering.length > 0) {
          tx.setViews({
            ...viewsDoc,
            views: viewsDoc.views.map((view) => {
              if (view.state.tag !== tagId) return view;
              const { tag: _dropped, ...state } = view.state;
              return { ...view, state };
            }),
          });
        }
        tx.record(
          auditEntry({
            actor: caller,
            action: 'tag.deleted',
            target: { collection: COLLECTIONS.rowTags, id: tag.id },
            formId,
            before: { name: tag.name, color: tag.color, rows: held },
            after: null,
            at: now(),
          }),
        );
        return filtering.length;
      });

      let rows = 0;
      for (;;) {
        const ids = await repo.taggedRowIds(formId, tagId, TAG_REMOVAL_PAGE);
        if (ids.length === 0) break;
        const changed = await repo.transaction(async (tx) => {
          const read = await Promise.all(ids.map((id) => tx.getRow(id)));
          let count = 0;
          for (const row of read) {
            if (!row?.tags?.includes(tagId)) continue;
            tx.setRowTags(
              row.id,
              row.tags.filter((id) => id !== tagId),
            );
            count += 1;
          }
          return count;
        });
        rows += changed;
        // Nothing left to take it off (the query saw rows a transaction no longer did): done.
        if (changed === 0) break;
      }
      return { rows, views };
    },

    /**
     * The tag put on (`tagged`) or taken off each row at once, in one transaction with an audit entry
     * per row it changed; a row of another form, or none, refuses the whole request.
     */
    tagRows: (
      formId: string,
      caller: User,
      input: { rows: string[]; tagId: string; tagged: boolean },
    ): Promise<RowTagsResult> =>
      repo.transaction(async (tx) => {
        await formIn(tx, formId);
        const doc = (await tx.getTags(formId)) ?? emptyTags(formId);
        const tag = doc.tags.find((each) => each.id === input.tagId);
        if (!tag) throw new ApiError('not-found', TAG_MESSAGES.noTag);
        const rows = await Promise.all(input.rows.map((id) => tx.getRow(id)));
        if (rows.some((row) => !row || row.applicationFormId !== formId)) {
          throw new ApiError('not-found', TAG_MESSAGES.noRow);
        }
        const nameOf = (id: string) => doc.tags.find((each) => each.id === id)?.name ?? id;
        const at = now();
        let changed = 0;
        for (const row of rows) {
          const before = row!.tags ?? [];
          const has = before.includes(tag.id);
          if (has === input.tagged) continue;
          const after = input.tagged ? [...before, tag.id] : before.filter((id) => id !== tag.id);
          tx.setRowTags(row!.id, after);
          tx.record(
            auditEntry({
              actor: caller,
              action: input.tagged ? 'row.tagged' : 'row.untagged',
              target: { collection: COLLECTIONS.reviewStatuses, id: row!.id },
              formId,
              before: { tags: before.map(nameOf) },
              after: { tags: after.map(nameOf) },
              at,
            }),
          );
          changed += 1;
        }
        return { changed };
      }),

    /** Every saved view of the form, with who saved it (the caller's are theirs to delete). */
    async listViews(formId: string, caller: User): Promise<{ items: SavedViewItem[] }> {
      if (!(await repo.getForm(formId))) throw noFormError();
      const views = (await repo.getViews(formId))?.views ?? [];
      const owners = new Map<string, string>();
      await Promise.all(
        [...new Set(views.map((view) => view.ownerId))].map(async (id) => {
          const user = await repo.getUser(id);
          owners.set(id, user ? displayName(user) : FORMER_SUPER_REVIEWER);
        }),
      );
      return {
        items: views.map((view) => ({
          ...view,
          ownerName: owners.get(view.ownerId) ?? FORMER_SUPER_REVIEWER,
          mine: view.ownerId === caller.id,
        })),
      };
    },

    /** The dashboard's state saved under a name, for every super-reviewer of the form. */
    saveView: (formId: string, caller: User, input: ViewInput): Promise<SavedViewItem> =>
      repo.transaction(async (tx) => {
        await formIn(tx, formId);
        const doc = (await tx.getViews(formId)) ?? emptyViews(formId);
        if (doc.views.length >= MAX_VIEWS_PER_FORM) throw new ApiError('conflict', TAG_MESSAGES.tooManyViews);
        if (doc.views.some((view) => sameName(view.name, input.name))) {
          throw new ApiError('conflict', TAG_MESSAGES.duplicateView);
        }
        // Only the parts the state has: Firestore refuses `undefined`.
        const state = Object.fromEntries(
          Object.entries(input.state).filter(([, value]) => value !== undefined && value !== ''),
        ) as SavedView['state'];
        const view: SavedView = { id: randomUUID(), name: input.name, state, ownerId: caller.id, createdAt: now() };
        tx.setViews({ ...doc, views: [...doc.views, view] });
        return { ...view, ownerName: displayName(caller), mine: true };
      }),

    /** A view deleted by the super-reviewer who saved it. */
    deleteView: (formId: string, viewId: string, caller: User): Promise<void> =>
      repo.transaction(async (tx) => {
        await formIn(tx, formId);
        const doc = (await tx.getViews(formId)) ?? emptyViews(formId);
        const view = doc.views.find((each) => each.id === viewId);
        if (!view) throw new ApiError('not-found', TAG_MESSAGES.noView);
        if (view.ownerId !== caller.id) throw new ApiError('forbidden', TAG_MESSAGES.notOwner);
        tx.setViews({ ...doc, views: doc.views.filter((each) => each.id !== viewId) });
      }),
  };
}

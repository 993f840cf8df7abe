import './zod-config';
import { z } from 'zod/mini';
import { contrastRatio, MIN_TEXT_CONTRAST, readableOn } from '../ids/colour-contrast';
import { MAX_SEARCH_LENGTH } from '../ids/constants';
import { idSchema } from './ids';
import { ROW_FILTERS, ROW_SORTS, ROW_TABS } from './staff-api';

/**
 * Tags and saved views on the super-reviewer's form dashboard (docs/product.md#tags-and-saved-views).
 * A form's tags are one document (`row-tags/{formId}`), its saved views another (`saved-views/{formId}`):
 * each read whole by the form's id, and an erasure of an applicant rewrites them by id inside its
 * transaction, where no query can run. A row holds the ids of its tags (`ApplicationRow.tags`), the
 * stored, indexed field the tag filter queries.
 */

/** The most tags a form defines, and saved views it keeps (each is one small document). */
export const MAX_TAGS_PER_FORM = 50;
export const MAX_VIEWS_PER_FORM = 100;
export const MAX_TAG_NAME_CHARS = 40;
export const MAX_VIEW_NAME_CHARS = 80;

/** A tag's text is white on its colour. */
export const TAG_TEXT_COLOR = '#ffffff';

/** Colours offered for a tag: each reads at 4.5:1 or more under white text (`tagColorIssue`). */
export const TAG_PALETTE = [
  '#1f4d3f',
  '#0b5cad',
  '#6b3fa0',
  '#a8071a',
  '#ad4e00',
  '#006d75',
  '#5b5b5b',
  '#9e1068',
] as const;

export const TAG_MESSAGES = {
  emptyName: 'Name the tag',
  emptyViewName: 'Name the view',
  oneLine: 'A name is one line',
  colorFormat: 'Use a colour such as #1f4d3f',
  duplicateTag: 'This form already has a tag with this name',
  duplicateView: 'This form already has a saved view with this name',
  noTag: 'No tag with this ID on this form',
  noView: 'No saved view with this ID on this form',
  tooManyTags: `A form has at most ${MAX_TAGS_PER_FORM} tags`,
  tooManyViews: `A form keeps at most ${MAX_VIEWS_PER_FORM} saved views: delete one to save another`,
  notOwner: 'Only the super-reviewer who saved a view can delete it',
  noRow: 'No role application with this ID on this form',
} as const;

/**
 * Why a tag's colour cannot be saved, or null: white text on it must read at 4.5:1; the message
 * suggests the nearest darker colour that does.
 */
export function tagColorIssue(color: string): string | null {
  if (!/^#[0-9a-fA-F]{6}$/.test(color)) return null;
  const ratio = contrastRatio(color, TAG_TEXT_COLOR);
  if (ratio >= MIN_TEXT_CONTRAST) return null;
  const shown = (Math.floor(ratio * 10) / 10).toFixed(1);
  return `Too pale: white text on this colour has a contrast of ${shown}:1, under ${MIN_TEXT_CONTRAST}:1. Try a darker one, such as ${readableOn(color, TAG_TEXT_COLOR)}`;
}

const oneLineName = (max: number, empty: string) =>
  z.string().check(
    z.trim(),
    z.minLength(1, empty),
    z.maxLength(max),
    z.refine((name) => !/[\r\n\t]/.test(name), TAG_MESSAGES.oneLine),
  );

/** POST /admin/forms/{formId}/tags and PUT /admin/forms/{formId}/tags/{tagId} */
export const tagBodySchema = z.strictObject({
  name: oneLineName(MAX_TAG_NAME_CHARS, TAG_MESSAGES.emptyName),
  color: z.string().check(
    z.regex(/^#[0-9a-fA-F]{6}$/, TAG_MESSAGES.colorFormat),
    z.superRefine((color, ctx) => {
      const issue = tagColorIssue(color);
      if (issue) ctx.addIssue({ code: 'custom', message: issue, input: color });
    }),
  ),
});
export type TagBody = z.input<typeof tagBodySchema>;

/** A tag of a form's rows. */
export type RowTag = {
  id: string;
  name: string;
  /** `#rrggbb`, under white text (`tagColorIssue`). */
  color: string;
  createdAt: string;
};

/** `row-tags/{formId}`: the form's tags, in the order they were made. */
export type RowTagsDocument = {
  formId: string;
  tags: RowTag[];
};

/** POST /admin/forms/{formId}/rows/tags: a tag put on (`tagged`) or taken off the rows at once. */
export const rowTagsBodySchema = z.strictObject({
  rows: z.array(idSchema).check(
    z.minLength(1),
    z.maxLength(100),
    z.refine((rows) => new Set(rows).size === rows.length, { message: 'Each row may appear once' }),
  ),
  tagId: idSchema,
  tagged: z.boolean(),
});
export type RowTagsBody = z.input<typeof rowTagsBodySchema>;

/** What a bulk tagging changed: the rows that did not already have the tag as asked. */
export interface RowTagsResult {
  changed: number;
}

/** What deleting a tag changed: the rows it came off, and the saved views that no longer filter by it. */
export interface TagDeletedResult {
  rows: number;
  views: number;
}

/** The dashboard tabs a saved view may open (the staff tabs take only the search). */
export const VIEW_TABS = [...ROW_TABS, 'reviewers', 'interviewers'] as const;

/**
 * A dashboard's state as its URL holds it: the tab (the path) and its query (`q`, `filter`, `sort`,
 * `dir`, `tag`). Each part only where that tab has it.
 */
export const viewStateSchema = z
  .strictObject({
    tab: z.enum(VIEW_TABS),
    q: z.optional(z.string().check(z.maxLength(MAX_SEARCH_LENGTH))),
    filter: z.optional(z.enum(ROW_FILTERS)),
    sort: z.optional(z.enum(ROW_SORTS)),
    dir: z.optional(z.enum(['asc', 'desc'])),
    tag: z.optional(idSchema),
  })
  .check(
    z.refine((state) => !state.filter || state.tab === 'all', {
      path: ['filter'],
      message: 'Filters apply to the All applications tab',
    }),
    z.refine((state) => (state.tab !== 'reviewers' && state.tab !== 'interviewers') || (!state.sort && !state.tag), {
      path: ['tab'],
      message: 'The staff tabs are not sorted or tagged',
    }),
  );
export type ViewState = z.output<typeof viewStateSchema>;

/** POST /admin/forms/{formId}/views */
export const savedViewBodySchema = z.strictObject({
  name: oneLineName(MAX_VIEW_NAME_CHARS, TAG_MESSAGES.emptyViewName),
  state: viewStateSchema,
});
export type SavedViewBody = z.input<typeof savedViewBodySchema>;

/** A saved view as stored: who saved it by id (their name is read when listed). */
export type SavedView = {
  id: string;
  name: string;
  state: ViewState;
  ownerId: string;
  createdAt: string;
};

/** `saved-views/{formId}`: the form's saved views, shared by its super-reviewers. */
export type SavedViewsDocument = {
  formId: string;
  views: SavedView[];
};

/** A saved view as listed: with its owner's name, and whether it is the caller's (theirs to delete). */
export type SavedViewItem = SavedView & {
  ownerName: string;
  mine: boolean;
};

/** The dashboard's URL query of a view's state (the tab is the path). */
export function viewQuery(state: ViewState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.filter) params.set('filter', state.filter);
  if (state.sort) params.set('sort', state.sort);
  if (state.dir) params.set('dir', state.dir);
  if (state.tag) params.set('tag', state.tag);
  const text = params.toString();
  return text ? `?${text}` : '';
}

import { queryOptions, useQuery } from '@portal/shared/query';
import { PREFETCHED, usePortal, type ApiClient } from '@portal/shared/client';
import type {
  RowTag,
  RowTagsBody,
  RowTagsResult,
  SavedViewBody,
  SavedViewItem,
  TagBody,
  TagDeletedResult,
} from '@portal/shared/domain/schemas/row-tags';
import { staffKeys } from './keys';

const id = encodeURIComponent;
const formPath = (formId: string, rest: string) => `/admin/forms/${id(formId)}${rest}`;

/** GET /admin/forms/{formId}/tags: the form's tags, in the order they were made. */
export const tagsQueryOptions = (api: ApiClient, formId: string) =>
  queryOptions({
    ...PREFETCHED,
    queryKey: staffKeys.tags(formId),
    queryFn: () => api.request<{ items: RowTag[] }>('GET', formPath(formId, '/tags')),
  });

export function useTags(formId: string) {
  const { api } = usePortal();
  return useQuery(tagsQueryOptions(api, formId));
}

export const createTag = (api: ApiClient, formId: string, body: TagBody) =>
  api.request<RowTag>('POST', formPath(formId, '/tags'), { body });

export const updateTag = (api: ApiClient, formId: string, tagId: string, body: TagBody) =>
  api.request<RowTag>('PUT', formPath(formId, `/tags/${id(tagId)}`), { body });

/** DELETE /admin/forms/{formId}/tags/{tagId}: the tag gone from the form, its rows and the views filtering by it. */
export const deleteTag = (api: ApiClient, formId: string, tagId: string) =>
  api.request<TagDeletedResult>('DELETE', formPath(formId, `/tags/${id(tagId)}`));

/** POST /admin/forms/{formId}/rows/tags: a tag on (or off) the rows at once. */
export const tagRows = (api: ApiClient, formId: string, body: RowTagsBody) =>
  api.request<RowTagsResult>('POST', formPath(formId, '/rows/tags'), { body });

/** GET /admin/forms/{formId}/views: every super-reviewer's saved views of the form. */
export const savedViewsQueryOptions = (api: ApiClient, formId: string) =>
  queryOptions({
    ...PREFETCHED,
    queryKey: staffKeys.views(formId),
    queryFn: () => api.request<{ items: SavedViewItem[] }>('GET', formPath(formId, '/views')),
  });

export function useSavedViews(formId: string, enabled = true) {
  const { api } = usePortal();
  return useQuery({ ...savedViewsQueryOptions(api, formId), enabled });
}

export const saveView = (api: ApiClient, formId: string, body: SavedViewBody) =>
  api.request<SavedViewItem>('POST', formPath(formId, '/views'), { body });

export const deleteView = (api: ApiClient, formId: string, viewId: string) =>
  api.request<void>('DELETE', formPath(formId, `/views/${id(viewId)}`));

import { queryOptions, useQuery } from '@portal/shared/query';
import { usePortal, type ApiClient } from '@portal/shared/client';
import type { NoteBody, NoteEditBody, NotesPage, NoteView } from '@portal/shared/domain/schemas/notes';
import { staffKeys } from './keys';

const id = encodeURIComponent;
const notesPath = (responseId: string) => `/admin/responses/${id(responseId)}/notes`;

/** GET /admin/responses/{responseId}/notes: the notes the caller may read, and whom they may mention. */
export const notesQueryOptions = (api: ApiClient, responseId: string) =>
  queryOptions({
    queryKey: staffKeys.notes(responseId),
    queryFn: () => api.request<NotesPage>('GET', notesPath(responseId)),
  });

export function useNotes(responseId: string) {
  const { api } = usePortal();
  return useQuery(notesQueryOptions(api, responseId));
}

export const addNote = (api: ApiClient, responseId: string, body: NoteBody) =>
  api.request<NoteView>('POST', notesPath(responseId), { body });

/** Its author changes the text. */
export const editNote = (api: ApiClient, responseId: string, noteId: string, body: NoteEditBody) =>
  api.request<NoteView>('PUT', `${notesPath(responseId)}/${id(noteId)}`, { body });

export const deleteNote = (api: ApiClient, responseId: string, noteId: string) =>
  api.request<null>('DELETE', `${notesPath(responseId)}/${id(noteId)}`);

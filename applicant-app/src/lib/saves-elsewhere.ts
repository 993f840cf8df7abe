import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';

/**
 * Tells the other tabs of this browser that a save landed, so an editor open there shows it at
 * once (it would otherwise learn of it only from the refusal of its own next save). Carried by
 * the `storage` event, which every other tab of the origin receives: the key is written and
 * removed at once, so nothing stays behind.
 */
const PREFIX = 'portal:saved:';

export function announceSave(response: ApplicationResponse): void {
  try {
    const key = `${PREFIX}${response.id}`;
    window.localStorage.setItem(key, JSON.stringify(response));
    window.localStorage.removeItem(key);
  } catch {
    // Storage full or disabled: the other tab still merges this save when its own is refused.
  }
}

/** Calls `listener` with each save of the response made in another tab (of the same account). */
export function onSaveElsewhere(
  responseId: string,
  userId: string,
  listener: (response: ApplicationResponse) => void,
): () => void {
  const handle = (event: StorageEvent) => {
    if (event.key !== `${PREFIX}${responseId}` || !event.newValue) return;
    try {
      const response = JSON.parse(event.newValue) as ApplicationResponse;
      if (response?.id === responseId && response.userId === userId && typeof response.version === 'number')
        listener(response);
    } catch {
      // Not a save announcement.
    }
  };
  window.addEventListener('storage', handle);
  return () => window.removeEventListener('storage', handle);
}

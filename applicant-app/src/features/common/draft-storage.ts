import type { ApplicationResponse } from '@portal/shared/domain';

/**
 * Unsaved edits, kept in localStorage until the server has them, so a reload or a crashed tab
 * loses nothing. Each tab keeps its own copy (its id lives in sessionStorage, which survives a
 * reload), so two tabs never overwrite each other's safety net. A copy whose tab stopped
 * refreshing it (closed or crashed) may be adopted by the next editor of that response.
 */
export interface StoredDraft {
  draft: ApplicationResponse;
  /** The server version the edits were made on. */
  baseVersion: number;
  /** Refreshed while the tab's editor is open. */
  touchedAt: number;
}

const PREFIX = 'portal:draft:';
export const ORPHAN_AFTER_MS = 15_000;

function tabId(): string {
  try {
    const existing = window.sessionStorage.getItem('portal:tab-id');
    if (existing) return existing;
    const created = crypto.randomUUID();
    window.sessionStorage.setItem('portal:tab-id', created);
    return created;
  } catch {
    return 'tab';
  }
}

const keyFor = (responseId: string, tab = tabId()) => `${PREFIX}${responseId}:${tab}`;

function parse(raw: string | null, responseId: string): StoredDraft | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StoredDraft;
    return parsed?.draft?.id === responseId && typeof parsed.baseVersion === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** This tab's copy, or else the newest copy left behind by a tab that is gone. */
export function readDraft(responseId: string, now = Date.now()): StoredDraft | null {
  try {
    const own = parse(window.localStorage.getItem(keyFor(responseId)), responseId);
    if (own) return own;
    let adopted: { key: string; stored: StoredDraft } | null = null;
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (!key?.startsWith(`${PREFIX}${responseId}:`)) continue;
      const stored = parse(window.localStorage.getItem(key), responseId);
      if (
        stored &&
        now - stored.touchedAt > ORPHAN_AFTER_MS &&
        (!adopted || stored.touchedAt > adopted.stored.touchedAt)
      ) {
        adopted = { key, stored };
      }
    }
    if (!adopted) return null;
    // Touched now, under this tab's key: another tab opening next must not adopt it again.
    const mine: StoredDraft = { ...adopted.stored, touchedAt: now };
    window.localStorage.removeItem(adopted.key);
    window.localStorage.setItem(keyFor(responseId), JSON.stringify(mine));
    return mine;
  } catch {
    return null;
  }
}

export function writeDraft(draft: ApplicationResponse, baseVersion: number): void {
  try {
    const stored: StoredDraft = { draft, baseVersion, touchedAt: Date.now() };
    window.localStorage.setItem(keyFor(draft.id), JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the autosave still runs; only the crash safety net is missing.
  }
}

/** Marks this tab's copy as still looked after, so no other tab adopts it. */
export function touchDraft(responseId: string): void {
  const stored = parse(window.localStorage.getItem(keyFor(responseId)), responseId);
  if (stored) writeDraft(stored.draft, stored.baseVersion);
}

export function clearDraft(responseId: string): void {
  try {
    window.localStorage.removeItem(keyFor(responseId));
  } catch {
    // See writeDraft.
  }
}

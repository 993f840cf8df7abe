import { answerFields, withAnswerFields } from '@portal/shared/domain/rules/form-rules';
import { sameValue } from '@portal/shared/domain/rules/three-way-merge';
import type { Answer, ApplicationResponse } from '@portal/shared/domain/schemas/responses';

/**
 * Unsaved edits, kept in localStorage until the server has them, so a reload or a crashed tab
 * loses nothing. Each tab keeps its own copy (its id lives in sessionStorage, which survives a
 * reload), so two tabs never overwrite each other's safety net. A copy whose tab stopped
 * refreshing it (closed or crashed) may be adopted by the next editor of that response, of the
 * same account only; so may, at once, a copy written before the browser was last started (its
 * tab is gone, however recently it wrote).
 */
export interface StoredDraft {
  draft: ApplicationResponse;
  /** The server version the edits were made on. */
  baseVersion: number;
  /**
   * The answers of that version where they differ from the draft (keyed `sectionId.questionId`),
   * so a copy restored after another tab saved can be merged question by question. Absent in
   * copies written before merges existed: then every answer that differs asks.
   */
  baseAnswers?: Record<string, Answer>;
  /** Refreshed while the tab's editor is open. */
  touchedAt: number;
  /** The run of the browser that wrote it (see `browserRun`); absent in older copies. */
  browserRun?: string;
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

const RUN_COOKIE = 'portal-browser-run';

/**
 * An id for this run of the browser, kept in a session cookie: the browser drops it when it
 * closes or is killed, so a copy written under another id was left by a tab that is gone, even
 * one that wrote a moment before (a browser that restores its tabs keeps its session cookies,
 * and those tabs find their own copies by their ids). Null if cookies cannot be kept.
 */
function browserRun(): string | null {
  try {
    const prefix = `${RUN_COOKIE}=`;
    const found = document.cookie.split('; ').find((cookie) => cookie.startsWith(prefix));
    if (found) return found.slice(prefix.length);
    const created = crypto.randomUUID();
    document.cookie = `${prefix}${created}; path=/; SameSite=Strict`;
    return document.cookie.split('; ').includes(`${prefix}${created}`) ? created : null;
  } catch {
    return null;
  }
}

/** Its tab stopped looking after it: not refreshed for ORPHAN_AFTER_MS, or written before the browser restarted. */
function orphaned(stored: StoredDraft, now: number, run: string | null): boolean {
  const earlierRun = run !== null && stored.browserRun !== undefined && stored.browserRun !== run;
  return earlierRun || now - stored.touchedAt > ORPHAN_AFTER_MS;
}

function parse(raw: string | null, responseId: string, userId: string): StoredDraft | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as StoredDraft;
    const { draft } = parsed ?? {};
    return draft?.id === responseId && draft.userId === userId && typeof parsed.baseVersion === 'number'
      ? parsed
      : null;
  } catch {
    return null;
  }
}

function keysOf(responseId: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < window.localStorage.length; i += 1) {
    const key = window.localStorage.key(i);
    if (key?.startsWith(`${PREFIX}${responseId}:`)) keys.push(key);
  }
  return keys;
}

/** This tab's copy, or else the newest copy left behind by a tab that is gone; only the account's own. */
export function readDraft(responseId: string, userId: string, now = Date.now()): StoredDraft | null {
  try {
    const own = parse(window.localStorage.getItem(keyFor(responseId)), responseId, userId);
    if (own) return own;
    const run = browserRun();
    let adopted: { key: string; stored: StoredDraft } | null = null;
    for (const key of keysOf(responseId)) {
      const stored = parse(window.localStorage.getItem(key), responseId, userId);
      if (stored && orphaned(stored, now, run) && (!adopted || stored.touchedAt > adopted.stored.touchedAt)) {
        adopted = { key, stored };
      }
    }
    if (!adopted) return null;
    // Touched now, under this tab's key: another tab opening next must not adopt it again.
    const mine: StoredDraft = { ...adopted.stored, touchedAt: now, browserRun: run ?? undefined };
    window.localStorage.removeItem(adopted.key);
    window.localStorage.setItem(keyFor(responseId), JSON.stringify(mine));
    return mine;
  } catch {
    return null;
  }
}

/** The server copy a stored draft was based on, when the copy says (see `baseAnswers`). */
export function baseOf(stored: StoredDraft): ApplicationResponse | undefined {
  return stored.baseAnswers ? withAnswerFields(stored.draft, stored.baseAnswers) : undefined;
}

export function writeDraft(
  draft: ApplicationResponse,
  base: { value: ApplicationResponse | undefined; version: number },
): void {
  try {
    let baseAnswers: Record<string, Answer> | undefined;
    if (base.value) {
      const mine = answerFields(draft);
      baseAnswers = Object.fromEntries(
        Object.entries(answerFields(base.value)).filter(([key, answer]) => !sameValue(answer, mine[key])),
      );
    }
    const stored: StoredDraft = {
      draft,
      baseVersion: base.version,
      baseAnswers,
      touchedAt: Date.now(),
      browserRun: browserRun() ?? undefined,
    };
    window.localStorage.setItem(keyFor(draft.id), JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the autosave still runs; only the crash safety net is missing.
  }
}

/** Marks this tab's copy as still looked after, so no other tab adopts it. */
export function touchDraft(responseId: string): void {
  try {
    const key = keyFor(responseId);
    const raw = window.localStorage.getItem(key);
    if (!raw) return;
    const touched: StoredDraft = {
      ...(JSON.parse(raw) as StoredDraft),
      touchedAt: Date.now(),
      browserRun: browserRun() ?? undefined,
    };
    window.localStorage.setItem(key, JSON.stringify(touched));
  } catch {
    // See writeDraft.
  }
}

/** Drops this tab's copy (the server has its edits). */
export function clearDraft(responseId: string): void {
  try {
    window.localStorage.removeItem(keyFor(responseId));
  } catch {
    // See writeDraft.
  }
}

/** Drops every tab's copy of the response: it was submitted, or its edits were given up. */
export function clearAllDrafts(responseId: string): void {
  try {
    for (const key of keysOf(responseId)) window.localStorage.removeItem(key);
  } catch {
    // See writeDraft.
  }
}

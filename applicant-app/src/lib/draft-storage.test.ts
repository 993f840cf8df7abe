import {
  baseOf,
  clearAllDrafts,
  clearDraft,
  ORPHAN_AFTER_MS,
  readDraft,
  touchDraft,
  writeDraft,
  type StoredDraft,
} from './draft-storage';
import { draftResponse, EDITOR_RESPONSE_ID, storedDraftKeys } from '../features/editor/testing/editor-fixtures';

const NOW = Date.UTC(2025, 1, 10, 9, 30);
const keyOf = (tab: string) => `portal:draft:${EDITOR_RESPONSE_ID}:${tab}`;
const inTab = (tab: string) => window.sessionStorage.setItem('portal:tab-id', tab);
const storeAs = (tab: string, stored: StoredDraft) => window.localStorage.setItem(keyOf(tab), JSON.stringify(stored));
const draft = draftResponse({ 'about-you.preferred-name': 'Nova' });
const USER = 'nova-uid';
const at = (version: number) => ({ value: draft, version });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});

afterEach(() => jest.restoreAllMocks());

test("each tab writes its own copy, under a key made of the response id and the tab's id", () => {
  inTab('tab-a');
  writeDraft(draft, at(3));
  inTab('tab-b');
  writeDraft(draftResponse({ 'about-you.preferred-name': 'Nova B' }), { value: undefined, version: 4 });

  expect(storedDraftKeys().sort()).toEqual([keyOf('tab-a'), keyOf('tab-b')]);
  expect(JSON.parse(window.localStorage.getItem(keyOf('tab-a'))!)).toEqual({
    draft,
    baseVersion: 3,
    baseAnswers: {},
    touchedAt: NOW,
    browserRun: expect.any(String),
  });
  expect(readDraft(EDITOR_RESPONSE_ID, USER)?.baseVersion).toBe(4);
  inTab('tab-a');
  expect(readDraft(EDITOR_RESPONSE_ID, USER)).toEqual({
    draft,
    baseVersion: 3,
    baseAnswers: {},
    touchedAt: NOW,
    browserRun: expect.any(String),
  });
});

test('a tab without an id gets one that lasts (sessionStorage survives a reload)', () => {
  writeDraft(draft, at(3));
  const tab = window.sessionStorage.getItem('portal:tab-id');

  expect(tab).toBeTruthy();
  expect(storedDraftKeys()).toEqual([keyOf(tab!)]);
  writeDraft(draft, at(4));
  expect(storedDraftKeys()).toEqual([keyOf(tab!)]);
});

test("clearDraft removes only this tab's copy", () => {
  storeAs('tab-a', { draft, baseVersion: 3, touchedAt: NOW });
  inTab('tab-b');
  writeDraft(draft, at(3));

  clearDraft(EDITOR_RESPONSE_ID);

  expect(storedDraftKeys()).toEqual([keyOf('tab-a')]);
});

test('a fresh copy of another tab is left alone', () => {
  storeAs('tab-a', { draft, baseVersion: 3, touchedAt: NOW - ORPHAN_AFTER_MS });
  inTab('tab-b');

  expect(readDraft(EDITOR_RESPONSE_ID, USER, NOW)).toBeNull();
  expect(storedDraftKeys()).toEqual([keyOf('tab-a')]);
});

test('an orphaned copy of another tab (touched longer ago than ORPHAN_AFTER_MS) is adopted, the newest first', () => {
  const older = draftResponse({ 'about-you.preferred-name': 'Older' });
  storeAs('tab-a', { draft, baseVersion: 3, touchedAt: NOW - ORPHAN_AFTER_MS - 1 });
  storeAs('tab-old', { draft: older, baseVersion: 2, touchedAt: NOW - ORPHAN_AFTER_MS - 60_000 });
  inTab('tab-b');

  const adopted = readDraft(EDITOR_RESPONSE_ID, USER, NOW);

  expect(adopted?.draft).toEqual(draft);
  expect(adopted?.baseVersion).toBe(3);
  expect(storedDraftKeys().sort()).toEqual([keyOf('tab-b'), keyOf('tab-old')]);
  expect(JSON.parse(window.localStorage.getItem(keyOf('tab-b'))!).draft).toEqual(draft);
});

test('an orphaned copy is adopted once: another tab opening right after does not take it too', () => {
  storeAs('tab-a', { draft, baseVersion: 3, touchedAt: NOW - ORPHAN_AFTER_MS - 1 });
  inTab('tab-b');
  expect(readDraft(EDITOR_RESPONSE_ID, USER, NOW)?.draft).toEqual(draft);

  inTab('tab-c');
  expect(readDraft(EDITOR_RESPONSE_ID, USER, NOW + 1000)).toBeNull();
  expect(storedDraftKeys()).toEqual([keyOf('tab-b')]);
  inTab('tab-b');
  expect(readDraft(EDITOR_RESPONSE_ID, USER, NOW + 1000)?.draft).toEqual(draft);
});

test('copies of other responses, and unreadable ones, are ignored', () => {
  inTab('tab-b');
  window.localStorage.setItem(keyOf('tab-a'), '{not json');
  window.localStorage.setItem(
    keyOf('tab-x'),
    JSON.stringify({ draft: { ...draft, id: 'someone-else' }, baseVersion: 3, touchedAt: 0 }),
  );

  expect(readDraft(EDITOR_RESPONSE_ID, USER, NOW)).toBeNull();
});

test("touchDraft refreshes this tab's copy so no other tab adopts it", () => {
  inTab('tab-a');
  writeDraft(draft, at(3));
  jest.spyOn(Date, 'now').mockReturnValue(NOW + ORPHAN_AFTER_MS);
  touchDraft(EDITOR_RESPONSE_ID);

  inTab('tab-b');
  expect(readDraft(EDITOR_RESPONSE_ID, USER, NOW + ORPHAN_AFTER_MS + 5000)).toBeNull();
  expect(readDraft(EDITOR_RESPONSE_ID, USER, NOW + 2 * ORPHAN_AFTER_MS + 1)?.baseVersion).toBe(3);
});

test("another account's copy on the same browser is never read, not even adopted", () => {
  storeAs('tab-a', { draft: { ...draft, userId: 'someone-else' }, baseVersion: 3, touchedAt: NOW - 60_000 });
  inTab('tab-a');

  expect(readDraft(EDITOR_RESPONSE_ID, USER, NOW)).toBeNull();
  inTab('tab-b');
  expect(readDraft(EDITOR_RESPONSE_ID, USER, NOW)).toBeNull();
  expect(storedDraftKeys()).toEqual([keyOf('tab-a')]);
});

test('the copy keeps the answers of the version it was based on where they differ, to merge later', () => {
  const base = draftResponse({ 'about-you.preferred-name': 'Nova', 'about-you.year': 'First year' });
  const edited = draftResponse({ 'about-you.preferred-name': 'Nova Reyes', 'about-you.year': 'First year' });
  inTab('tab-a');
  writeDraft(edited, { value: base, version: 3 });

  const stored = readDraft(EDITOR_RESPONSE_ID, USER)!;
  expect(stored.baseAnswers).toEqual({ 'about-you.preferred-name': 'Nova' });
  expect(baseOf(stored)).toEqual(base);
  expect(baseOf({ ...stored, baseAnswers: undefined })).toBeUndefined();
});

test("clearAllDrafts removes every tab's copy of the response and nothing else", () => {
  storeAs('tab-a', { draft, baseVersion: 3, touchedAt: NOW });
  storeAs('tab-b', { draft, baseVersion: 3, touchedAt: NOW });
  window.localStorage.setItem('portal:draft:another-response:tab-a', '{}');

  clearAllDrafts(EDITOR_RESPONSE_ID);

  expect(storedDraftKeys()).toEqual([]);
  expect(window.localStorage.getItem('portal:draft:another-response:tab-a')).toBe('{}');
});

describe('after the browser was killed and started again', () => {
  const restartBrowser = () => {
    document.cookie = 'portal-browser-run=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    window.sessionStorage.clear();
  };

  test('a copy written a moment before is adopted on the first open, however fresh it is', () => {
    inTab('tab-a');
    writeDraft(draft, at(3));
    restartBrowser();
    inTab('tab-new');

    expect(readDraft(EDITOR_RESPONSE_ID, USER, NOW + 300)?.draft).toEqual(draft);
    expect(storedDraftKeys()).toEqual([keyOf('tab-new')]);
  });

  test('while the browser runs, a fresh copy of another tab is still left alone', () => {
    inTab('tab-a');
    writeDraft(draft, at(3));
    inTab('tab-b');

    expect(readDraft(EDITOR_RESPONSE_ID, USER, NOW + 300)).toBeNull();
    expect(storedDraftKeys()).toEqual([keyOf('tab-a')]);
  });
});

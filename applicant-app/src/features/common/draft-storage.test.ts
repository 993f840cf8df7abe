import { clearDraft, ORPHAN_AFTER_MS, readDraft, touchDraft, writeDraft, type StoredDraft } from './draft-storage';
import { draftResponse, EDITOR_RESPONSE_ID, storedDraftKeys } from './testing/editor-fixtures';

const NOW = Date.UTC(2025, 1, 10, 9, 30);
const keyOf = (tab: string) => `portal:draft:${EDITOR_RESPONSE_ID}:${tab}`;
const inTab = (tab: string) => window.sessionStorage.setItem('portal:tab-id', tab);
const storeAs = (tab: string, stored: StoredDraft) => window.localStorage.setItem(keyOf(tab), JSON.stringify(stored));
const draft = draftResponse({ 'about-you.preferred-name': 'Nova' });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});

afterEach(() => jest.restoreAllMocks());

test("each tab writes its own copy, under a key made of the response id and the tab's id", () => {
  inTab('tab-a');
  writeDraft(draft, 3);
  inTab('tab-b');
  writeDraft(draftResponse({ 'about-you.preferred-name': 'Nova B' }), 4);

  expect(storedDraftKeys().sort()).toEqual([keyOf('tab-a'), keyOf('tab-b')]);
  expect(JSON.parse(window.localStorage.getItem(keyOf('tab-a'))!)).toEqual({ draft, baseVersion: 3, touchedAt: NOW });
  expect(readDraft(EDITOR_RESPONSE_ID)?.baseVersion).toBe(4);
  inTab('tab-a');
  expect(readDraft(EDITOR_RESPONSE_ID)).toEqual({ draft, baseVersion: 3, touchedAt: NOW });
});

test('a tab without an id gets one that lasts (sessionStorage survives a reload)', () => {
  writeDraft(draft, 3);
  const tab = window.sessionStorage.getItem('portal:tab-id');

  expect(tab).toBeTruthy();
  expect(storedDraftKeys()).toEqual([keyOf(tab!)]);
  writeDraft(draft, 4);
  expect(storedDraftKeys()).toEqual([keyOf(tab!)]);
});

test("clearDraft removes only this tab's copy", () => {
  storeAs('tab-a', { draft, baseVersion: 3, touchedAt: NOW });
  inTab('tab-b');
  writeDraft(draft, 3);

  clearDraft(EDITOR_RESPONSE_ID);

  expect(storedDraftKeys()).toEqual([keyOf('tab-a')]);
});

test('a fresh copy of another tab is left alone', () => {
  storeAs('tab-a', { draft, baseVersion: 3, touchedAt: NOW - ORPHAN_AFTER_MS });
  inTab('tab-b');

  expect(readDraft(EDITOR_RESPONSE_ID, NOW)).toBeNull();
  expect(storedDraftKeys()).toEqual([keyOf('tab-a')]);
});

test('an orphaned copy of another tab (touched longer ago than ORPHAN_AFTER_MS) is adopted, the newest first', () => {
  const older = draftResponse({ 'about-you.preferred-name': 'Older' });
  storeAs('tab-a', { draft, baseVersion: 3, touchedAt: NOW - ORPHAN_AFTER_MS - 1 });
  storeAs('tab-old', { draft: older, baseVersion: 2, touchedAt: NOW - ORPHAN_AFTER_MS - 60_000 });
  inTab('tab-b');

  const adopted = readDraft(EDITOR_RESPONSE_ID, NOW);

  expect(adopted?.draft).toEqual(draft);
  expect(adopted?.baseVersion).toBe(3);
  expect(storedDraftKeys().sort()).toEqual([keyOf('tab-b'), keyOf('tab-old')]);
  expect(JSON.parse(window.localStorage.getItem(keyOf('tab-b'))!).draft).toEqual(draft);
});

test('an orphaned copy is adopted once: another tab opening right after does not take it too', () => {
  storeAs('tab-a', { draft, baseVersion: 3, touchedAt: NOW - ORPHAN_AFTER_MS - 1 });
  inTab('tab-b');
  expect(readDraft(EDITOR_RESPONSE_ID, NOW)?.draft).toEqual(draft);

  inTab('tab-c');
  expect(readDraft(EDITOR_RESPONSE_ID, NOW + 1000)).toBeNull();
  expect(storedDraftKeys()).toEqual([keyOf('tab-b')]);
  inTab('tab-b');
  expect(readDraft(EDITOR_RESPONSE_ID, NOW + 1000)?.draft).toEqual(draft);
});

test('copies of other responses, and unreadable ones, are ignored', () => {
  inTab('tab-b');
  window.localStorage.setItem(keyOf('tab-a'), '{not json');
  window.localStorage.setItem(
    keyOf('tab-x'),
    JSON.stringify({ draft: { ...draft, id: 'someone-else' }, baseVersion: 3, touchedAt: 0 }),
  );

  expect(readDraft(EDITOR_RESPONSE_ID, NOW)).toBeNull();
});

test("touchDraft refreshes this tab's copy so no other tab adopts it", () => {
  inTab('tab-a');
  writeDraft(draft, 3);
  jest.spyOn(Date, 'now').mockReturnValue(NOW + ORPHAN_AFTER_MS);
  touchDraft(EDITOR_RESPONSE_ID);

  inTab('tab-b');
  expect(readDraft(EDITOR_RESPONSE_ID, NOW + ORPHAN_AFTER_MS + 5000)).toBeNull();
  expect(readDraft(EDITOR_RESPONSE_ID, NOW + 2 * ORPHAN_AFTER_MS + 1)?.baseVersion).toBe(3);
});

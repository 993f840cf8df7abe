import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiRequestError, applicationKeys, notify, pendingSaves } from '@portal/shared/client';
import { RESPONSE_MESSAGES } from '@portal/shared/domain/messages/response-messages';
import { localTimeZone } from '@portal/shared/domain/rules/dates';
import { formatMomentForReader, timeZoneName } from '@portal/shared/ui';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import { apiError, apiRefusal } from '../../../../tools/jest/fake-api';
import type { StoredDraft } from '../../lib/draft-storage';
import { deferred, draftResponse, EDITOR_FORM, EDITOR_RESPONSE_ID, storedDraftKeys } from './testing/editor-fixtures';
import { renderEditor } from './testing/render-editor';

const SAVE = `PUT /application/save/${EDITOR_RESPONSE_ID}`;
const TAB_KEY = `portal:draft:${EDITOR_RESPONSE_ID}:tab-a`;
const START = new Date(2025, 1, 10, 9, 30, 0);
/** A save's time as the indicator shows it (this form names no zone: the reader's, in words). */
const savedTime = (at: Date) => formatMomentForReader(at, localTimeZone(), at);
const timeAt = (msAfterStart: number) => savedTime(new Date(START.getTime() + msAfterStart));

/** The server's answer to a save: the response as sent, at the given (or the next) version. */
const savedAs =
  (version?: number) =>
  (body: unknown): unknown => {
    const sent = body as ApplicationResponse;
    return { ...sent, version: version ?? sent.version + 1 };
  };

const nameField = () => screen.getByRole('textbox', { name: 'What name do you go by?' });
const typeName = (value: string) => fireEvent.change(nameField(), { target: { value } });
const indicator = () =>
  screen.getByText(/^(Saving\.\.\.|Unsaved changes|Needs your choice|Last save: |Failed to save|Form not yet saved!)/);
const saveButton = () => screen.getByRole('button', { name: 'Save application' });
const conflictDialog = () => screen.queryByRole('dialog', { name: 'This application was changed somewhere else' });
/** Answers the conflict dialog: one choice per question named, then "Save my choices". */
const chooseInDialog = (choices: Record<string, 'Keep my version' | 'Use the saved version'>) => {
  const dialog = conflictDialog()!;
  for (const [question, choice] of Object.entries(choices)) {
    const section = within(dialog).getByRole('region', { name: question });
    fireEvent.click(within(section).getByRole('radio', { name: choice }));
  }
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
};
const nameIn = (response: ApplicationResponse) =>
  response.sectionResponses[0]?.questions.find((q) => q.questionId === 'preferred-name')?.response;

/** Moves the clock, letting every request answer that is due settle. */
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const settle = () => act(() => jest.advanceTimersByTimeAsync(0));

let toast: jest.SpyInstance;

// antd renders slowly when every suite runs in parallel.
jest.setTimeout(30_000);

beforeEach(() => {
  jest.useFakeTimers({ now: START });
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.sessionStorage.setItem('portal:tab-id', 'tab-a');
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  toast = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
});

afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the save indicator and the 2 s autosave', () => {
  test("says 'Form not yet saved!' and sends nothing before any edit, for a response never saved", async () => {
    const { saves } = renderEditor({ initial: draftResponse({}, { version: 0 }), routes: { [SAVE]: savedAs() } });

    expect(indicator()).toHaveTextContent(/^Form not yet saved!$/);
    await advance(10_000);
    expect(saves()).toHaveLength(0);
    expect(saveButton()).toBeEnabled();
  });

  test("on opening a response saved before, it says when: 'Last save: {time}' of the server's last save", async () => {
    const savedAt = new Date(START.getTime() - 60_000);
    renderEditor({ initial: draftResponse({}, { version: 5, dateSubmitted: savedAt.toISOString() }) });

    expect(indicator()).toHaveTextContent(`Last save: ${savedTime(savedAt)}`);
  });

  test("'Last save' is in the due date's zone, named in words, with the reader's own time beside it", async () => {
    // The form's times are in a zone other than the reader's (fake timers stand in for Intl, so the
    // reader's zone is this machine's).
    const reader = localTimeZone();
    const zone = ['America/New_York', 'Asia/Tokyo'].find((each) => timeZoneName(each) !== timeZoneName(reader))!;
    const savedAt = new Date(START.getTime() - 60_000);
    renderEditor({
      form: { ...EDITOR_FORM, timeZone: zone },
      initial: draftResponse({}, { version: 5, dateSubmitted: savedAt.toISOString() }),
    });

    const inWords = (name: string) => name.replace(/[()]/g, '\\$&');
    expect(screen.getByText(/^Due /)).toHaveTextContent(new RegExp(`${inWords(timeZoneName(zone))} \\(your time: `));
    const time = '(\\w{3} \\d{1,2}, \\d{4}, )?\\d{1,2}:\\d{2}:\\d{2}\\s[AP]M';
    expect(indicator()).toHaveTextContent(
      new RegExp(
        `^Last save: ${time} ${inWords(timeZoneName(zone))} \\(your time: ${time} ${inWords(timeZoneName(reader))}\\)$`,
      ),
    );
  });

  test('several edits within 2 s make one save, 2000 ms after the last one', async () => {
    const { saves } = renderEditor({ routes: { [SAVE]: savedAs() } });

    typeName('N');
    await advance(1500);
    typeName('No');
    await advance(1500);
    typeName('Nova');
    await advance(1999);
    expect(saves()).toHaveLength(0);

    await advance(1);
    expect(saves()).toHaveLength(1);
    expect(nameIn(saves()[0]!)).toBe('Nova');
    await advance(10_000);
    expect(saves()).toHaveLength(1);
  });

  test('the PUT carries the whole response, its refreshed dateSubmitted and the base version', async () => {
    const initial = draftResponse({ 'about-you.year': 'Second year', 'roles.roles': ['engineer'] }, { version: 3 });
    const { request } = renderEditor({ initial, routes: { [SAVE]: savedAs() } });

    await advance(500);
    typeName('Nova');
    await advance(2000);

    const expected = draftResponse(
      { 'about-you.preferred-name': 'Nova', 'about-you.year': 'Second year', 'roles.roles': ['engineer'] },
      { version: 3, dateSubmitted: new Date(START.getTime() + 500).toISOString() },
    );
    expect(request).toHaveBeenCalledWith('PUT', `/application/save/${EDITOR_RESPONSE_ID}`, { body: expected });
  });

  test("after a save it shows 'Last save: {time}' and the next save is based on the server's new version", async () => {
    const save = jest.fn(savedAs()).mockImplementationOnce(savedAs(42));
    const { saves } = renderEditor({ initial: draftResponse({}, { version: 3 }), routes: { [SAVE]: save } });

    typeName('Nova');
    await advance(2000);
    expect(indicator()).toHaveTextContent(`Last save: ${timeAt(2000)}`);
    expect(saves()[0]?.version).toBe(3);

    await advance(3000);
    typeName('Nova R');
    await advance(2000);
    expect(saves()).toHaveLength(2);
    expect(saves()[1]?.version).toBe(42);
    expect(nameIn(saves()[1]!)).toBe('Nova R');
    expect(indicator()).toHaveTextContent(`Last save: ${timeAt(7000)}`);
  });

  test("shows 'Saving...' and disables 'Save application' while the request is pending", async () => {
    const answer = deferred<ApplicationResponse>();
    const { saves } = renderEditor({ routes: { [SAVE]: () => answer.promise } });

    typeName('Nova');
    await advance(2000);
    expect(indicator()).toHaveTextContent(/^Saving\.\.\.$/);
    expect(saveButton()).toBeDisabled();

    answer.resolve({ ...saves()[0]!, version: 4 });
    await settle();
    expect(indicator()).toHaveTextContent(`Last save: ${timeAt(2000)}`);
    expect(saveButton()).toBeEnabled();
  });

  test("'Save application' saves at once and the pending autosave does not fire again", async () => {
    const { saves } = renderEditor({ routes: { [SAVE]: savedAs() } });

    typeName('Nova');
    await advance(500);
    fireEvent.click(saveButton());
    await settle();
    expect(saves()).toHaveLength(1);

    await advance(5000);
    expect(saves()).toHaveLength(1);
  });

  test('edits made while a save is pending are saved next, on the new version', async () => {
    const first = deferred<ApplicationResponse>();
    const save = jest.fn(savedAs()).mockImplementationOnce(() => first.promise);
    const { saves } = renderEditor({ initial: draftResponse({}, { version: 3 }), routes: { [SAVE]: save } });

    typeName('Nova');
    await advance(2000);
    typeName('Nova Reyes');
    first.resolve({ ...saves()[0]!, version: 4 });
    await settle();
    expect(nameField()).toHaveValue('Nova Reyes');

    await advance(2000);
    expect(saves()).toHaveLength(2);
    expect(saves()[1]?.version).toBe(4);
    expect(nameIn(saves()[1]!)).toBe('Nova Reyes');
  });
});

describe('failed saves', () => {
  test("a 500 shows 'Failed to save your application (Last save: …)' and the toast 'Failed to save your application!'", async () => {
    const save = jest
      .fn(savedAs())
      .mockImplementationOnce(savedAs(4))
      .mockImplementationOnce(() => {
        throw apiError(500, 'internal', 'Database unavailable');
      });
    renderEditor({ routes: { [SAVE]: save } });

    typeName('Nova');
    await advance(2000);
    expect(toast).not.toHaveBeenCalled();

    await advance(1000);
    typeName('Nova R');
    await advance(2000);
    expect(indicator()).toHaveTextContent(`Failed to save your application (Last save: ${timeAt(2000)})`);
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('Failed to save your application!');
    // Nothing typed is lost: the field and the stored copy keep it.
    expect(nameField()).toHaveValue('Nova R');
    expect(JSON.parse(window.localStorage.getItem(TAB_KEY)!).draft).toEqual(
      expect.objectContaining({ id: EDITOR_RESPONSE_ID }),
    );
    expect(saveButton()).toBeEnabled();
  });

  test('every save attempt, success or failure, refreshes the cached response queries once answered', async () => {
    const second = deferred<ApplicationResponse>();
    const save = jest
      .fn()
      .mockImplementationOnce(savedAs(4))
      .mockImplementationOnce(() => second.promise);
    const { invalidateQueries } = renderEditor({ routes: { [SAVE]: save } });

    typeName('Nova');
    await advance(2000);
    expect(invalidateQueries).toHaveBeenCalledTimes(1);
    expect(invalidateQueries).toHaveBeenLastCalledWith({ queryKey: applicationKeys.all });

    typeName('Nova R');
    await advance(2000);
    expect(invalidateQueries).toHaveBeenCalledTimes(1);
    second.reject(apiError(500, 'internal', 'Database unavailable'));
    await settle();
    expect(invalidateQueries).toHaveBeenCalledTimes(2);
    expect(invalidateQueries).toHaveBeenLastCalledWith({ queryKey: applicationKeys.all });
  });

  test('without a signed-in identity the save fails and no request is sent', async () => {
    const { request, invalidateQueries } = renderEditor({
      identity: null,
      initial: draftResponse({}, { version: 0 }),
      routes: { [SAVE]: savedAs() },
    });

    typeName('Nova');
    await advance(2000);

    expect(request).not.toHaveBeenCalled();
    expect(indicator()).toHaveTextContent('Failed to save your application (Last save: never)');
    expect(toast).toHaveBeenCalledWith('Failed to save your application!');
    expect(invalidateQueries).toHaveBeenCalledWith({ queryKey: applicationKeys.all });
    expect(nameField()).toHaveValue('Nova');
  });
});

describe('a save refused because another tab or device saved first (409)', () => {
  const current = draftResponse(
    { 'about-you.preferred-name': 'Nova (from the laptop)', 'about-you.year': 'Third year' },
    { version: 9 },
  );
  const refuseOnce = () =>
    jest.fn(savedAs()).mockImplementationOnce(() => {
      throw apiRefusal('stale-version', RESPONSE_MESSAGES.staleSave, { current });
    });

  test("opens the dialog and keeps the typed text; the header says 'Needs your choice'; no further autosave while it is open", async () => {
    const { saves } = renderEditor({ routes: { [SAVE]: refuseOnce() } });

    typeName('Nova (from the phone)');
    await advance(2000);

    expect(conflictDialog()).toBeInTheDocument();
    expect(nameField()).toHaveValue('Nova (from the phone)');
    expect(indicator()).toHaveTextContent(/^Needs your choice$/);
    expect(screen.queryByText(/Failed to save/)).not.toBeInTheDocument();

    typeName('Nova (from the phone) again');
    await advance(5000);
    expect(saves()).toHaveLength(1);
    expect(conflictDialog()).toBeInTheDocument();
  });

  test('the dialog shows both texts of the question changed on both sides, and only that question', async () => {
    renderEditor({ routes: { [SAVE]: refuseOnce() } });

    typeName('Nova (from the phone)');
    await advance(2000);

    const dialog = conflictDialog()!;
    const question = within(dialog).getByRole('region', { name: 'What name do you go by?' });
    expect(within(question).getByText('Nova (from the phone)')).toBeInTheDocument();
    expect(within(question).getByText('Nova (from the laptop)')).toBeInTheDocument();
    // The year was changed on the laptop only: merged, not asked.
    expect(within(dialog).queryByRole('region', { name: 'What year are you in?' })).not.toBeInTheDocument();
  });

  test("'Keep my version' saves the typed text, merged with the other changes, on the saved version", async () => {
    const { saves } = renderEditor({ initial: draftResponse({}, { version: 3 }), routes: { [SAVE]: refuseOnce() } });

    typeName('Nova (from the phone)');
    await advance(2000);
    chooseInDialog({ 'What name do you go by?': 'Keep my version' });
    await settle();

    expect(saves()).toHaveLength(2);
    expect(saves()[1]?.version).toBe(9);
    expect(nameIn(saves()[1]!)).toBe('Nova (from the phone)');
    expect(saves()[1]?.sectionResponses[0]?.questions[1]?.response).toBe('Third year');
    expect(nameField()).toHaveValue('Nova (from the phone)');
    expect(screen.getByRole('radio', { name: 'Third year' })).toBeChecked();
    expect(indicator()).toHaveTextContent(`Last save: ${timeAt(2000)}`);
    expect(storedDraftKeys()).toEqual([]);
    await act(async () => undefined);
    expect(conflictDialog()).not.toBeInTheDocument();
  });

  test("'Use the saved version' takes the saved text; nothing else differs, so nothing is saved", async () => {
    const { saves } = renderEditor({ routes: { [SAVE]: refuseOnce() } });

    typeName('Nova (from the phone)');
    await advance(2000);
    chooseInDialog({ 'What name do you go by?': 'Use the saved version' });
    await settle();

    expect(nameField()).toHaveValue('Nova (from the laptop)');
    expect(screen.getByRole('radio', { name: 'Third year' })).toBeChecked();
    expect(storedDraftKeys()).toEqual([]);
    await advance(5000);
    expect(saves()).toHaveLength(1);

    // The next edit is based on the saved version.
    typeName('Nova');
    await advance(2000);
    expect(saves()[1]?.version).toBe(9);
    expect(saves()[1]?.sectionResponses[0]?.questions[1]?.response).toBe('Third year');
  });

  test('a question changed only in the other tab is merged without asking, and the merge is saved', async () => {
    const otherTab = draftResponse({ 'about-you.year': 'Third year' }, { version: 9 });
    const save = jest.fn(savedAs()).mockImplementationOnce(() => {
      throw apiRefusal('stale-version', RESPONSE_MESSAGES.staleSave, { current: otherTab });
    });
    const { saves } = renderEditor({ initial: draftResponse({}, { version: 3 }), routes: { [SAVE]: save } });

    typeName('Nova');
    await advance(2000);

    expect(conflictDialog()).not.toBeInTheDocument();
    expect(saves()).toHaveLength(2);
    expect(saves()[1]?.version).toBe(9);
    expect(nameIn(saves()[1]!)).toBe('Nova');
    expect(saves()[1]?.sectionResponses[0]?.questions[1]?.response).toBe('Third year');
    expect(screen.getByRole('radio', { name: 'Third year' })).toBeChecked();
    expect(indicator()).toHaveTextContent(`Last save: ${timeAt(2000)}`);
  });

  test('a 409 without the saved copy is a failed save; no other request is made', async () => {
    const save = jest.fn(savedAs()).mockImplementationOnce(() => {
      throw apiRefusal('stale-version', RESPONSE_MESSAGES.staleSave);
    });
    const { request } = renderEditor({ routes: { [SAVE]: save } });

    typeName('Nova (from the phone)');
    await advance(2000);

    expect(indicator()).toHaveTextContent(/^Failed to save your application/);
    expect(request.mock.calls.map(([method]) => method)).toEqual(['PUT']);
  });
});

describe('the copy kept in localStorage', () => {
  const stored = (): StoredDraft | null => {
    const raw = window.localStorage.getItem(TAB_KEY);
    return raw ? (JSON.parse(raw) as StoredDraft) : null;
  };

  test('each edit is stored at once and removed once the server has it', async () => {
    const answer = deferred<ApplicationResponse>();
    const { saves } = renderEditor({
      initial: draftResponse({}, { version: 3 }),
      routes: { [SAVE]: () => answer.promise },
    });

    typeName('Nova');
    expect(storedDraftKeys()).toEqual([TAB_KEY]);
    expect(stored()?.baseVersion).toBe(3);
    expect(nameIn(stored()!.draft)).toBe('Nova');

    await advance(2000);
    expect(storedDraftKeys()).toEqual([TAB_KEY]);
    answer.resolve({ ...saves()[0]!, version: 4 });
    await settle();
    expect(storedDraftKeys()).toEqual([]);
  });

  test('an edit made while saving stays stored, on the new base version', async () => {
    const first = deferred<ApplicationResponse>();
    const save = jest.fn(savedAs()).mockImplementationOnce(() => first.promise);
    const { saves } = renderEditor({ initial: draftResponse({}, { version: 3 }), routes: { [SAVE]: save } });

    typeName('Nova');
    await advance(2000);
    typeName('Nova Reyes');
    first.resolve({ ...saves()[0]!, version: 4 });
    await settle();

    expect(stored()?.baseVersion).toBe(4);
    expect(nameIn(stored()!.draft)).toBe('Nova Reyes');
    await advance(2000);
    expect(storedDraftKeys()).toEqual([]);
  });

  test('a stored draft on the same base version is restored into the fields and saved on mount', async () => {
    const draft = draftResponse({ 'about-you.preferred-name': 'Nova (before the reload)' }, { version: 3 });
    window.localStorage.setItem(
      TAB_KEY,
      JSON.stringify({ draft, baseVersion: 3, touchedAt: START.getTime() - 1000 } satisfies StoredDraft),
    );
    const { saves } = renderEditor({ initial: draftResponse({}, { version: 3 }), routes: { [SAVE]: savedAs() } });

    expect(nameField()).toHaveValue('Nova (before the reload)');
    await settle();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.version).toBe(3);
    expect(nameIn(saves()[0]!)).toBe('Nova (before the reload)');
    expect(conflictDialog()).not.toBeInTheDocument();
    expect(storedDraftKeys()).toEqual([]);
    expect(indicator()).toHaveTextContent(`Last save: ${timeAt(0)}`);
  });

  test('a stored draft on an older version opens the conflict dialog instead of overwriting', async () => {
    const draft = draftResponse({ 'about-you.preferred-name': 'Nova (before the reload)' }, { version: 2 });
    window.localStorage.setItem(
      TAB_KEY,
      JSON.stringify({ draft, baseVersion: 2, touchedAt: START.getTime() - 1000 } satisfies StoredDraft),
    );
    const server = draftResponse({ 'about-you.preferred-name': 'Nova (saved elsewhere)' }, { version: 5 });
    const { saves } = renderEditor({ initial: server, routes: { [SAVE]: savedAs() } });

    await advance(5000);
    expect(conflictDialog()).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
    expect(nameField()).toHaveValue('Nova (before the reload)');

    chooseInDialog({ 'What name do you go by?': 'Keep my version' });
    await settle();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.version).toBe(5);
    expect(nameIn(saves()[0]!)).toBe('Nova (before the reload)');
  });

  test("a stored draft on an older version can be dropped for the server's", async () => {
    const draft = draftResponse({ 'about-you.preferred-name': 'Nova (before the reload)' }, { version: 2 });
    window.localStorage.setItem(
      TAB_KEY,
      JSON.stringify({ draft, baseVersion: 2, touchedAt: START.getTime() - 1000 } satisfies StoredDraft),
    );
    const server = draftResponse({ 'about-you.preferred-name': 'Nova (saved elsewhere)' }, { version: 5 });
    const { saves } = renderEditor({ initial: server, routes: { [SAVE]: savedAs() } });

    chooseInDialog({ 'What name do you go by?': 'Use the saved version' });
    await settle();
    expect(nameField()).toHaveValue('Nova (saved elsewhere)');
    expect(storedDraftKeys()).toEqual([]);
    await advance(5000);
    expect(saves()).toHaveLength(0);
  });
});

describe('a failed save is retried', () => {
  const unreachable = () => new ApiRequestError(0, 'network', 'Could not reach the server (Failed to fetch)', null);

  test('with backoff, without another edit, until the server is back; one toast only', async () => {
    const save = jest
      .fn(savedAs())
      .mockImplementationOnce(() => {
        throw apiError(503, 'internal', 'Unavailable');
      })
      .mockImplementationOnce(() => {
        throw unreachable();
      });
    const { saves } = renderEditor({ initial: draftResponse({}, { version: 3 }), routes: { [SAVE]: save } });

    typeName('Nova');
    await advance(2000);
    expect(indicator()).toHaveTextContent(/^Failed to save your application/);
    expect(screen.getByText('Trying again automatically.')).toBeInTheDocument();
    await advance(1000);
    expect(saves()).toHaveLength(2);
    await advance(1999);
    expect(saves()).toHaveLength(2);
    await advance(1);

    expect(saves()).toHaveLength(3);
    expect(nameIn(saves()[2]!)).toBe('Nova');
    expect(indicator()).toHaveTextContent(`Last save: ${timeAt(5000)}`);
    expect(storedDraftKeys()).toEqual([]);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  test('offline it waits; when the connection returns it saves at once', async () => {
    const online = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { saves } = renderEditor({ routes: { [SAVE]: savedAs() } });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });

    typeName('Nova');
    await advance(60_000);
    expect(saves()).toHaveLength(0);
    expect(screen.getByText(/You are offline/)).toBeInTheDocument();
    expect(storedDraftKeys()).toEqual([TAB_KEY]);

    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await settle();
    expect(saves()).toHaveLength(1);
    expect(indicator()).toHaveTextContent(`Last save: ${timeAt(60_000)}`);
  });
});

describe('leaving the page', () => {
  const leave = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  test('the browser warns while anything is unsaved, and not once it is saved', async () => {
    renderEditor({ routes: { [SAVE]: savedAs() } });
    expect(leave()).toBe(false);

    typeName('Nova');
    expect(leave()).toBe(true);
    await advance(2000);
    expect(leave()).toBe(false);
  });

  test('leaving the editor within the 2 s saves what was typed', async () => {
    const { saves, unmount } = renderEditor({ routes: { [SAVE]: savedAs() } });

    typeName('Nova');
    unmount();
    await settle();

    expect(saves()).toHaveLength(1);
    expect(nameIn(saves()[0]!)).toBe('Nova');
  });
});

describe('logout', () => {
  test('flushes the pending save and waits for it; the stored copy is then gone', async () => {
    const answer = deferred<ApplicationResponse>();
    const { saves } = renderEditor({ routes: { [SAVE]: () => answer.promise } });

    typeName('Nova');
    await advance(500);
    let flushed: boolean | undefined;
    void pendingSaves.flushAll().then((result) => (flushed = result));
    await settle();
    expect(saves()).toHaveLength(1);
    expect(flushed).toBeUndefined();

    answer.resolve({ ...saves()[0]!, version: 4 });
    await settle();
    expect(flushed).toBe(true);
    expect(storedDraftKeys()).toEqual([]);
  });

  test('says when the save cannot reach the server; discarding then drops every stored copy', async () => {
    const save = jest.fn(() => {
      throw new ApiRequestError(0, 'network', 'Could not reach the server', null);
    });
    window.localStorage.setItem(`portal:draft:${EDITOR_RESPONSE_ID}:tab-old`, JSON.stringify({}));
    const { saves } = renderEditor({ routes: { [SAVE]: save } });

    typeName('Nova');
    let flushed: boolean | undefined;
    await act(async () => {
      flushed = await pendingSaves.flushAll();
    });
    expect(flushed).toBe(false);
    expect(storedDraftKeys()).toContain(TAB_KEY);

    act(() => pendingSaves.discardAll());
    expect(storedDraftKeys()).toEqual([]);
    await advance(60_000);
    expect(saves()).toHaveLength(1);
  });
});

describe('the deadline', () => {
  test('a save refused after the deadline says so at once, makes the editor read-only and keeps the copy', async () => {
    const save = jest.fn(() => {
      throw apiRefusal('past-due', RESPONSE_MESSAGES.pastDue);
    });
    const { saves } = renderEditor({ routes: { [SAVE]: save } });

    typeName('Nova');
    await advance(2000);

    expect(screen.getByRole('alert')).toHaveTextContent('The deadline for this application has passed');
    expect(toast).toHaveBeenCalledWith('The deadline for this application has passed');
    expect(toast).not.toHaveBeenCalledWith('Failed to save your application!');
    expect(nameField()).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: 'First year' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save application' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download your answers' })).toBeInTheDocument();
    expect(storedDraftKeys()).toEqual([TAB_KEY]);
    await advance(60_000);
    expect(saves()).toHaveLength(1);
  });

  test('a past-due refusal closes the editor by its reason, whatever its words', async () => {
    const reworded = 'Applications for this form closed at midnight';
    const save = jest.fn(() => {
      throw apiRefusal('past-due', reworded);
    });
    const { saves } = renderEditor({ routes: { [SAVE]: save } });

    typeName('Nova');
    await advance(2000);

    expect(screen.getByRole('alert')).toHaveTextContent(reworded);
    expect(toast).toHaveBeenCalledWith(reworded);
    expect(toast).not.toHaveBeenCalledWith('Failed to save your application!');
    expect(nameField()).toHaveAttribute('readonly');
    await advance(60_000);
    expect(saves()).toHaveLength(1);
  });

  test.each([
    ['submitted elsewhere', 'submitted', RESPONSE_MESSAGES.notEditable],
    ['released decisions', 'released', RESPONSE_MESSAGES.decisionsReleased],
  ] as const)('a refusal for %s closes the editor too, with its message', async (_name, reason, message) => {
    const { saves } = renderEditor({
      routes: {
        [SAVE]: () => {
          throw apiRefusal(reason, message);
        },
      },
    });

    typeName('Nova');
    await advance(2000);

    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(nameField()).toHaveAttribute('readonly');
    await advance(60_000);
    expect(saves()).toHaveLength(1);
  });

  test("the deadline's words without its reason are an ordinary failure, not the deadline", async () => {
    const save = jest.fn(savedAs()).mockImplementationOnce(() => {
      throw apiError(403, 'forbidden', RESPONSE_MESSAGES.pastDue);
    });
    renderEditor({ routes: { [SAVE]: save } });

    typeName('Nova');
    await advance(2000);

    expect(toast).toHaveBeenCalledWith('Failed to save your application!');
    expect(nameField()).not.toHaveAttribute('readonly');
  });

  test("at the form's due date the editor saves what is pending, then closes", async () => {
    const form = { ...EDITOR_FORM, dueDate: new Date(START.getTime() + 10_000).toISOString() };
    const { saves } = renderEditor({ form, routes: { [SAVE]: savedAs() } });

    await advance(9000);
    typeName('Nova, just in time');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await advance(1000);

    expect(saves()).toHaveLength(1);
    expect(nameIn(saves()[0]!)).toBe('Nova, just in time');
    expect(screen.getByRole('alert')).toHaveTextContent('The deadline for this application has passed');
    expect(nameField()).toHaveAttribute('readonly');
    expect(storedDraftKeys()).toEqual([]);
  });

  test('the answers can be downloaded as a text file', async () => {
    const form = { ...EDITOR_FORM, dueDate: new Date(START.getTime() - 1000).toISOString() };
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:answers';
      }),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderEditor({ form, initial: draftResponse({ 'about-you.preferred-name': 'Nova' }) });
    await settle();

    fireEvent.click(screen.getByRole('button', { name: 'Download your answers' }));

    expect(click).toHaveBeenCalledTimes(1);
    expect(blobs[0]?.type).toBe('text/plain;charset=utf-8');
    expect(click.mock.contexts[0]).toHaveAttribute('download', 'Demo Semester application answers.txt');
  });
});

describe('a copy kept from an earlier visit', () => {
  test('is merged question by question with what another tab saved since, without asking', async () => {
    const draft = draftResponse({ 'about-you.preferred-name': 'Nova (before the reload)' }, { version: 2 });
    window.localStorage.setItem(
      TAB_KEY,
      JSON.stringify({
        draft,
        baseVersion: 2,
        baseAnswers: { 'about-you.preferred-name': '' },
        touchedAt: START.getTime() - 1000,
      } satisfies StoredDraft),
    );
    const server = draftResponse({ 'about-you.year': 'Second year' }, { version: 5 });
    const { saves } = renderEditor({ initial: server, routes: { [SAVE]: savedAs() } });
    await settle();

    expect(conflictDialog()).not.toBeInTheDocument();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.version).toBe(5);
    expect(nameIn(saves()[0]!)).toBe('Nova (before the reload)');
    expect(saves()[0]?.sectionResponses[0]?.questions[1]?.response).toBe('Second year');
  });

  test('of another account on this browser is never shown', async () => {
    const draft = draftResponse({ 'about-you.preferred-name': 'Someone else' }, { userId: 'someone-else' });
    window.localStorage.setItem(TAB_KEY, JSON.stringify({ draft, baseVersion: 3, touchedAt: START.getTime() }));
    const { saves } = renderEditor({ routes: { [SAVE]: savedAs() } });
    await advance(5000);

    expect(nameField()).toHaveValue('');
    expect(saves()).toHaveLength(0);
  });
});

describe('someone who keeps typing', () => {
  /** Types one more word into the name field, as someone typing without a pause would. */
  const typer = () => {
    let text = '';
    return {
      word: () => {
        text = text ? `${text} word` : 'word';
        typeName(text);
        return text;
      },
      text: () => text,
    };
  };

  test("a word every 1.5 s is saved within 10 s; the header says 'Unsaved changes', then 'Saving...'", async () => {
    const answer = deferred<ApplicationResponse>();
    const save = jest.fn(savedAs()).mockImplementationOnce(() => answer.promise);
    const { saves } = renderEditor({ initial: draftResponse({}, { version: 3 }), routes: { [SAVE]: save } });
    const typing = typer();

    typing.word();
    expect(indicator()).toHaveTextContent(/^Unsaved changes$/);
    for (let word = 1; word < 7; word += 1) {
      await advance(1500);
      typing.word();
      expect(saves()).toHaveLength(0);
      expect(indicator()).toHaveTextContent(/^Unsaved changes$/);
    }
    // 9 s: seven words, never a 2 s pause. The first edit has waited 10 s at 10 s.
    await advance(1000);
    expect(saves()).toHaveLength(1);
    expect(nameIn(saves()[0]!)).toBe(typing.text());
    expect(indicator()).toHaveTextContent(/^Saving\.\.\.$/);

    answer.resolve({ ...saves()[0]!, version: 4 });
    await settle();
    expect(indicator()).toHaveTextContent(`Last save: ${timeAt(10_000)}`);

    // Still typing, 15 s more: the next save 10 s after the next word (10.5 s).
    await advance(500);
    for (let at = 10_500; at <= 25_000; at += 1500) {
      typing.word();
      await advance(1500);
    }
    expect(saves()).toHaveLength(2);
    expect(saves()[1]?.version).toBe(4);
  });

  test('with the due date 80 s ahead, what is typed until 3 s before it is sent before it', async () => {
    const dueAt = START.getTime() + 80_000;
    const sentAt: number[] = [];
    const save = jest.fn((body: unknown) => {
      sentAt.push(Date.now());
      return savedAs()(body);
    });
    const { saves } = renderEditor({
      form: { ...EDITOR_FORM, dueDate: new Date(dueAt).toISOString() },
      routes: { [SAVE]: save },
    });
    const typing = typer();

    let typedBeforeFinalSave = '';
    for (let at = 0; at <= 78_000; at += 1500) {
      const text = typing.word();
      if (at <= 80_000 - 3000) typedBeforeFinalSave = text;
      await advance(1500);
    }

    const beforeDue = saves().filter((_, index) => sentAt[index]! < dueAt);
    expect(beforeDue.length).toBeGreaterThanOrEqual(7);
    expect(nameIn(beforeDue.at(-1)!)).toBe(typedBeforeFinalSave);
  });
});

describe('a save from another tab of this browser', () => {
  /** What a tab's save tells the other tabs (the `storage` event they receive), caught from tab A. */
  async function saveInTabA(name: string) {
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    const tabA = renderEditor({ initial: draftResponse({}, { version: 3 }), routes: { [SAVE]: savedAs() } });
    typeName(name);
    await advance(2000);
    expect(tabA.saves()).toHaveLength(1);
    const announcement = setItem.mock.calls.find(
      ([key]) => !key.startsWith('portal:draft:') && key !== 'portal:tab-id',
    );
    expect(announcement).toBeDefined();
    tabA.unmount();
    setItem.mockRestore();
    window.sessionStorage.setItem('portal:tab-id', 'tab-b');
    const [key, newValue] = announcement!;
    return () => act(() => window.dispatchEvent(new StorageEvent('storage', { key, newValue })));
  }

  test('shows in a tab without edits at once, without a save of its own', async () => {
    const arrive = await saveInTabA('Nova (tab A)');
    const tabB = renderEditor({ initial: draftResponse({}, { version: 3 }), routes: { [SAVE]: savedAs() } });
    expect(nameField()).toHaveValue('');

    arrive();

    expect(nameField()).toHaveValue('Nova (tab A)');
    await advance(10_000);
    expect(tabB.saves()).toHaveLength(0);
    typeName('Nova (tab A), then B');
    await advance(2000);
    expect(tabB.saves()[0]?.version).toBe(4);
    expect(conflictDialog()).not.toBeInTheDocument();
  });

  test("in a tab with edits, keeps them and shows the other tab's other answers; the save is based on its version", async () => {
    const arrive = await saveInTabA('Nova (tab A)');
    const tabB = renderEditor({ initial: draftResponse({}, { version: 3 }), routes: { [SAVE]: savedAs() } });
    fireEvent.click(screen.getByRole('radio', { name: 'Second year' }));

    arrive();

    expect(nameField()).toHaveValue('Nova (tab A)');
    expect(screen.getByRole('radio', { name: 'Second year' })).toBeChecked();
    await advance(2000);
    expect(tabB.saves()).toHaveLength(1);
    expect(tabB.saves()[0]?.version).toBe(4);
    expect(nameIn(tabB.saves()[0]!)).toBe('Nova (tab A)');
    expect(conflictDialog()).not.toBeInTheDocument();
  });
});

describe('the browser killed 300 ms after typing', () => {
  test('the first open after it starts again shows the copy kept on this device, and saves it', async () => {
    const killed = renderEditor({
      initial: draftResponse({}, { version: 3 }),
      routes: { [SAVE]: () => new Promise(() => undefined) },
    });
    typeName('Nova (typed just before the crash)');
    await advance(300);
    // Killed: nothing more runs in that tab. The browser drops its session cookies and the tab's storage.
    expect(storedDraftKeys()).toEqual([TAB_KEY]);
    killed.unmount();
    document.cookie = 'portal-browser-run=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    window.sessionStorage.clear();
    await advance(3000);

    const { saves } = renderEditor({ initial: draftResponse({}, { version: 3 }), routes: { [SAVE]: savedAs() } });
    await settle();

    expect(nameField()).toHaveValue('Nova (typed just before the crash)');
    expect(saves()).toHaveLength(1);
    expect(nameIn(saves()[0]!)).toBe('Nova (typed just before the crash)');
    expect(storedDraftKeys()).toEqual([]);
  });
});

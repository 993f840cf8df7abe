import { act, fireEvent, screen } from '@testing-library/react';
import { notify } from '@portal/shared/client';
import type { StoredDraft } from '../../lib/draft-storage';
import { draftResponse, EDITOR_FORM, EDITOR_RESPONSE_ID, storedDraftKeys } from './testing/editor-fixtures';
import { renderEditor } from './testing/render-editor';

const TAB_KEY = `portal:draft:${EDITOR_RESPONSE_ID}:tab-a`;
const START = new Date(2025, 1, 10, 9, 30, 0);
const RELEASED = { ...EDITOR_FORM, decisionsReleased: true };
const CLOSED = 'This application is closed: decisions have been released';

const nameField = () => screen.getByRole('textbox', { name: 'What name do you go by?' });
const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

jest.setTimeout(30_000);

beforeEach(() => {
  jest.useFakeTimers({ now: START });
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.sessionStorage.setItem('portal:tab-id', 'tab-a');
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:answers'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('a draft after decisions are released', () => {
  test('opens closed and read-only, sends nothing, and offers no save or submit', async () => {
    const { saves } = renderEditor({ form: RELEASED, sectionId: 'roles' });
    await advance(0);

    expect(screen.getByRole('alert')).toHaveTextContent(CLOSED);
    expect(screen.queryByRole('button', { name: 'Save application' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review and submit' })).not.toBeInTheDocument();
    await advance(60_000);
    expect(saves()).toHaveLength(0);
    expect(notify.error).not.toHaveBeenCalled();
  });

  test('offers the copy kept on this device as a download once, then removes it', async () => {
    const draft = draftResponse({ 'about-you.preferred-name': 'Nova (never saved)' });
    window.localStorage.setItem(
      TAB_KEY,
      JSON.stringify({
        draft,
        baseVersion: 3,
        baseAnswers: { 'about-you.preferred-name': '' },
        touchedAt: START.getTime(),
      } satisfies StoredDraft),
    );
    const { saves } = renderEditor({ form: RELEASED, initial: draftResponse() });
    await advance(0);

    expect(screen.getByRole('alert')).toHaveTextContent(CLOSED);
    expect(screen.getByRole('alert')).toHaveTextContent('they are kept on this device');
    expect(nameField()).toHaveValue('Nova (never saved)');
    expect(nameField()).toHaveAttribute('readonly');
    expect(storedDraftKeys()).toEqual([TAB_KEY]);

    fireEvent.click(screen.getByRole('button', { name: 'Download your answers' }));

    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1);
    expect(storedDraftKeys()).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('the copy kept on this device is removed');
    await advance(60_000);
    expect(saves()).toHaveLength(0);
    expect(storedDraftKeys()).toEqual([]);
  });
});

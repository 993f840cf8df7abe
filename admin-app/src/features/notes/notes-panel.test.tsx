import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserRole } from '@portal/shared/domain/ids/constants';
import { NOTE_MESSAGES, type NotesPage, type NoteView } from '@portal/shared/domain/schemas/notes';
import { answer, apiError, fail, type Routes } from '@portal/jest-support/fake-api';
import { renderSignedIn } from '@portal/jest-support/render-signed-in';
import { ApiRequestError } from '@portal/shared/client';
import { NotesPanel } from './notes-panel';

jest.setTimeout(30_000);

// The mentions' menu scrolls its active option into view, which jsdom does not implement.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
});

const RESPONSE_ID = 'resp-1';
const NOTES = `/admin/responses/${RESPONSE_ID}/notes`;
const AT = '2026-03-01T15:00:00.000Z';

const note = (overrides: Partial<NoteView> = {}): NoteView => ({
  id: 'note-1',
  authorName: 'Dana Director',
  bySuperReviewer: true,
  text: 'Please look at the project links.',
  private: false,
  mentions: [],
  createdAt: AT,
  editedAt: null,
  mine: false,
  ...overrides,
});

const notesPage = (overrides: Partial<NotesPage> = {}): NotesPage => ({
  items: [],
  mentionable: [
    { id: 'dana', name: 'Dana Director', superReviewer: true },
    { id: 'rita', name: 'Rita Reviewer', superReviewer: false },
  ],
  canMarkPrivate: false,
  hiddenUntilSubmitted: 0,
  blindStages: false,
  timeZone: 'UTC',
  ...overrides,
});

function Panel() {
  return <NotesPanel responseId={RESPONSE_ID} />;
}

const renderPanel = (routes: Routes, role: UserRole = 'reviewer') =>
  renderSignedIn(Panel, { mountPath: '', path: '/', routes, role, timeZone: 'UTC' });

const field = () => screen.getByRole('textbox', { name: 'Add a note' });
// While it is pending, antd names the button after its spinner too ("loading Add note").
const addButton = () => screen.getByRole('button', { name: /Add note$/ });

/** A promise the test settles when it chooses: the request stays pending until then. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

test('with no notes it says so, who reads them and how to notify someone; nothing can be added empty', async () => {
  renderPanel({ [`GET ${NOTES}`]: answer(notesPage()) });
  expect(await screen.findByText(NOTE_MESSAGES.none)).toBeInTheDocument();
  expect(screen.getByText(NOTE_MESSAGES.readers)).toBeInTheDocument();
  expect(addButton()).toBeDisabled();
  expect(screen.getByText('0 / 2,000 characters')).toBeInTheDocument();
  // A reviewer keeps nothing private.
  expect(screen.queryByRole('checkbox', { name: NOTE_MESSAGES.privateBox })).not.toBeInTheDocument();
});

test('shows each note as plain text with its author, time and whom it notified; tells how many wait for the review', async () => {
  const typed = 'See <b>this</b> at https://example.com\nand **that**';
  renderPanel({
    [`GET ${NOTES}`]: answer(
      notesPage({
        items: [
          note({ mentions: ['Rita Reviewer'] }),
          note({
            id: 'note-2',
            authorName: 'Rita Reviewer',
            bySuperReviewer: false,
            text: typed,
            editedAt: '2026-03-01T16:00:00.000Z',
          }),
        ],
        hiddenUntilSubmitted: 2,
      }),
    ),
  });
  const list = await screen.findByRole('list', { name: 'Notes on this application' });
  const [first, second] = within(list).getAllByRole('article');
  expect(first).toHaveAccessibleName('Note by Dana Director, Mar 1, 2026, 3:00 PM Coordinated Universal Time');
  expect(within(first!).getByText('Super Reviewer')).toBeInTheDocument();
  expect(within(first!).getByText('Notified Rita Reviewer')).toBeInTheDocument();
  // No markup and no link: the text as typed, its line break kept.
  const paragraph = within(second!).getByText((_, element) => element?.textContent === typed);
  expect(paragraph.tagName).toBe('DIV');
  expect(paragraph.innerHTML).not.toContain('<b>');
  expect(within(second!).queryByRole('link')).not.toBeInTheDocument();
  expect(within(second!).getByText(/· edited Mar 1, 2026, 4:00 PM/)).toBeInTheDocument();
  // Not the caller's: no Edit or Delete.
  expect(within(list).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  expect(
    screen.getByText(
      '2 notes by other reviewers show once you have submitted your review or interview of this application.',
    ),
  ).toBeInTheDocument();
});

test('typing @ offers the staff who may see the application; the note is sent with whom it notifies, pending then cleared', async () => {
  let items: NoteView[] = [];
  const posted = deferred<NoteView>();
  const { request } = renderPanel({
    [`GET ${NOTES}`]: () => notesPage({ items }),
    [`POST ${NOTES}`]: () => posted.promise,
  });
  await screen.findByText(NOTE_MESSAGES.none);
  await userEvent.type(field(), 'Thoughts, @Ri');
  const option = await screen.findByText('Rita Reviewer', {
    selector: '.ant-mentions-dropdown-menu-item, .ant-mentions-dropdown-menu-item *',
  });
  expect(
    screen.queryByText('Dana Director', { selector: '.ant-mentions-dropdown-menu-item *' }),
  ).not.toBeInTheDocument();
  await userEvent.click(option);
  expect(field()).toHaveValue('Thoughts, @Rita Reviewer ');
  await userEvent.type(field(), 'please look.');
  expect(screen.getByText('Notifies Rita Reviewer by email')).toBeInTheDocument();

  await userEvent.click(addButton());
  expect(request).toHaveBeenCalledWith('POST', NOTES, {
    body: { text: 'Thoughts, @Rita Reviewer please look.' },
  });
  // Pending: the button spins and the text cannot change under it.
  await waitFor(() => expect(addButton()).toHaveClass('ant-btn-loading'));
  expect(field()).toHaveAttribute('readonly');

  const added = note({ id: 'note-9', authorName: 'Nova Reyes', bySuperReviewer: false, mine: true, text: 'Thoughts' });
  items = [added];
  await act(async () => posted.resolve(added));
  expect(await screen.findByRole('article', { name: /^Note by Nova Reyes/ })).toBeInTheDocument();
  await waitFor(() => expect(field()).toHaveValue(''));
});

test('a note over 2,000 characters says so and cannot be sent', async () => {
  renderPanel({ [`GET ${NOTES}`]: answer(notesPage()) });
  await screen.findByText(NOTE_MESSAGES.none);
  await userEvent.click(field());
  await userEvent.paste('a'.repeat(2001));
  expect(screen.getByRole('alert')).toHaveTextContent('A note is at most 2,000 characters: this one has 2,001.');
  expect(screen.getByText('2,001 / 2,000 characters')).toBeInTheDocument();
  expect(addButton()).toBeDisabled();
});

test("a refused note shows the server's reason beside the field and keeps the text", async () => {
  const refusal = new ApiRequestError(400, 'invalid-request', 'Invalid note', {
    error: {
      code: 'invalid-request',
      message: 'Invalid note',
      details: [{ path: 'text', message: 'A note is at most 2,000 characters' }],
    },
  });
  renderPanel({ [`GET ${NOTES}`]: answer(notesPage()), [`POST ${NOTES}`]: fail(refusal) });
  await screen.findByText(NOTE_MESSAGES.none);
  await userEvent.click(field());
  await userEvent.paste('Kept as typed');
  await userEvent.click(addButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('A note is at most 2,000 characters');
  expect(field()).toHaveValue('Kept as typed');
});

test('its author edits and deletes their note; the others are not theirs to change', async () => {
  const mine = note({ id: 'mine', authorName: 'Nova Reyes', bySuperReviewer: false, mine: true, text: 'First take' });
  let items = [note(), mine];
  const { request } = renderPanel({
    [`GET ${NOTES}`]: () => notesPage({ items }),
    [`PUT ${NOTES}/mine`]: (body) => {
      items = [note(), { ...mine, text: (body as { text: string }).text, editedAt: AT }];
      return items[1];
    },
    [`DELETE ${NOTES}/mine`]: () => {
      items = [note()];
      return null;
    },
  });
  const own = await screen.findByRole('article', { name: /^Note by Nova Reyes/ });
  expect(within(screen.getByRole('article', { name: /^Note by Dana Director/ })).queryByRole('button')).toBeNull();

  await userEvent.click(within(own).getByRole('button', { name: 'Edit' }));
  const editor = within(own).getByRole('textbox', { name: 'Edit your note' });
  expect(editor).toHaveValue('First take');
  await userEvent.clear(editor);
  await userEvent.click(editor);
  await userEvent.paste('Second take');
  await userEvent.click(within(own).getByRole('button', { name: 'Save note' }));
  expect(request).toHaveBeenCalledWith('PUT', `${NOTES}/mine`, { body: { text: 'Second take' } });
  expect(await screen.findByText('Second take')).toBeInTheDocument();

  const edited = screen.getByRole('article', { name: /^Note by Nova Reyes/ });
  await userEvent.click(within(edited).getByRole('button', { name: 'Delete' }));
  const confirm = await screen.findByRole('tooltip');
  expect(within(confirm).getByText('Delete this note?')).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(request).toHaveBeenCalledWith('DELETE', `${NOTES}/mine`));
  await waitFor(() => expect(screen.queryByRole('article', { name: /^Note by Nova Reyes/ })).not.toBeInTheDocument());
});

test('notes that cannot be loaded say so, with a way to try again', async () => {
  let calls = 0;
  renderPanel({
    [`GET ${NOTES}`]: () => {
      calls += 1;
      if (calls === 1) throw apiError(500, 'internal', 'The server is unwell');
      return notesPage();
    },
  });
  expect(await screen.findByText('The notes could not be loaded.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText(NOTE_MESSAGES.none)).toBeInTheDocument();
});

test('a super-reviewer keeps a note private to super-reviewers: only they are offered, and told not to name a blind applicant', async () => {
  const { request } = renderPanel(
    {
      [`GET ${NOTES}`]: answer(notesPage({ canMarkPrivate: true, blindStages: true })),
      [`POST ${NOTES}`]: answer(note({ private: true, mine: true })),
    },
    'super-reviewer',
  );
  await screen.findByText(NOTE_MESSAGES.none);
  expect(screen.getByText(NOTE_MESSAGES.blindHint)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('checkbox', { name: NOTE_MESSAGES.privateBox }));
  await userEvent.click(field());
  await userEvent.paste('Between us, @Rita Reviewer and @Dana Director');
  // Rita is a reviewer: a private note does not reach her.
  expect(screen.getByText('Notifies Dana Director by email')).toBeInTheDocument();
  await userEvent.click(addButton());
  expect(request).toHaveBeenCalledWith('POST', NOTES, {
    body: { text: 'Between us, @Rita Reviewer and @Dana Director', private: true },
  });
});

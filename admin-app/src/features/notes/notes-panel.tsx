import { useId, useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Flex, Mentions, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { ApiRequestError, failureMessage, usePortal } from '@portal/shared/client';
import { mentionsIn } from '@portal/shared/domain/rules/notes';
import { MAX_NOTE_CHARS, NOTE_MESSAGES, type Mentionable, type NoteView } from '@portal/shared/domain/schemas/notes';
import { LoadError, useReaderTime } from '@portal/shared/ui';
import { addNote, deleteNote, editNote, useNotes } from '../../api/notes';
import { staffKeys } from '../../api/keys';
import { useStaffMutation } from '../../lib/use-staff-mutation';

const LIMIT_TEXT = MAX_NOTE_CHARS.toLocaleString('en-US');

/** What went wrong with a note, in the words the server used for its text when it named it. */
function noteError(error: Error, action: string): string {
  const details = error instanceof ApiRequestError && Array.isArray(error.details) ? error.details : [];
  const onText = (details as { path?: unknown; message?: unknown }[]).find((each) => each?.path === 'text');
  return typeof onText?.message === 'string'
    ? onText.message
    : failureMessage(`The note could not be ${action}`, error);
}

interface EditorProps {
  /** The field's visible label. */
  label: string;
  mentionable: Mentionable[];
  canMarkPrivate: boolean;
  initialText?: string;
  /** The note's own privacy when it is edited (it does not change). */
  fixedPrivate?: boolean;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (text: string, isPrivate: boolean) => void;
  onCancel?: () => void;
}

/**
 * A note's text: plain text up to MAX_NOTE_CHARS, `@` offering the staff who may read it (the
 * super-reviewers alone for a private note), with who it will notify as it is typed.
 */
function NoteEditor(props: EditorProps) {
  const { mentionable, canMarkPrivate, pending, error } = props;
  const id = useId();
  const [text, setText] = useState(props.initialText ?? '');
  const [isPrivate, setPrivate] = useState(props.fixedPrivate ?? false);
  const candidates = isPrivate ? mentionable.filter((person) => person.superReviewer) : mentionable;
  const length = text.trim().length;
  const tooLong = length > MAX_NOTE_CHARS;
  const names = new Map(candidates.map((person) => [person.id, person.name]));
  const notifies = mentionsIn(text, candidates).map((each) => names.get(each)!);
  const submit = () => {
    if (length === 0 || tooLong || pending) return;
    props.onSubmit(text, isPrivate);
  };

  return (
    <Flex vertical gap={8}>
      <label htmlFor={id}>
        <Typography.Text strong>{props.label}</Typography.Text>
      </label>
      <Mentions
        id={id}
        value={text}
        onChange={setText}
        readOnly={pending}
        autoSize={{ minRows: 3, maxRows: 12 }}
        status={tooLong ? 'error' : undefined}
        placeholder="Write a note. Type @ to notify someone."
        aria-describedby={`${id}-count`}
        options={candidates.map((person) => ({ key: person.id, value: person.name, label: person.name }))}
        notFoundContent="No one of that name can see this application"
      />
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text id={`${id}-count`} type={tooLong ? 'danger' : 'secondary'}>
          {`${length.toLocaleString('en-US')} / ${LIMIT_TEXT} characters`}
        </Typography.Text>
        {notifies.length > 0 && (
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {`Notifies ${notifies.join(', ')} by email`}
          </Typography.Text>
        )}
      </Flex>
      {tooLong && (
        <Typography.Text type="danger" role="alert">
          {`${NOTE_MESSAGES.tooLong}: this one has ${length.toLocaleString('en-US')}.`}
        </Typography.Text>
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" />}
      {canMarkPrivate && props.fixedPrivate === undefined && (
        <Checkbox checked={isPrivate} disabled={pending} onChange={(event) => setPrivate(event.target.checked)}>
          {NOTE_MESSAGES.privateBox}
        </Checkbox>
      )}
      <Flex gap={8} wrap>
        <Button type="primary" loading={pending} disabled={length === 0 || tooLong} onClick={submit}>
          {props.submitLabel}
        </Button>
        {props.onCancel && (
          <Button disabled={pending} onClick={props.onCancel}>
            Cancel
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

function NoteItem({
  note,
  first,
  responseId,
  mentionable,
  format,
}: {
  note: NoteView;
  /** The list's first note: no rule above it. */
  first: boolean;
  responseId: string;
  mentionable: Mentionable[];
  format: (value: string) => string;
}) {
  const { api } = usePortal();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = staffKeys.notes(responseId);
  const edit = useStaffMutation((text: string) => editNote(api, responseId, note.id, { text }), {
    success: () => 'Note saved.',
    onSuccess: () => setEditing(false),
    onError: (failure) => {
      setError(noteError(failure, 'saved'));
      return true;
    },
    refresh,
  });
  const remove = useStaffMutation(() => deleteNote(api, responseId, note.id), {
    success: () => 'Note deleted.',
    onError: (failure) => {
      setError(noteError(failure, 'deleted'));
      return true;
    },
    refresh,
  });
  const written = format(note.createdAt);

  return (
    <li
      style={{ padding: first ? '0 0 12px' : '12px 0', borderTop: first ? undefined : '1px solid rgba(5, 5, 5, 0.06)' }}
    >
      <article aria-label={`Note by ${note.authorName}, ${written}`}>
        <Flex vertical gap={4}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
              {note.authorName}
            </Typography.Text>
            {note.bySuperReviewer && <Tag>Super Reviewer</Tag>}
            {note.private && <Tag color="purple">{NOTE_MESSAGES.privateBox}</Tag>}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {note.editedAt ? `${written} · edited ${format(note.editedAt)}` : written}
          </Typography.Text>
          {editing ? (
            <NoteEditor
              label="Edit your note"
              mentionable={mentionable}
              canMarkPrivate={false}
              initialText={note.text}
              fixedPrivate={note.private}
              submitLabel="Save note"
              pending={edit.isPending}
              error={error}
              onSubmit={(text) => {
                setError(null);
                edit.mutate(text);
              }}
              onCancel={() => {
                setError(null);
                setEditing(false);
              }}
            />
          ) : (
            <>
              {/* Plain text as typed: never markup, never a link. */}
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
                {note.text}
              </Typography.Paragraph>
              {note.mentions.length > 0 && (
                <Typography.Text type="secondary" style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
                  {`Notified ${note.mentions.join(', ')}`}
                </Typography.Text>
              )}
              {error && <Alert type="error" showIcon title={error} role="alert" />}
              {note.mine && (
                <Flex gap={4} wrap>
                  <Button
                    type="link"
                    size="small"
                    style={{ paddingInline: 0 }}
                    onClick={() => {
                      setError(null);
                      setEditing(true);
                    }}
                  >
                    Edit
                  </Button>
                  <Popconfirm
                    title="Delete this note?"
                    description="Everyone who reads this application's notes loses it."
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    cancelText="Keep it"
                    onConfirm={() => {
                      setError(null);
                      remove.mutate(undefined);
                    }}
                  >
                    <Button type="link" size="small" danger loading={remove.isPending}>
                      Delete
                    </Button>
                  </Popconfirm>
                </Flex>
              )}
            </>
          )}
        </Flex>
      </article>
    </li>
  );
}

/**
 * The notes on one application (docs/product.md#notes-on-an-application): those the caller may
 * read, oldest first, and a field to add one. Used on the application page and the review and
 * interview screens.
 */
export function NotesPanel({ responseId }: { responseId: string }) {
  const { api } = usePortal();
  const notes = useNotes(responseId);
  const time = useReaderTime(notes.data?.timeZone);
  const [error, setError] = useState<string | null>(null);
  // A new editor after each note added: the field starts empty again.
  const [round, setRound] = useState(0);
  const add = useStaffMutation(
    (body: { text: string; private: boolean }) =>
      addNote(api, responseId, { text: body.text, ...(body.private && { private: true }) }),
    {
      success: () => 'Note added.',
      onSuccess: () => setRound((value) => value + 1),
      onError: (failure) => {
        setError(noteError(failure, 'added'));
        return true;
      },
      refresh: staffKeys.notes(responseId),
    },
  );

  let body;
  if (notes.isError) {
    body = (
      <LoadError title="The notes could not be loaded." error={notes.error} onRetry={() => void notes.refetch()} />
    );
  } else if (notes.isPending) {
    body = (
      <div role="status" aria-label="Loading the notes" aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  } else {
    const page = notes.data;
    body = (
      <Flex vertical gap={16}>
        {page.items.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Flex vertical gap={4}>
                <Typography.Text>{NOTE_MESSAGES.none}</Typography.Text>
                <Typography.Text type="secondary">{NOTE_MESSAGES.readers}</Typography.Text>
              </Flex>
            }
          />
        ) : (
          <ol aria-label="Notes on this application" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {page.items.map((note, at) => (
              <NoteItem
                key={`${note.id}:${note.editedAt ?? ''}`}
                note={note}
                first={at === 0}
                responseId={responseId}
                mentionable={page.mentionable}
                format={time.format}
              />
            ))}
          </ol>
        )}
        {page.hiddenUntilSubmitted > 0 && (
          <Alert type="info" showIcon title={NOTE_MESSAGES.hidden(page.hiddenUntilSubmitted)} />
        )}
        {page.canMarkPrivate && page.blindStages && (
          <Typography.Text type="secondary">{NOTE_MESSAGES.blindHint}</Typography.Text>
        )}
        <NoteEditor
          key={round}
          label="Add a note"
          mentionable={page.mentionable}
          canMarkPrivate={page.canMarkPrivate}
          submitLabel="Add note"
          pending={add.isPending}
          error={error}
          onSubmit={(text, isPrivate) => {
            setError(null);
            add.mutate({ text, private: isPrivate });
          }}
        />
      </Flex>
    );
  }

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>Notes</h2>} role="region" aria-label="Notes">
      {body}
    </Card>
  );
}

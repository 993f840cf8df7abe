import { Flex, Typography } from 'antd';
import type { AutosaveState } from '@portal/shared/client';
import { formatDateTime, formatTime } from '@portal/shared/domain/rules/dates';
import { formatMomentForReader } from './date-time';

export interface SaveIndicatorTexts {
  /** Shown with the last save's time after a failure, e.g. "Failed to save your application". */
  failed: string;
  /** Before the first save ever. */
  neverSaved: string;
}

/** The applicant's texts (docs/product.md#autosave). */
export const APPLICATION_SAVE_TEXTS: SaveIndicatorTexts = {
  failed: 'Failed to save your application',
  neverSaved: 'Form not yet saved!',
};

export const DRAFT_SAVE_TEXTS: SaveIndicatorTexts = { failed: 'Failed to save', neverSaved: 'Not yet saved' };

type IndicatorState = Pick<AutosaveState<unknown>, 'status' | 'dirty' | 'lastSavedAt' | 'retryAt' | 'offline'>;

/**
 * The time of day for a save today, else the date and time: in `timeZone` (the zone the page shows
 * its other times in) named in words, with the reader's own time beside it when theirs differs;
 * without one, in the reader's zone (the portal's format, naming the zone).
 */
export function formatSaveTime(date: Date, now = new Date(), timeZone?: string): string {
  if (timeZone) return formatMomentForReader(date, timeZone, now);
  return date.toDateString() === now.toDateString() ? formatTime(date) : formatDateTime(date);
}

export const SAVING = 'Saving...';
/** Edits wait for the pause after typing (or the autosave's maximum wait) before they are sent. */
export const UNSAVED_CHANGES = 'Unsaved changes';
/** A save found the same question changed elsewhere: the conflict dialog asks which text to keep. */
export const NEEDS_YOUR_CHOICE = 'Needs your choice';

/** The edits are not on the server and the last attempt failed (or no attempt can be made any more). */
const failed = (state: IndicatorState) => state.status === 'failed' || (state.status === 'closed' && state.dirty);

/** Always the truth: saving, waiting for a choice, failed, edits not sent yet, or the last save. */
export function saveIndicatorText(state: IndicatorState, texts: SaveIndicatorTexts, timeZone?: string): string {
  const last = state.lastSavedAt ? formatSaveTime(state.lastSavedAt, new Date(), timeZone) : null;
  if (state.status === 'saving') return SAVING;
  if (state.status === 'conflict') return NEEDS_YOUR_CHOICE;
  if (failed(state)) return `${texts.failed} (Last save: ${last ?? 'never'})`;
  if (state.dirty) return UNSAVED_CHANGES;
  return last ? `Last save: ${last}` : texts.neverSaved;
}

/** Red for a failure; the body's colour for a choice to make (antd's warning yellow is too faint to read). */
function textType(state: IndicatorState): 'danger' | 'secondary' | undefined {
  if (failed(state)) return 'danger';
  return state.status === 'conflict' ? undefined : 'secondary';
}

function hint(state: IndicatorState): string | null {
  if (state.status !== 'failed') return null;
  if (state.offline) return 'You are offline: your changes will be saved when the connection returns.';
  return state.retryAt !== null ? 'Trying again automatically.' : null;
}

/**
 * Where an autosave stands: saving, the last save, or a failure and what happens next. `timeZone`:
 * the zone of the page's other times (the applicant's due date), for the last save's time.
 */
export function SaveIndicator({
  state,
  texts,
  timeZone,
}: {
  state: IndicatorState;
  texts: SaveIndicatorTexts;
  timeZone?: string;
}) {
  const next = hint(state);
  return (
    <Flex vertical role="status" aria-live="polite">
      <Typography.Text type={textType(state)}>{saveIndicatorText(state, texts, timeZone)}</Typography.Text>
      {next && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {next}
        </Typography.Text>
      )}
    </Flex>
  );
}

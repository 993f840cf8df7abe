import { useState } from 'react';
import { Alert, Button } from 'antd';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import { saveBlob } from '@portal/shared/client';
import { clearAllDrafts } from '../../lib/draft-storage';
import { answersAsText } from './answers-as-text';

/**
 * The editor became read-only (the deadline passed, decisions were released, or the application
 * was submitted elsewhere). The answers can be downloaded; once they are, the copy kept on this
 * device is removed: the server will never take it, and the applicant now has it.
 */
export function DeadlineNotice({
  message,
  form,
  draft,
  unsaved,
}: {
  message: string;
  form: ApplicationForm;
  draft: ApplicationResponse;
  /** Some edits never reached the server: the copy on this device is all there is. */
  unsaved: boolean;
}) {
  const [downloaded, setDownloaded] = useState(false);
  const download = () => {
    saveBlob(
      new Blob([answersAsText(form, draft)], { type: 'text/plain;charset=utf-8' }),
      `${form.semester} application answers.txt`,
    );
    clearAllDrafts(draft.id);
    setDownloaded(true);
  };
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={message}
      description={
        <>
          <div>
            {!unsaved
              ? 'Your answers can no longer be changed. You can still download a copy of them.'
              : downloaded
                ? 'Your answers can no longer be changed. You downloaded your last changes; the copy kept on this device is removed.'
                : 'Your answers can no longer be changed. Your last changes could not be saved; they are kept on this device. Download a copy to keep them.'}
          </div>
          {/* Below the text, not beside it: on a phone the text keeps the card's width. */}
          <Button onClick={download} style={{ marginTop: 8, whiteSpace: 'normal', height: 'auto', paddingBlock: 4 }}>
            Download your answers
          </Button>
        </>
      }
    />
  );
}

import { Alert, Button } from 'antd';
import type { ApplicationForm, ApplicationResponse } from '@portal/shared/domain';
import { saveBlob } from '@portal/shared/client';
import { answersAsText } from './answers-as-text';

/** The editor became read-only (the deadline passed, or the application was submitted elsewhere). */
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
  const download = () =>
    saveBlob(
      new Blob([answersAsText(form, draft)], { type: 'text/plain;charset=utf-8' }),
      `${form.semester} application answers.txt`,
    );
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={message}
      description={
        <>
          <div>
            {unsaved
              ? 'Your answers can no longer be changed. Your last changes could not be saved; they are kept on this device. Download a copy to keep them.'
              : 'Your answers can no longer be changed. You can still download a copy of them.'}
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

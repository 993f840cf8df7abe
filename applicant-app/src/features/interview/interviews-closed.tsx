import { Alert } from 'antd';
import type { ApplicantInterviews } from '@portal/shared/domain/schemas/interview-slots';

/**
 * After the release nothing can be booked, moved or cancelled: the release cancelled every
 * interview still to come (with an email), and one that took place stays as a record.
 */
export function InterviewsClosed({ state, when }: { state: ApplicantInterviews; when: (iso: string) => string }) {
  return (
    <Alert
      type="info"
      showIcon
      title="Decisions have been released: interviews are closed."
      description={
        state.booking
          ? `Your interview was on ${when(state.booking.startsAt)}. Your decision is on your application status page.`
          : 'Interviews can no longer be booked, moved or cancelled. An interview that had not taken place was cancelled, and you were sent an email about it. Your decision is on your application status page.'
      }
    />
  );
}

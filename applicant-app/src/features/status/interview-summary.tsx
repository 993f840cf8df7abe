import { Alert, Typography } from 'antd';
import { Link } from '@portal/shared/router';
import { SlotPlace, useInterviews, useSlotTime } from '../interview';

/** On the status page: the booked interview (zone named), or the invitation to book one; nothing when not invited. */
export function InterviewSummary({ formId }: { formId: string }) {
  const interviews = useInterviews(formId);
  const state = interviews.data;
  const slotTime = useSlotTime(state?.timeZone);
  if (!state?.invited) return null;
  const page = `/apply/interview/${encodeURIComponent(formId)}`;
  if (!state.booking) {
    return (
      <Alert
        type="info"
        showIcon
        title="You are invited to interview."
        description={<Link to={page}>Book an interview time</Link>}
      />
    );
  }
  const { booking } = state;
  return (
    <Alert
      type="success"
      showIcon
      title={`Interview: ${slotTime(booking.startsAt)}`}
      description={
        <>
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>
            {`${booking.minutes} minutes · `}
            <SlotPlace place={booking.place} />
          </Typography.Text>
          <br />
          <Link to={page}>Move or cancel your interview</Link>
        </>
      }
    />
  );
}

import { Alert, Button, Card, Empty, Flex, Popconfirm, Typography } from 'antd';
import type { ApplicantSlotView } from '@portal/shared/domain/schemas/interview-slots';
import { Link, useParams } from '@portal/shared/router';
import { PageSkeleton, PageTitle, LoadError, useReaderTime } from '@portal/shared/ui';
import { SlotPlace } from './slot-place';
import { InterviewsClosed } from './interviews-closed';
import { useBooking, useInterviews, useSlotTime } from './use-interviews';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;
const ITEM_STYLE = { padding: '12px 0', borderBottom: '1px solid #f0f0f0' } as const;

function SlotText({ slot, when }: { slot: ApplicantSlotView; when: string }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text strong>{when}</Typography.Text>
      <Typography.Text style={{ overflowWrap: 'anywhere' }}>
        {`${slot.minutes} minutes · `}
        <SlotPlace place={slot.place} />
      </Typography.Text>
      <Typography.Text type="secondary">{`With ${slot.interviewerNames.join(', ')}`}</Typography.Text>
    </Flex>
  );
}

/** `/apply/interview/{formId}`: an invited applicant books one slot, and moves or cancels it until the cut-off. */
export default function InterviewPage() {
  const { formId = '' } = useParams();
  const interviews = useInterviews(formId);
  const booking = useBooking(formId);
  const slotTime = useSlotTime(interviews.data?.timeZone);
  const { zoneName } = useReaderTime(interviews.data?.timeZone);

  if (interviews.isError) {
    return (
      <LoadError
        title="Your interview could not be loaded."
        error={interviews.error}
        onRetry={() => void interviews.refetch()}
      />
    );
  }
  if (interviews.isPending) return <PageSkeleton label="Loading your interview" />;
  const state = interviews.data;
  const cutoff = `${state.cutoffHours} hour${state.cutoffHours === 1 ? '' : 's'}`;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <PageTitle>Your interview</PageTitle>
      {state.released ? (
        <InterviewsClosed state={state} when={slotTime} />
      ) : !state.invited ? (
        <Alert
          type="info"
          showIcon
          title="You have not been invited to interview."
          description="If the chapter invites you, you will get an email and can book a time here."
        />
      ) : (
        <>
          {booking.error && <Alert type="error" showIcon title={booking.error.message} role="alert" />}
          <Card size="small" title="Your booking">
            {state.booking ? (
              <Flex vertical gap={12}>
                <SlotText slot={state.booking} when={slotTime(state.booking.startsAt)} />
                <Typography.Text type="secondary">{`You can move or cancel it until ${cutoff} before it starts.`}</Typography.Text>
                <Popconfirm
                  title="Cancel your interview?"
                  okText="Cancel interview"
                  cancelText="Keep it"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => booking.mutate(null)}
                >
                  <Button
                    danger
                    style={{ alignSelf: 'start' }}
                    loading={booking.isPending && booking.variables === null}
                  >
                    Cancel interview
                  </Button>
                </Popconfirm>
              </Flex>
            ) : (
              <Typography.Text>{`You have not booked an interview yet. Choose a time below; you can move or cancel it until ${cutoff} before it starts.`}</Typography.Text>
            )}
          </Card>
          <Card size="small" title={state.booking ? 'Move to another time' : 'Available times'}>
            <Typography.Paragraph type="secondary">{`Times are in ${zoneName}.`}</Typography.Paragraph>
            {state.slots.length === 0 ? (
              <Empty description="No other times are open right now. Check back later." />
            ) : (
              <ul aria-label="Available interview times" style={LIST_STYLE}>
                {state.slots.map((slot) => (
                  <li key={slot.id} style={ITEM_STYLE}>
                    <Flex justify="space-between" align="center" gap={12} wrap style={{ width: '100%' }}>
                      <SlotText slot={slot} when={slotTime(slot.startsAt)} />
                      <Flex vertical align="end" gap={4}>
                        <Typography.Text type="secondary">{`${slot.seatsLeft} seat${slot.seatsLeft === 1 ? '' : 's'} left`}</Typography.Text>
                        <Button
                          type="primary"
                          // The name starts with the words on the button (WCAG 2.5.3), then says which time.
                          aria-label={`${state.booking ? 'Move here' : 'Book'}: ${slotTime(slot.startsAt)}`}
                          loading={booking.isPending && booking.variables === slot.id}
                          disabled={booking.isPending}
                          onClick={() => booking.mutate(slot.id)}
                        >
                          {state.booking ? 'Move here' : 'Book'}
                        </Button>
                      </Flex>
                    </Flex>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
      <Link to="/apply/status">Back to your application status</Link>
    </Flex>
  );
}

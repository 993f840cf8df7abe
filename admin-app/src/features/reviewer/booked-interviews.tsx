import { Card, Empty, Flex, Typography } from 'antd';
import { useTimeZone } from '@portal/shared/client';
import { formatDateTime } from '@portal/shared/domain/rules/dates';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { Link } from '@portal/shared/router';
import { LoadError } from '@portal/shared/ui';
import { useMyInterviews } from '../../api/interviews';
import { assessmentScreenPath } from '../../lib/assessment-links';

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;
const ITEM_STYLE = { padding: '12px 0', borderBottom: '1px solid #f0f0f0' } as const;

/**
 * The caller's booked interviews of the form, in time order (the chapter's zone, named): who, when,
 * where, and a link to the interview screen when an interview of that applicant is assigned to them.
 */
export function BookedInterviews({
  formId,
  form,
}: {
  formId: string;
  form: Pick<ApplicationForm, 'timeZone'> | undefined;
}) {
  const mine = useMyInterviews();
  const timeZone = useTimeZone(form?.timeZone);
  if (mine.isError) {
    return (
      <LoadError
        title="Your booked interviews could not be loaded."
        error={mine.error}
        onRetry={() => void mine.refetch()}
      />
    );
  }
  const slots = (mine.data ?? []).filter((slot) => slot.formId === formId);
  const items = slots.flatMap((slot) => slot.bookings.map((booking) => ({ slot, booking })));
  return (
    <Card size="small" title="Your booked interviews" loading={mine.isPending}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No one has booked an interview with you yet." />
      ) : (
        <ul aria-label="Your booked interviews" style={LIST_STYLE}>
          {items.map(({ slot, booking }) => (
            <li key={`${slot.id}-${booking.responseId}`} style={ITEM_STYLE}>
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Typography.Text strong>{formatDateTime(slot.startsAt, timeZone)}</Typography.Text>
                <Typography.Text>
                  {booking.interview ? (
                    <Link
                      to={assessmentScreenPath(
                        {
                          kind: 'interview',
                          responseId: booking.responseId,
                          id: booking.interview.id,
                          role: booking.interview.role,
                        },
                        formId,
                        undefined,
                      )}
                    >
                      {booking.applicantName}
                    </Link>
                  ) : (
                    booking.applicantName
                  )}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {`${slot.minutes} minutes · ${slot.place}`}
                  {!booking.interview && ' · no interview of this applicant is assigned to you yet'}
                </Typography.Text>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

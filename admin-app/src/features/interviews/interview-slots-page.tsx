import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Form, Input, InputNumber, Popconfirm, Select, Tag, Typography } from 'antd';
import { useQuery } from '@portal/shared/query';
import { ApiRequestError, formQueryOptions, usePortal, useTimeZone } from '@portal/shared/client';
import { formatDateTime, fromZonedWallTime } from '@portal/shared/domain/rules/dates';
import {
  DEFAULT_INTERVIEW_CUTOFF_HOURS,
  type InterviewSlot,
  type InterviewSlotBody,
} from '@portal/shared/domain/schemas/interview-slots';
import { Link, useParams } from '@portal/shared/router';
import { PageSkeleton, PageTitle, LoadError } from '@portal/shared/ui';
import { deleteSlot, publishSlot, useInterviewSlots } from '../../api/interviews';
import { useStaffSummaries } from '../../api/staff';
import { dorPaths } from '../../lib/paths';
import { useStaffMutation } from '../../lib/use-staff-mutation';

interface SlotDraft {
  start: string;
  minutes: number | null;
  place: string;
  interviewerIds: string[];
  capacity: number | null;
}

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;
const ITEM_STYLE = { padding: '12px 0', borderBottom: '1px solid #f0f0f0' } as const;

const EMPTY: SlotDraft = { start: '', minutes: 30, place: '', interviewerIds: [], capacity: 1 };

/** The server's 400 per field (`interviewerIds.1` is the interviewers' field). */
function fieldIssues(error: Error | null): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !Array.isArray(error.details)) return {};
  const issues: Record<string, string> = {};
  for (const detail of error.details as { path?: string; message?: string }[]) {
    const field = String(detail.path ?? '').split('.')[0]!;
    issues[field] ??= detail.message ?? 'Invalid';
  }
  return issues;
}

/** The publish form: the start is a wall-clock time in the chapter's zone, sent as UTC. */
function PublishSlot({ formId, timeZone }: { formId: string; timeZone: string }) {
  const { api } = usePortal();
  const [draft, setDraft] = useState<SlotDraft>(EMPTY);
  const [localIssues, setLocalIssues] = useState<Record<string, string>>({});
  const staff = useStaffSummaries(formId, { kind: 'interview' });
  const publish = useStaffMutation((body: InterviewSlotBody) => publishSlot(api, formId, body), {
    success: (slot) => `Slot published: ${formatDateTime(slot.startsAt, timeZone)}`,
    onSuccess: () => setDraft({ ...EMPTY, interviewerIds: draft.interviewerIds, place: draft.place }),
    onError: (error) => Object.keys(fieldIssues(error)).length > 0,
  });
  const issues = { ...fieldIssues(publish.error), ...localIssues };
  const status = (field: string) => (issues[field] ? { validateStatus: 'error' as const, help: issues[field] } : {});

  const submit = () => {
    const startsAt = fromZonedWallTime(draft.start, timeZone);
    if (!startsAt) {
      setLocalIssues({ startsAt: 'Enter the date and time the interview starts' });
      return;
    }
    setLocalIssues({});
    publish.mutate({
      startsAt: startsAt.toISOString(),
      minutes: draft.minutes ?? 0,
      place: draft.place,
      interviewerIds: draft.interviewerIds,
      capacity: draft.capacity ?? 0,
    });
  };

  return (
    <Card size="small" title="Publish a slot">
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Flex gap={16} wrap>
          <Form.Item
            label={`Starts (${timeZone})`}
            htmlFor="slot-start"
            style={{ minWidth: 220 }}
            {...status('startsAt')}
          >
            <Input
              id="slot-start"
              type="datetime-local"
              value={draft.start}
              onChange={(event) => setDraft({ ...draft, start: event.target.value })}
            />
          </Form.Item>
          <Form.Item label="Length (minutes)" htmlFor="slot-minutes" {...status('minutes')}>
            <InputNumber
              id="slot-minutes"
              min={5}
              max={240}
              step={5}
              value={draft.minutes}
              onChange={(minutes) => setDraft({ ...draft, minutes })}
            />
          </Form.Item>
          <Form.Item label="Seats" htmlFor="slot-capacity" {...status('capacity')}>
            <InputNumber
              id="slot-capacity"
              min={1}
              max={50}
              value={draft.capacity}
              onChange={(capacity) => setDraft({ ...draft, capacity })}
            />
          </Form.Item>
        </Flex>
        <Form.Item label="Place or video link" htmlFor="slot-place" {...status('place')}>
          <Input
            id="slot-place"
            placeholder="Room 101, or https://meet.example.com/…"
            value={draft.place}
            onChange={(event) => setDraft({ ...draft, place: event.target.value })}
          />
        </Form.Item>
        <Form.Item label="Interviewers" htmlFor="slot-interviewers" {...status('interviewerIds')}>
          <Select
            id="slot-interviewers"
            mode="multiple"
            placeholder="Choose staff"
            loading={staff.isPending}
            value={draft.interviewerIds}
            onChange={(interviewerIds: string[]) => setDraft({ ...draft, interviewerIds })}
            optionFilterProp="label"
            options={(staff.data ?? []).map((member) => ({
              value: member.user.id,
              label: `${member.user.firstName} ${member.user.lastName}`.trim() || member.user.email,
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={publish.isPending}>
          Publish slot
        </Button>
      </Form>
    </Card>
  );
}

function SlotItem({ slot, formId, timeZone }: { slot: InterviewSlot; formId: string; timeZone: string }) {
  const { api } = usePortal();
  const remove = useStaffMutation(() => deleteSlot(api, formId, slot.id), { success: () => 'Slot deleted' });
  const taken = slot.bookings.length;
  const when = formatDateTime(slot.startsAt, timeZone);
  return (
    <li style={ITEM_STYLE}>
      <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }}>
        <Flex justify="space-between" align="start" gap={8} wrap>
          <Typography.Text strong>{when}</Typography.Text>
          <Tag color={taken >= slot.capacity ? 'red' : taken > 0 ? 'blue' : 'default'}>
            {`${taken} of ${slot.capacity} seat${slot.capacity === 1 ? '' : 's'} taken`}
          </Tag>
        </Flex>
        <Typography.Text
          style={{ overflowWrap: 'anywhere' }}
        >{`${slot.minutes} minutes · ${slot.place}`}</Typography.Text>
        <Typography.Text type="secondary">{`With ${slot.interviewerNames.join(', ')}`}</Typography.Text>
        {taken > 0 ? (
          <Typography.Text>
            {'Booked by: '}
            {slot.bookings.map((booking, index) => (
              <span key={booking.userId}>
                {index > 0 && ', '}
                <Link to={dorPaths.application(formId, booking.responseId)}>{booking.applicantName}</Link>
              </span>
            ))}
          </Typography.Text>
        ) : (
          <Popconfirm
            title="Delete this slot?"
            description={when}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate(undefined)}
          >
            <Button size="small" danger style={{ alignSelf: 'start' }} loading={remove.isPending}>
              Delete slot
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </li>
  );
}

/** `/admin/dor/interview-slots/{formId}`: publish the form's interview slots, see who booked, delete unbooked ones. */
export function InterviewSlotsPage() {
  const { formId = '' } = useParams();
  const portal = usePortal();
  const form = useQuery(formQueryOptions(portal.api, formId));
  const slots = useInterviewSlots(formId);
  const timeZone = useTimeZone(form.data?.timeZone);
  if (form.isError || slots.isError) {
    const error = form.error ?? slots.error!;
    return (
      <LoadError title="The interview slots could not be loaded." error={error} onRetry={() => void slots.refetch()} />
    );
  }
  if (form.isPending || slots.isPending) return <PageSkeleton label="Loading interview slots" />;
  const cutoff = form.data.interviewCutoffHours ?? DEFAULT_INTERVIEW_CUTOFF_HOURS;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 900 }}>
      <div>
        <PageTitle style={{ margin: '0 0 4px' }}>Interview slots</PageTitle>
        <Typography.Text type="secondary">{`${form.data.semester} · times in ${timeZone}`}</Typography.Text>
      </div>
      <Alert
        type="info"
        showIcon
        title={
          <span>
            {`Invited applicants (a role qualified, or an interviewer assigned) book one slot, and can move or cancel it until ${cutoff} hour${cutoff === 1 ? '' : 's'} before it starts. `}
            <Link to={dorPaths.editForm(formId)}>Change the cut-off in the form builder</Link> (Rubrics).
          </span>
        }
      />
      <PublishSlot formId={formId} timeZone={timeZone} />
      <Card size="small" title={`Slots (${slots.data.length})`}>
        {slots.data.length === 0 ? (
          <Empty description="No interview slots yet. Publish the first one above; invited applicants can then book it." />
        ) : (
          <ul aria-label="Interview slots" style={LIST_STYLE}>
            {slots.data.map((slot) => (
              <SlotItem key={slot.id} slot={slot} formId={formId} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </Card>
    </Flex>
  );
}

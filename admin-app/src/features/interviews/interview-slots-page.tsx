import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@portal/shared/query';
import { ApiRequestError, formQueryOptions, usePortal, useTimeZone } from '@portal/shared/client';
import { formatDateTime, fromZonedWallTime, toZonedWallTime } from '@portal/shared/domain/rules/dates';
import {
  DEFAULT_INTERVIEW_CUTOFF_HOURS,
  slotSeriesStarts,
  type InterviewSlot,
  type InterviewSlotBody,
  type InterviewSlotSeriesBody,
} from '@portal/shared/domain/schemas/interview-slots';
import { Link, useParams } from '@portal/shared/router';
import { PageSkeleton, PageTitle, LoadError, timeZoneName } from '@portal/shared/ui';
import { deleteSlot, publishSlot, publishSlotSeries, updateSlot, useInterviewSlots } from '../../api/interviews';
import { useStaffSummaries } from '../../api/staff';
import { dorPaths } from '../../lib/paths';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { countOf } from '@portal/shared/domain/ids/text';

interface SlotDraft {
  start: string;
  minutes: number | null;
  place: string;
  interviewerIds: string[];
  capacity: number | null;
  /** A series over one day: the last slot ends by `until` (a time that day), `gap` minutes apart. */
  series: boolean;
  until: string;
  gap: number | null;
}

const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;
const ITEM_STYLE = { padding: '12px 0', borderBottom: '1px solid #f0f0f0' } as const;

const EMPTY: SlotDraft = {
  start: '',
  minutes: 30,
  place: '',
  interviewerIds: [],
  capacity: 1,
  series: false,
  until: '',
  gap: 10,
};

/** A slot as the form edits it: its start as a wall-clock time in the chapter's zone. */
const draftOf = (slot: InterviewSlot, timeZone: string): SlotDraft => ({
  ...EMPTY,
  start: toZonedWallTime(slot.startsAt, timeZone),
  minutes: slot.minutes,
  place: slot.place,
  interviewerIds: slot.interviewerIds,
  capacity: slot.capacity,
});

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

type SlotRequest =
  { kind: 'one'; body: InterviewSlotBody } | { kind: 'series'; body: InterviewSlotSeriesBody; count: number };

/** What the draft sends, or the problem to show: the start (and a series' end) entered in the chapter's zone, sent as UTC. */
function requestOf(draft: SlotDraft, timeZone: string): SlotRequest | { issues: Record<string, string> } {
  const startsAt = fromZonedWallTime(draft.start, timeZone);
  if (!startsAt) return { issues: { startsAt: 'Enter the date and time the interview starts' } };
  const body: InterviewSlotBody = {
    startsAt: startsAt.toISOString(),
    minutes: draft.minutes ?? 0,
    place: draft.place,
    interviewerIds: draft.interviewerIds,
    capacity: draft.capacity ?? 0,
  };
  if (!draft.series) return { kind: 'one', body };
  const endsAt = draft.until ? fromZonedWallTime(`${draft.start.slice(0, 10)}T${draft.until}`, timeZone) : null;
  if (!endsAt) return { issues: { endsAt: 'Enter the time the last slot ends by' } };
  const series = { ...body, endsAt: endsAt.toISOString(), gapMinutes: draft.gap ?? 0 };
  return { kind: 'series', body: series, count: slotSeriesStarts(series).length };
}

/**
 * The slot form: publish one slot or a series over a day (a length, a gap), or (`slot` given)
 * change a slot, whose booked applicants and interviewers are told. After publishing it starts
 * empty again.
 */
function SlotForm({
  formId,
  timeZone,
  slot,
  onDone,
}: {
  formId: string;
  timeZone: string;
  slot?: InterviewSlot;
  onDone?: () => void;
}) {
  const { api } = usePortal();
  const editing = Boolean(slot);
  const [draft, setDraft] = useState<SlotDraft>(() => (slot ? draftOf(slot, timeZone) : EMPTY));
  const [localIssues, setLocalIssues] = useState<Record<string, string>>({});
  const staff = useStaffSummaries(formId, { kind: 'interview' });
  const save = useStaffMutation(
    async (request: SlotRequest) => {
      if (slot) return [await updateSlot(api, formId, slot.id, request.body)];
      if (request.kind === 'series') return (await publishSlotSeries(api, formId, request.body)).items;
      return [await publishSlot(api, formId, request.body)];
    },
    {
      success: (slots) =>
        slot
          ? `Slot changed: ${formatDateTime(slots[0]!.startsAt, timeZone)}${slot.bookings.length > 0 ? '. Those who booked it are told.' : ''}`
          : slots.length === 1
            ? `Slot published: ${formatDateTime(slots[0]!.startsAt, timeZone)}`
            : `${slots.length} slots published: ${formatDateTime(slots[0]!.startsAt, timeZone)} to ${formatDateTime(slots[slots.length - 1]!.startsAt, timeZone)}`,
      onSuccess: () => {
        setDraft(EMPTY);
        onDone?.();
      },
      onError: (error) => Object.keys(fieldIssues(error)).length > 0,
    },
  );
  const issues = { ...fieldIssues(save.error), ...localIssues };
  const status = (field: string) => (issues[field] ? { validateStatus: 'error' as const, help: issues[field] } : {});
  const request = requestOf(draft, timeZone);
  const count = 'kind' in request && request.kind === 'series' ? request.count : null;
  const id = (field: string) => (slot ? `slot-${slot.id}-${field}` : `slot-${field}`);

  const submit = () => {
    if ('issues' in request) {
      setLocalIssues(request.issues);
      return;
    }
    setLocalIssues({});
    save.mutate(request);
  };

  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false}>
      <Flex gap={16} wrap>
        <Form.Item
          label={`Starts (${timeZoneName(timeZone)})`}
          htmlFor={id('start')}
          style={{ minWidth: 220 }}
          {...status('startsAt')}
        >
          <Input
            id={id('start')}
            type="datetime-local"
            value={draft.start}
            onChange={(event) => setDraft({ ...draft, start: event.target.value })}
          />
        </Form.Item>
        <Form.Item label="Length (minutes)" htmlFor={id('minutes')} {...status('minutes')}>
          <InputNumber
            id={id('minutes')}
            min={5}
            max={240}
            step={5}
            value={draft.minutes}
            onChange={(minutes) => setDraft({ ...draft, minutes })}
          />
        </Form.Item>
        <Form.Item label="Seats" htmlFor={id('capacity')} {...status('capacity')}>
          <InputNumber
            id={id('capacity')}
            min={1}
            max={50}
            value={draft.capacity}
            onChange={(capacity) => setDraft({ ...draft, capacity })}
          />
        </Form.Item>
      </Flex>
      {!editing && (
        <Flex gap={16} wrap align="end">
          <Form.Item>
            <Checkbox checked={draft.series} onChange={(event) => setDraft({ ...draft, series: event.target.checked })}>
              Make a series that day
            </Checkbox>
          </Form.Item>
          {draft.series && (
            <>
              <Form.Item label="Last slot ends by" htmlFor={id('until')} {...status('endsAt')}>
                <Input
                  id={id('until')}
                  type="time"
                  value={draft.until}
                  onChange={(event) => setDraft({ ...draft, until: event.target.value })}
                />
              </Form.Item>
              <Form.Item label="Gap between slots (minutes)" htmlFor={id('gap')} {...status('gapMinutes')}>
                <InputNumber
                  id={id('gap')}
                  min={0}
                  max={240}
                  step={5}
                  value={draft.gap}
                  onChange={(gap) => setDraft({ ...draft, gap })}
                />
              </Form.Item>
            </>
          )}
        </Flex>
      )}
      <Form.Item label="Place or video link" htmlFor={id('place')} {...status('place')}>
        <Input
          id={id('place')}
          placeholder="Room 101, or https://meet.example.com/…"
          value={draft.place}
          onChange={(event) => setDraft({ ...draft, place: event.target.value })}
        />
      </Form.Item>
      <Form.Item label="Interviewers" htmlFor={id('interviewers')} {...status('interviewerIds')}>
        <Select
          id={id('interviewers')}
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
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={count === 0}>
          {editing ? 'Save slot' : count !== null ? `Publish ${countOf(count, 'slot')}` : 'Publish slot'}
        </Button>
        {editing && <Button onClick={onDone}>Cancel</Button>}
      </Flex>
    </Form>
  );
}

/** The publish card. */
function PublishSlot({ formId, timeZone }: { formId: string; timeZone: string }) {
  return (
    <Card size="small" title="Publish a slot">
      <SlotForm formId={formId} timeZone={timeZone} />
    </Card>
  );
}

function SlotItem({ slot, formId, timeZone }: { slot: InterviewSlot; formId: string; timeZone: string }) {
  const { api } = usePortal();
  const remove = useStaffMutation(() => deleteSlot(api, formId, slot.id), { success: () => 'Slot deleted' });
  const [editing, setEditing] = useState(false);
  const taken = slot.bookings.length;
  const when = formatDateTime(slot.startsAt, timeZone);
  if (editing) {
    return (
      <li style={ITEM_STYLE} aria-label={`Change the slot of ${when}`}>
        {taken > 0 && (
          <Alert
            type="info"
            style={{ marginBottom: 12 }}
            title={`${countOf(taken, 'applicant')} booked this slot: a change of its time, length, place or interviewers is emailed to them and to the interviewers.`}
          />
        )}
        <SlotForm formId={formId} timeZone={timeZone} slot={slot} onDone={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li style={ITEM_STYLE}>
      <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }}>
        <Flex justify="space-between" align="start" gap={8} wrap>
          <Typography.Text strong>{when}</Typography.Text>
          <Tag color={taken >= slot.capacity ? 'red' : taken > 0 ? 'blue' : 'default'}>
            {`${taken} of ${countOf(slot.capacity, 'seat')} taken`}
          </Tag>
        </Flex>
        <Typography.Text
          style={{ overflowWrap: 'anywhere' }}
        >{`${slot.minutes} minutes · ${slot.place}`}</Typography.Text>
        <Typography.Text type="secondary">{`With ${slot.interviewerNames.join(', ')}`}</Typography.Text>
        {taken > 0 && (
          <Typography.Text>
            {'Booked by: '}
            {slot.bookings.map((booking, index) => (
              <span key={booking.userId}>
                {index > 0 && ', '}
                <Link to={dorPaths.application(formId, booking.responseId)}>{booking.applicantName}</Link>
              </span>
            ))}
          </Typography.Text>
        )}
        <Flex gap={8}>
          <Button size="small" aria-label={`Edit the slot of ${when}`} onClick={() => setEditing(true)}>
            Edit
          </Button>
          {taken === 0 && (
            <Popconfirm
              title="Delete this slot?"
              description={when}
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(undefined)}
            >
              <Button size="small" danger loading={remove.isPending}>
                Delete slot
              </Button>
            </Popconfirm>
          )}
        </Flex>
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
        <Typography.Text type="secondary">{`${form.data.semester} · times in ${timeZoneName(timeZone)}`}</Typography.Text>
      </div>
      <Alert
        type="info"
        showIcon
        title={
          <span>
            {`Invited applicants (a role qualified, or an interviewer assigned) book one slot, and can move or cancel it until ${countOf(cutoff, 'hour')} before it starts. `}
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

import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Popconfirm, Spin, Tag, Typography } from 'antd';
import { usePortal, useTimeZone } from '@portal/shared/client';
import { MESSAGE_KIND_LABELS, type MessageKind } from '@portal/shared/domain/ids/placeholders';
import { countOf } from '@portal/shared/domain/ids/text';
import { formatDateTime, toZonedWallTime, fromZonedWallTime } from '@portal/shared/domain/rules/dates';
import {
  cancelScheduledRelease,
  scheduleRelease,
  useReleaseDryRun,
  useReleaseSchedule,
} from '../../api/release-schedule';
import { timeZoneName } from '@portal/shared/ui';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/**
 * The release's schedule, for the super-reviewer: a time entered and shown in the chapter's zone
 * (the form's, else the build's), stored in UTC; move or cancel it; a scheduled release that
 * failed its check says why. The dry run says whether the release could happen now and how many
 * emails of each kind it would send.
 */
export function ReleaseScheduleCard({ formId, timeZone }: { formId: string; timeZone?: string }) {
  const { api } = usePortal();
  const zone = useTimeZone(timeZone);
  const schedule = useReleaseSchedule(formId);
  const [wallTime, setWallTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dryRunAsked, setDryRunAsked] = useState(false);
  const [picking, setPicking] = useState(false);
  const dryRun = useReleaseDryRun(formId, dryRunAsked);
  const save = useStaffMutation((at: string) => scheduleRelease(api, formId, at), {
    success: (answer) => `Release scheduled for ${formatDateTime(answer.schedule!.at, zone)}`,
    onSuccess: () => {
      setWallTime('');
      setPicking(false);
    },
  });
  const cancel = useStaffMutation(() => cancelScheduledRelease(api, formId), {
    success: () => 'Scheduled release cancelled',
    onSuccess: () => setPicking(false),
  });
  const current = schedule.data?.schedule ?? null;
  const scheduled = current?.state === 'scheduled' ? current : null;
  // With nothing scheduled the card is one line, so the dashboard's table stays near the top; the
  // time field opens on "Pick a time", and stays open while a release is scheduled (to move it) or
  // after a scheduled release failed (to schedule it again).
  const formOpen = picking || current !== null;
  const dryRunButton = (
    <Button onClick={() => (dryRunAsked ? void dryRun.refetch() : setDryRunAsked(true))} loading={dryRun.isFetching}>
      Dry run
    </Button>
  );

  const submit = () => {
    const at = fromZonedWallTime(wallTime, zone);
    if (!at) {
      setError('Enter a date and a time');
      return;
    }
    if (at.getTime() <= Date.now()) {
      setError('Choose a time in the future');
      return;
    }
    setError(null);
    save.mutate(at.toISOString());
  };

  return (
    <Card size="small" title="Scheduled release" role="region" aria-label="Scheduled release">
      <Flex vertical gap={12}>
        {schedule.isPending ? (
          <Spin size="small" aria-label="Loading the schedule" />
        ) : schedule.isError ? (
          <Alert type="error" showIcon title={`The schedule could not be loaded: ${schedule.error.message}`} />
        ) : scheduled ? (
          <Flex gap={8} align="center" wrap>
            <Tag color="blue">Scheduled</Tag>
            <Typography.Text>
              Decisions will be released on <strong>{formatDateTime(scheduled.at, zone)}</strong> (scheduled by{' '}
              {scheduled.scheduledByName}).
            </Typography.Text>
            <Popconfirm
              title="Cancel the scheduled release?"
              okText="Cancel the release"
              cancelText="Keep it"
              onConfirm={() => cancel.mutate(undefined)}
            >
              <Button danger loading={cancel.isPending}>
                Cancel
              </Button>
            </Popconfirm>
          </Flex>
        ) : (
          <Flex gap={8} align="center" wrap>
            <Typography.Text type="secondary">
              No release is scheduled. Release with the button, or pick a time.
            </Typography.Text>
            {!formOpen && (
              <>
                <Button type="primary" ghost onClick={() => setPicking(true)}>
                  Pick a time
                </Button>
                {dryRunButton}
              </>
            )}
          </Flex>
        )}
        {current?.state === 'failed' && (
          <Alert
            type="error"
            showIcon
            title={`The release scheduled for ${formatDateTime(current.at, zone)} did not happen`}
            description={`${current.reason ?? ''}. Nothing was released; schedule it again once that is resolved.`}
          />
        )}
        {formOpen && (
          <Form layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
            <Form.Item
              label={`${scheduled ? 'Move the release to' : 'Release on'} (${timeZoneName(zone)})`}
              htmlFor={`release-at-${formId}`}
              validateStatus={error ? 'error' : undefined}
              help={error ?? `Date and time in ${timeZoneName(zone)}; shown with its zone.`}
            >
              <Flex gap={8} wrap>
                <Input
                  id={`release-at-${formId}`}
                  type="datetime-local"
                  value={wallTime}
                  min={toZonedWallTime(new Date(), zone)}
                  onChange={(event) => setWallTime(event.target.value)}
                  style={{ width: 220 }}
                />
                <Button htmlType="submit" type="primary" loading={save.isPending} disabled={!wallTime}>
                  {scheduled ? 'Move' : 'Schedule'}
                </Button>
                {picking && !current && <Button onClick={() => setPicking(false)}>Close</Button>}
              </Flex>
            </Form.Item>
          </Form>
        )}
        <Flex vertical gap={8}>
          {formOpen && <div>{dryRunButton}</div>}
          {dryRun.isError && <Alert type="error" showIcon title={dryRun.error.message} />}
          {dryRun.data && (
            <Descriptions size="small" column={1} bordered aria-label="Dry run" style={{ maxWidth: 520 }}>
              <Descriptions.Item label="Can release now">
                {dryRun.data.guardPasses ? (
                  <Tag color="green">Yes</Tag>
                ) : dryRun.data.released ? (
                  <Tag>Already released</Tag>
                ) : (
                  <Tag color="red">
                    {`No: ${countOf(dryRun.data.undecided.rows, 'undecided role application')} from ${countOf(dryRun.data.undecided.applicants, 'applicant')}`}
                  </Tag>
                )}
              </Descriptions.Item>
              {(Object.entries(dryRun.data.messages) as [MessageKind, number][]).map(([kind, count]) => (
                <Descriptions.Item key={kind} label={`${MESSAGE_KIND_LABELS[kind]} emails`}>
                  {count}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

import { useState } from 'react';
import { Button, Descriptions, Flex, Form, Input, Tag } from 'antd';
import { usePortal } from '@portal/shared/client';
import { MESSAGE_KIND_LABELS, type MessageKind } from '@portal/shared/domain/ids/placeholders';
import { countOf } from '@portal/shared/domain/ids/text';
import { formatDateTime, fromZonedWallTime, toZonedWallTime } from '@portal/shared/domain/rules/dates';
import type { ReleaseDryRun } from '@portal/shared/domain/schemas/release-schedule';
import { timeZoneName } from '@portal/shared/ui';
import { scheduleRelease } from '../../api/release-schedule';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/**
 * The release's time (release-schedule-card.tsx), shown once the card's time field opens: entered
 * in the chapter's zone, sent in UTC; `moving` a release already scheduled. `onClose`, if given,
 * draws "Close".
 */
export function ReleaseTimeForm({
  formId,
  zone,
  moving,
  onScheduled,
  onClose,
}: {
  formId: string;
  zone: string;
  moving: boolean;
  onScheduled: () => void;
  onClose?: () => void;
}) {
  const { api } = usePortal();
  const [wallTime, setWallTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useStaffMutation((at: string) => scheduleRelease(api, formId, at), {
    success: (answer) => `Release scheduled for ${formatDateTime(answer.schedule!.at, zone)}`,
    onSuccess: () => {
      setWallTime('');
      onScheduled();
    },
  });

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
    <Form layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
      <Form.Item
        label={`${moving ? 'Move the release to' : 'Release on'} (${timeZoneName(zone)})`}
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
            {moving ? 'Move' : 'Schedule'}
          </Button>
          {onClose && <Button onClick={onClose}>Close</Button>}
        </Flex>
      </Form.Item>
    </Form>
  );
}

/** The dry run's answer (release-schedule-card.tsx): whether the release could happen now, and its emails of each kind. */
export function DryRunResult({ dryRun }: { dryRun: ReleaseDryRun }) {
  return (
    <Descriptions size="small" column={1} bordered aria-label="Dry run" style={{ maxWidth: 520 }}>
      <Descriptions.Item label="Can release now">
        {dryRun.guardPasses ? (
          <Tag color="green">Yes</Tag>
        ) : dryRun.released ? (
          <Tag>Already released</Tag>
        ) : (
          <Tag color="red">
            {`No: ${countOf(dryRun.undecided.rows, 'undecided role application')} from ${countOf(dryRun.undecided.applicants, 'applicant')}`}
          </Tag>
        )}
      </Descriptions.Item>
      {(Object.entries(dryRun.messages) as [MessageKind, number][]).map(([kind, count]) => (
        <Descriptions.Item key={kind} label={`${MESSAGE_KIND_LABELS[kind]} emails`}>
          {count}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

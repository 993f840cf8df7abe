import { useState } from 'react';
import { Alert, Button, Card, Flex, Popconfirm, Spin, Tag, Typography } from 'antd';
import { usePortal, useTimeZone } from '@portal/shared/client';
import { formatDateTime } from '@portal/shared/domain/rules/dates';
import { cancelScheduledRelease, useReleaseDryRun, useReleaseSchedule } from '../../api/release-schedule';
import { lazyDialog } from '@portal/shared/ui';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** Loaded when the time field opens (a spinner meanwhile): antd's Form comes with it. */
const ReleaseTimeForm = lazyDialog(
  () => import('./release-schedule-parts'),
  'ReleaseTimeForm',
  () => <Spin size="small" />,
);
/** Loaded when the dry run is asked for: antd's Descriptions come with it. */
const DryRunResult = lazyDialog(() => import('./release-schedule-parts'), 'DryRunResult');

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
  const [dryRunAsked, setDryRunAsked] = useState(false);
  const [picking, setPicking] = useState(false);
  const dryRun = useReleaseDryRun(formId, dryRunAsked);
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
    <Button
      onClick={() => {
        // Its answer's code is fetched while the server answers.
        void DryRunResult.preload();
        if (dryRunAsked) void dryRun.refetch();
        else setDryRunAsked(true);
      }}
      loading={dryRun.isFetching}
    >
      Dry run
    </Button>
  );

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
          <ReleaseTimeForm
            formId={formId}
            zone={zone}
            moving={scheduled !== null}
            onScheduled={() => setPicking(false)}
            onClose={picking && !current ? () => setPicking(false) : undefined}
          />
        )}
        <Flex vertical gap={8}>
          {formOpen && <div>{dryRunButton}</div>}
          {dryRun.isError && <Alert type="error" showIcon title={dryRun.error.message} />}
          {dryRun.data && <DryRunResult dryRun={dryRun.data} />}
        </Flex>
      </Flex>
    </Card>
  );
}

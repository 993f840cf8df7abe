import { useState } from 'react';
import { Button, DatePicker, type DatePickerProps, Flex, Space, Typography } from 'antd';
import { usePortal, useTimeZone } from '@portal/shared/client';
import { fromZonedWallTime } from '@portal/shared/domain/rules/dates';
import type { FormSummary } from '@portal/shared/domain/rules/staff';
import { DateTime, timeZoneName } from '@portal/shared/ui';
import { saveDueDate } from '../../api/forms';
import { useStaffMutation } from '../../lib/use-staff-mutation';

type PickedDate = Exclude<NonNullable<DatePickerProps['value']>, readonly unknown[]>;

/** The picker's date and time as a wall-clock time ("2026-03-08T09:30"), whatever zone the browser is in. */
const WALL_TIME_FORMAT = 'YYYY-MM-DDTHH:mm';

/**
 * A form's due date (the portal's date format, in the form's zone), and a picker to move it: the
 * time picked is the wall-clock time of the form's zone (as in the form builder), named beside it.
 */
export function DueDateEditor({ form }: { form: FormSummary }) {
  const { api } = usePortal();
  const zone = useTimeZone(form.timeZone);
  const [picked, setPicked] = useState<PickedDate | null>(null);
  const save = useStaffMutation((dueDate: string) => saveDueDate(api, form.id, { dueDate }), {
    success: () => 'Due date saved.',
    onSuccess: () => setPicked(null),
  });
  const dueDate = picked && fromZonedWallTime(picked.format(WALL_TIME_FORMAT), zone);
  return (
    <Flex vertical gap={4}>
      <Typography.Text>
        <DateTime value={form.dueDate} timeZone={zone} />
      </Typography.Text>
      <Space.Compact>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          // "Now" would be the browser's wall-clock time, not the form zone's.
          showNow={false}
          format="YYYY-MM-DD HH:mm"
          aria-label={`New due date for ${form.semester} (${timeZoneName(zone)})`}
          placeholder="New due date"
          value={picked}
          onChange={(value) => setPicked(value)}
        />
        <Button
          disabled={!dueDate}
          loading={save.isPending}
          onClick={() => dueDate && save.mutate(dueDate.toISOString())}
        >
          Save
        </Button>
      </Space.Compact>
      <Typography.Text type="secondary">Times in {timeZoneName(zone)}</Typography.Text>
    </Flex>
  );
}

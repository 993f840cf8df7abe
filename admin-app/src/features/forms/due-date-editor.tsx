import { useState } from 'react';
import { Button, DatePicker, type DatePickerProps, Flex, Space, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import type { FormSummary } from '@portal/shared/domain';
import { DateTime } from '@portal/shared/ui';
import { saveDueDate } from '../../api/forms';
import { useStaffMutation } from '../../lib/use-staff-mutation';

type PickedDate = Exclude<NonNullable<DatePickerProps['value']>, readonly unknown[]>;

/** A form's due date (the portal's date format, naming the zone), and a picker to move it. */
export function DueDateEditor({ form }: { form: FormSummary }) {
  const { api } = usePortal();
  const [picked, setPicked] = useState<PickedDate | null>(null);
  const save = useStaffMutation((dueDate: string) => saveDueDate(api, form.id, { dueDate }), {
    success: () => 'Due date saved!',
    onSuccess: () => setPicked(null),
  });
  return (
    <Flex vertical gap={4}>
      <Typography.Text>
        <DateTime value={form.dueDate} />
      </Typography.Text>
      <Space.Compact>
        <DatePicker
          showTime
          aria-label={`New due date for ${form.semester}`}
          placeholder="New due date"
          value={picked}
          onChange={(value) => setPicked(value)}
        />
        <Button disabled={!picked} loading={save.isPending} onClick={() => picked && save.mutate(picked.toISOString())}>
          Save
        </Button>
      </Space.Compact>
    </Flex>
  );
}

import { Button, Popconfirm } from 'antd';
import { usePortal } from '@portal/shared/client';
import { releaseDecisions } from '../../api/rows';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** POST /admin/forms/{formId}/release; the server refuses (409) while rows are undecided. */
export function ReleaseButton({ formId }: { formId: string }) {
  const { api } = usePortal();
  const release = useStaffMutation(() => releaseDecisions(api, formId), { success: () => 'Decisions released!' });
  return (
    <Popconfirm
      title="Release decisions to applicants?"
      description="Every applicant will see their decision."
      okText="Release"
      onConfirm={() => release.mutate(undefined)}
    >
      <Button type="primary" loading={release.isPending}>
        Release decisions
      </Button>
    </Popconfirm>
  );
}

import { Button, Popconfirm } from 'antd';
import { isApiRefusal, usePortal } from '@portal/shared/client';
import { releaseDecisions } from '../../api/rows';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** POST /admin/forms/{formId}/release; the server refuses (409) while rows are undecided. */
export function ReleaseButton({
  formId,
  released,
  onBlocked,
}: {
  formId: string;
  released: boolean;
  /** The server's refusal while rows are undecided (reason `undecided`): the page shows it with a link. */
  onBlocked: (message: string | null) => void;
}) {
  const { api } = usePortal();
  const release = useStaffMutation(() => releaseDecisions(api, formId), {
    success: () => 'Decisions released.',
    onSuccess: () => onBlocked(null),
    onError: (error) => {
      if (!isApiRefusal(error, 'undecided')) return false;
      onBlocked(error.message);
      return true;
    },
  });
  if (released) {
    return (
      <Button type="primary" disabled>
        Decisions released
      </Button>
    );
  }
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

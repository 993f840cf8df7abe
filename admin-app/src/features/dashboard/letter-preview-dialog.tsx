import { Alert, Button, Modal } from 'antd';
import { DecisionLetter, LoadError, PageSkeleton, useRoleLabel } from '@portal/shared/ui';
import { useLetterPreview } from '../../api/rows';
import type { DecidedRow } from './change-decision-texts';

/** The dialog of a row's "Preview letter" (letter-preview.tsx): the letter, as the applicant's decision page shows it. */
export function LetterPreviewDialog({ row, onClose }: { row: DecidedRow; onClose: () => void }) {
  const roleLabel = useRoleLabel();
  const preview = useLetterPreview(row.responseId, row.role, true);
  const renderBody = () => {
    if (preview.isPending) return <PageSkeleton label="Loading the letter" />;
    if (preview.isError) {
      return (
        <LoadError
          title="The letter could not be loaded."
          error={preview.error}
          onRetry={() => void preview.refetch()}
        />
      );
    }
    return (
      <>
        {!preview.data.letter && (
          <Alert
            type="info"
            showIcon
            title="This form has no letter for this decision and role: the applicant reads the standard text."
          />
        )}
        <DecisionLetter role={preview.data.role} decision={preview.data.decision} letter={preview.data.letter} />
      </>
    );
  };
  return (
    <Modal
      open
      title={`Letter to ${row.applicantName} · ${roleLabel(row.role)}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      width={760}
    >
      {renderBody()}
    </Modal>
  );
}

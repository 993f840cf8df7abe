import { useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import type { FinalDecision } from '@portal/shared/domain/ids/constants';
import type { ApplicationRowView } from '@portal/shared/domain/rules/application-row';
import { DecisionLetter, LoadError, PageSkeleton, useRoleLabel } from '@portal/shared/ui';
import { useLetterPreview } from '../../api/rows';

/**
 * A row's "Preview letter" action: the letter its applicant will read once decisions are
 * released, for the row's current decision, exactly as their decision page shows it.
 */
export function LetterPreviewButton({ row }: { row: ApplicationRowView & { decision: FinalDecision } }) {
  const roleLabel = useRoleLabel();
  const [open, setOpen] = useState(false);
  const preview = useLetterPreview(row.responseId, row.role, open);
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
    <>
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 0 }}
        aria-label={`Preview letter to ${row.applicantName} for ${roleLabel(row.role)}`}
        onClick={() => setOpen(true)}
      >
        Preview letter
      </Button>
      <Modal
        open={open}
        title={`Letter to ${row.applicantName} · ${roleLabel(row.role)}`}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>Close</Button>}
        width={760}
        destroyOnHidden
      >
        {renderBody()}
      </Modal>
    </>
  );
}

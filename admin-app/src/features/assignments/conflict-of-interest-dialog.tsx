import { Modal } from 'antd';

/** The server's question when the staff member chosen declared a conflict of interest with the applicant. */
export function ConflictOfInterestDialog({
  message,
  assigning,
  onConfirm,
  onCancel,
}: {
  message: string;
  assigning: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open
      title="Conflict of interest"
      okText="Assign anyway"
      confirmLoading={assigning}
      onOk={onConfirm}
      onCancel={onCancel}
    >
      {message}
    </Modal>
  );
}

import { Button, Modal, Typography } from 'antd';

export const UNSAVED_TITLE = 'Your last changes are not saved';

/** Log out found changes it could not save: stay (the save keeps retrying) or log out without them. */
export function UnsavedChangesDialog({ onStay, onDiscard }: { onStay: () => void; onDiscard: () => void }) {
  return (
    <Modal
      open
      title={UNSAVED_TITLE}
      onCancel={onStay}
      footer={[
        <Button key="discard" danger onClick={onDiscard}>
          Log out and discard them
        </Button>,
        <Button key="stay" type="primary" onClick={onStay}>
          Stay and retry
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        They could not be saved: the server cannot be reached. Stay, and they are saved as soon as it can be. If you log
        out now, they are discarded from this device.
      </Typography.Paragraph>
    </Modal>
  );
}

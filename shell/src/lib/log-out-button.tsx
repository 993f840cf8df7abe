import { useState } from 'react';
import { Button, Modal, Typography, type ButtonProps } from 'antd';
import { pendingSaves } from '@portal/shared/client';
import { useSignOut } from './identity/use-identity';

export const UNSAVED_TITLE = 'Your last changes are not saved';

/**
 * Log out, after saving what any open editor still has pending: if that cannot reach the
 * server, the user chooses to stay (the save keeps retrying) or to log out without it.
 */
export function LogOutButton(props: Omit<ButtonProps, 'onClick' | 'loading'>) {
  const signOut = useSignOut();
  const [state, setState] = useState<'idle' | 'saving' | 'unsaved'>('idle');

  const logOut = async () => {
    setState('saving');
    if (!(await pendingSaves.flushAll())) {
      setState('unsaved');
      return;
    }
    setState('idle');
    await signOut();
  };
  const stay = () => {
    setState('idle');
    void pendingSaves.flushAll();
  };
  const discard = async () => {
    pendingSaves.discardAll();
    setState('idle');
    await signOut();
  };

  return (
    <>
      <Button {...props} loading={state === 'saving'} onClick={() => void logOut()}>
        Log out
      </Button>
      <Modal
        open={state === 'unsaved'}
        title={UNSAVED_TITLE}
        onCancel={stay}
        footer={[
          <Button key="discard" danger onClick={() => void discard()}>
            Log out and discard them
          </Button>,
          <Button key="stay" type="primary" onClick={stay}>
            Stay and retry
          </Button>,
        ]}
      >
        <Typography.Paragraph>
          They could not be saved: the server cannot be reached. Stay, and they are saved as soon as it can be. If you
          log out now, they are discarded from this device.
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
